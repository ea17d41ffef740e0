import { badRequest, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import type { ActionDef, ResourceDef } from '../model/index.js';
import { StaleVersionError, fullRecord, getRecord, updateRecord, visibleRecord, type Caller, type EngineContext } from './records.js';
import { noHooks } from './lifecycle.js';

/**
 * A named workflow transition: allowed only from its states (422 naming the state otherwise, and
 * nothing written), with a reason where the action needs one; the action's own `before` handlers
 * may refuse or name another end state, its `after` handlers run once the state has changed. The
 * state change is written to the history under the action's name.
 */
export async function runAction(
  ctx: EngineContext,
  tx: Queryable,
  def: ResourceDef,
  caller: Caller,
  id: string,
  name: string,
  action: ActionDef,
  body: { reason?: string | undefined; version?: number | undefined },
) {
  const visible = await getRecord(ctx, tx, def, caller, id);
  if (!visible) throw notFound(`No such ${def.singular.toLowerCase()}`);
  const current = (await fullRecord(ctx, tx, def, id, true))!;
  if (body.version !== undefined && body.version !== current.version) throw new StaleVersionError(visibleRecord(def, caller.auth, current));
  const status = String(current[def.statusField!] ?? '');
  if (!action.from.includes(status)) {
    throw unprocessable(`${action.label} is not possible while the ${def.singular.toLowerCase()} is ${status.replace(/_/g, ' ')}.`);
  }
  const reason = body.reason?.trim() || null;
  if (action.reason === 'required' && !reason) throw badRequest('Validation failed', [{ field: 'reason', message: 'Give a reason' }]);
  const hooks = ctx.lifecycle?.of(def.name) ?? noHooks();
  const override = await hooks.actionBefore(name, tx, id, current, caller, reason);
  const to = override.to ?? action.to;
  const record = await updateRecord(ctx, tx, def, caller, id, { ...override.values, [def.statusField!]: to }, { ignoreVersion: true, allowReadOnly: true, action: name, reason });
  await hooks.actionAfter(name, tx, id, record, caller, reason);
  return record;
}
