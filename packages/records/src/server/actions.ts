import { badRequest, notFound, unprocessable, type Queryable } from '@propdesk/server-kit';
import { actionApplies, type ActionDef, type ResourceDef } from '../model/index.js';
import { StaleVersionError, assertVisible, lockedRecord, unchangedSince, updateRecord, visibleRecord, type Caller, type EngineContext } from './records.js';
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
  await assertVisible(ctx, tx, def, caller, id);
  const locked = await lockedRecord(ctx, tx, def, id);
  if (!locked) throw notFound(`No such ${def.singular.toLowerCase()}`);
  const current = locked.record;
  if (body.version !== undefined && body.version !== current.version) throw new StaleVersionError(visibleRecord(def, caller.auth, current));
  const status = String(current[def.statusField!] ?? '');
  if (!action.from.includes(status)) {
    throw unprocessable(`${action.label} is not possible while the ${def.singular.toLowerCase()} is ${status.replace(/_/g, ' ')}.`);
  }
  if (!actionApplies(def, action, current)) throw unprocessable(`${action.label} is not possible: ${action.when?.otherwise ?? `the ${def.singular.toLowerCase()} does not allow it now`}.`);
  const reason = body.reason?.trim() || null;
  if (action.reason === 'required' && !reason) throw badRequest('Validation failed', [{ field: 'reason', message: 'Give a reason' }]);
  const hooks = ctx.lifecycle?.of(def.name) ?? noHooks();
  const override = await hooks.actionBefore(name, tx, id, current, caller, reason);
  const to = override.to ?? action.to;
  // The state change starts from the read above unless the handlers changed the row meanwhile (then it is read again).
  const still = (await unchangedSince(tx, def, id, locked.ctid)) ? { locked: current } : {};
  const record = await updateRecord(ctx, tx, def, caller, id, { ...override.values, [def.statusField!]: to }, { ignoreVersion: true, allowReadOnly: true, action: name, reason, ...still });
  await hooks.actionAfter(name, tx, id, record, caller, reason);
  return record;
}
