import { HttpError, notFound, type Queryable, text } from '@propdesk/server-kit';
import { columnOf, hasActive, type RecordRow, type ResourceDef } from '../model/index.js';
import { assertAllVisible, readMany, writeHistoryMany } from './batch.js';
import { noteChanges } from './changes.js';
import { mapDatabaseError } from './errors.js';
import { recordsCatalog, thingOf } from './i18n/catalog.js';
import { assertEditableState, assertNotArchived } from './lifecycle.js';
import { assertDeletableState, diff, hooksOf, markRollups, withSavepoint, type Caller, type EngineContext } from './records.js';

export type DeleteManyOptions = {
  /** The history's action (default 'delete') and reason. */
  action?: string;
  reason?: string | null;
  /** A workflow's own write (a parent's code removing its internal rows): not held to the editable states. */
  workflow?: boolean;
};

/**
 * Deletes many records of one resource in one transaction, as `deleteRecord` does one, in a number of
 * statements that does not grow with the set: their row locks and values in one read, every row
 * checked first (archived, editable or deletable state), the delete hooks run row by row (none for
 * most), one DELETE, one history row per record (action `delete`, the caller's source, the reason),
 * roll-ups marked. The internal children of the deleted records go first, the same way. It deletes
 * for good: a resource that is only ever deactivated, or a document with lines, is refused (use
 * `deleteRecord`), and a record something else still refers to fails the whole set with a 409.
 * Answers the records as they were, in the order of `ids`.
 */
export async function deleteMany(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, ids: readonly string[], options: DeleteManyOptions = {}): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) throw new Error(`deleteMany(${def.name}): a record appears twice in the set`);
  if ((def.deactivateOnly && hasActive(def)) || def.singleton || def.children) throw new Error(`deleteMany(${def.name}): its records are deleted one by one (deleteRecord)`);
  await assertAllVisible(ctx, tx, def, caller, ids);
  const locked = await readMany(ctx, tx, def, ids, true);
  const hooks = hooksOf(ctx, def);
  const records: RecordRow[] = [];
  for (const [index, id] of ids.entries()) {
    const before = locked.get(id);
    if (!before) throw notFound(text(recordsCatalog, 'noSuchRow', { thing: thingOf(def), row: String(index) }));
    try {
      assertNotArchived(def, before);
      if (!options.workflow && caller.source !== 'system') {
        if (def.deletableStates) assertDeletableState(def, before);
        else assertEditableState(def, before, 'delete');
      }
      await hooks.beforeDelete(tx, id, caller);
    } catch (error) {
      if (error instanceof HttpError) error.message = `Row ${index}: ${error.message}`;
      throw error;
    }
    records.push(before);
  }
  try {
    await withSavepoint(tx, async () => {
      await deleteInternalChildren(ctx, tx, def, caller, ids);
      await tx.query(`delete from "${def.table}" where id = any($1::uuid[])`, [[...ids]]);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new HttpError(409, text(recordsCatalog, 'inUse', { thing: thingOf(def) }));
    throw mapDatabaseError(def, error) ?? error;
  }
  const reason = options.reason ?? null;
  await writeHistoryMany(tx, def, caller, options.action ?? 'delete', records.map((before) => ({ id: before.id, changes: diff(def, before, { ...before, active: false } as RecordRow), reason })));
  await noteChanges(ctx, tx, def.name, caller, 'delete', records.map((before) => ({ id: before.id })));
  for (const before of records) {
    await hooks.afterDelete(tx, before.id, before, caller);
    markRollups(ctx, tx, def, caller, before, null);
  }
  return records;
}

/**
 * The internal children of these records (a role's grants), deleted through the engine with their
 * history, as the records themselves are about to be: called inside the savepoint of the parents'
 * delete, so a parent that stays (still referred to) keeps them.
 */
export async function deleteInternalChildren(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, ids: readonly string[]): Promise<void> {
  for (const [child, parentField] of ctx.registry.internalChildren(def.name)) {
    const column = columnOf(parentField, child.fields[parentField]);
    const rows = await tx.query<{ id: string }>(`select id::text as id from "${child.table}" where "${column}" = any($1::uuid[]) order by id`, [[...ids]]);
    await deleteMany(ctx, tx, child, caller, rows.rows.map((row) => row.id), { workflow: true });
  }
}
