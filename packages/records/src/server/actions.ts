import { badRequest, fieldError, notFound, text, unprocessable, type Queryable, type Word } from '@propdesk/server-kit';
import { definitionWord, recordsCatalog, thingOf } from './i18n/catalog.js';
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
  if (!locked) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
  const current = locked.record;
  if (body.version !== undefined && body.version !== current.version) throw new StaleVersionError(visibleRecord(def, caller.auth, current));
  const status = String(current[def.statusField!] ?? '');
  if (!action.from.includes(status)) {
    const state = definitionWord(def, `fields.${def.statusField!}.options.${status}`, status.replace(/_/g, ' '));
    throw unprocessable(text(recordsCatalog, 'actionNotInState', { action: actionWord(def, action), thing: thingOf(def), status: state }));
  }
  if (!actionApplies(def, action, current)) {
    const why = action.when?.otherwise;
    throw unprocessable(
      why
        ? text(recordsCatalog, 'actionRefused', { action: actionWord(def, action), why: definitionWord(def, `actions.${actionName(def, action)}.otherwise`, why) })
        : text(recordsCatalog, 'actionNotNow', { action: actionWord(def, action), thing: thingOf(def) }),
    );
  }
  const reason = body.reason?.trim() || null;
  if (action.reason === 'required' && !reason) throw badRequest('Validation failed', [fieldError('reason', text(recordsCatalog, 'giveReason'))]);
  const hooks = ctx.lifecycle?.of(def.name) ?? noHooks();
  const override = await hooks.actionBefore(name, tx, id, current, caller, reason);
  const to = override.to ?? action.to;
  // The state change starts from the read above unless the handlers changed the row meanwhile (then it is read again).
  const still = (await unchangedSince(tx, def, id, locked.ctid)) ? { locked: current } : {};
  const record = await updateRecord(ctx, tx, def, caller, id, { ...override.values, [def.statusField!]: to }, { ignoreVersion: true, allowReadOnly: true, action: name, reason, ...still });
  await hooks.actionAfter(name, tx, id, record, caller, reason);
  return record;
}

/** An action's name in its definition (the key of its words). */
function actionName(def: ResourceDef, action: ActionDef): string {
  return Object.entries(def.actions ?? {}).find(([, candidate]) => candidate === action)?.[0] ?? '';
}

/** `{action}`: an action's label, in the caller's language when the definition's words have it. */
function actionWord(def: ResourceDef, action: ActionDef): Word {
  return definitionWord(def, `actions.${actionName(def, action)}.label`, action.label);
}
