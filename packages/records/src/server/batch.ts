import { randomUUID } from 'node:crypto';
import { HttpError, badRequest, notFound, type Queryable, type RequestAuth, text } from '@propdesk/server-kit';
import { recordsCatalog, thingOf } from './i18n/catalog.js';
import { sql } from 'kysely';
import { columnOf, createSchema, hasActive, isTextKind, labelFieldOf, recordLink, ruleErrors, type FieldDef, type FieldError, type RecordRow, type ResourceDef } from '../model/index.js';
import { assertEditableState, assertNotArchived, type Rollup, type UpdatedRow } from './lifecycle.js';
import { noteChanges } from './changes.js';
import { reserveDocumentNumbers } from './numbering.js';
import {
  FULL_ACCESS,
  StaleVersionError,
  assertParentEditable,
  checkPicks,
  checkProtectedWrites,
  createdIn,
  diff,
  fillNumberLater,
  flushRollups,
  forgetMemos,
  hooksOf,
  markRollups,
  parentOf,
  pendingRollups,
  readScope,
  same,
  toRecord,
  visibleRecord,
  withSavepoint,
  type Caller,
  type EngineContext,
} from './records.js';
import { selectRecords, whereSql } from './select.js';
import { qb, run } from './sql.js';

/**
 * The engine's set-based writes (issue 17): `createMany` and `updateMany` do for a batch of records
 * what `createRecord` and `updateRecord` do for one — the definition's checks, numbering, version
 * and one history row per record naming its source, action and reason, roll-ups marked — in a
 * number of statements that does not grow with the batch. All or nothing: every row is checked
 * before anything is written, and the first refused row is named by its index (`rows.3.amount`).
 *
 * Hooks: `updateMany` runs every update hook (a contribution's `afterUpdateMany` when it has one,
 * else its `afterUpdate` row by row), so nothing a hook does is lost. `createMany` cannot run a
 * resource's create hooks for it (they compute columns from each row): a resource with create hooks
 * is refused unless the caller passes `hooks: 'caller'`, saying it does their work for the batch.
 */

/**
 * One record of `createMany`: its field values (checked as a create body) and columns a workflow sets
 * (as a `beforeCreate` hook's). A workflow writing on someone's behalf may name them as `created_by`
 * (a bulk publish makes each reservation its EOI's agent's); the history still names the caller.
 */
export type NewRow = { values: Record<string, unknown>; columns?: Record<string, unknown> };

export type CreateManyOptions = {
  /** The history's action (default 'create') and reason. */
  action?: string;
  reason?: string | null;
  /** The resource's create hooks are done by the caller for the batch. */
  hooks?: 'caller';
  /** A workflow's own write: not held to a parent document's editable states nor to references' `pickWhere`. */
  workflow?: boolean;
};

/** One record of `updateMany`: its id, the values to set, the hooks' extra, and (optionally) its own reason and the version read. */
export type ChangeRow = { id: string; values: Record<string, unknown>; extra?: Record<string, unknown>; reason?: string | null; version?: number };

export type UpdateManyOptions = {
  /** The history's action (default 'update') and reason (a row's own reason wins). */
  action?: string;
  reason?: string | null;
  /** A workflow's own write (a state change, an effect): may set read-only fields, not held to the editable states. */
  allowReadOnly?: boolean;
};

const rowField = (index: number, field: string) => `rows.${index}.${field}`;
const rowError = (index: number, problems: readonly FieldError[]) =>
  badRequest(
    `Validation failed (row ${index})`,
    problems.map((problem) => ({ ...problem, field: rowField(index, problem.field) })),
  );

/** A column's value as `jsonb_populate_recordset` takes it: JSON fields as their value, the rest as for a parameter. */
function jsonValue(field: FieldDef | undefined, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (field?.kind === 'json') return value;
  return value;
}

/** Rows grouped by the columns they set (a column a row leaves out keeps its default, not null). */
function byColumns(rows: readonly Record<string, unknown>[]) {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, members]) => ({ columns: key.split(','), rows: members }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The records with these ids, every field and label, in the order of `ids` (`lock`: with their row locks, taken in id order). */
export async function readMany(ctx: EngineContext, tx: Queryable, def: ResourceDef, ids: readonly string[], lock = false): Promise<Map<string, RecordRow>> {
  let query = selectRecords(ctx.registry, def, FULL_ACCESS as RequestAuth, { joinAll: true }).where(sql`t.id = any(${[...ids]}::uuid[])` as never);
  if (lock) query = query.orderBy(sql`t.id` as never).forUpdate('t' as never);
  const rows = await run(tx, query);
  return new Map(rows.map((row) => {
    const record = toRecord(def, row);
    return [record.id, record];
  }));
}

/** One history row per record, in one statement. */
export async function writeHistoryMany(tx: Queryable, def: ResourceDef, caller: Caller, action: string, entries: readonly { id: string; changes: unknown; reason: string | null }[]) {
  forgetMemos(tx, def.name);
  if (entries.length === 0) return;
  // One JSON parameter (not arrays of JSON text, which the driver would escape element by element), in row order.
  await tx.query(
    `insert into record_history (resource, record_id, actor_id, source, action, changes, reason, request_id, ip)
     select $1, r.id, $2, $3, $4, r.changes, r.reason, $5, $6 from rows from (jsonb_to_recordset($7::jsonb) as (id uuid, changes jsonb, reason text)) with ordinality as r(id, changes, reason, n) order by r.n`,
    [def.name, caller.auth?.userId ?? null, caller.source, action, caller.requestId ?? null, caller.ip ?? null, JSON.stringify(entries.map((entry) => ({ id: entry.id, changes: entry.changes, reason: entry.reason })))],
  );
  for (const entry of entries) fillNumberLater(tx, entry.reason, { table: 'record_history', column: 'reason', keyColumn: 'record_id', key: entry.id });
}

/**
 * Unique values of a batch: two rows of the batch with the same value, or a row with a value another
 * record holds, is a 409 naming the row and (for the latter) the record, as `createRecord`'s.
 */
async function checkUnique(ctx: EngineContext, tx: Queryable, def: ResourceDef, rows: readonly { index: number; id: string; merged: Record<string, unknown> }[], only: (name: string, index: number) => boolean = () => true) {
  const batchIds = rows.map((row) => row.id);
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.unique) continue;
    const scope = Array.isArray(field.unique) ? field.unique : [];
    const text = isTextKind(field.kind);
    const keyOf = (values: Record<string, unknown>) => JSON.stringify([text ? String(values[name]).toLowerCase() : String(values[name]), ...scope.map((other) => values[other] ?? null)]);
    const seen = new Map<string, number>();
    const wanted: { index: number; key: string; value: unknown }[] = [];
    for (const row of rows) {
      const value = row.merged[name];
      if (value === undefined || value === null || value === '' || !only(name, row.index)) continue;
      const key = keyOf(row.merged);
      const first = seen.get(key);
      const label = field.label.toLowerCase();
      if (first !== undefined) {
        throw new HttpError(409, `Rows ${first} and ${row.index} of the batch have the same ${label}: ${String(value)}.`, { errors: [{ field: rowField(row.index, name), message: `Same as row ${first}` }] });
      }
      seen.set(key, row.index);
      wanted.push({ index: row.index, key, value });
    }
    if (wanted.length === 0) continue;
    const column = quote(columnOf(name, field));
    const labelName = labelFieldOf(def);
    const scopeColumns = scope.map((other) => `${quote(columnOf(other, def.fields[other]))}::text as ${quote(`s_${other}`)}`);
    const found = await tx.query<Record<string, unknown> & { id: string; label: string | null; value: string }>(
      `select t.id::text as id, t.${quote(columnOf(labelName, def.fields[labelName]))}::text as label, t.${column}::text as value${scopeColumns.map((part) => `, t.${part}`).join('')}
         from ${quote(def.table)} as t
        where ${text ? `lower(t.${column}) = any($1::text[])` : `t.${column}::text = any($1::text[])`} and not (t.id = any($2::uuid[]))`,
      [wanted.map((item) => (text ? String(item.value).toLowerCase() : String(item.value))), batchIds],
    );
    const holders = new Map<string, { id: string; label: string | null }>();
    for (const row of found.rows) {
      const values: Record<string, unknown> = { [name]: row.value };
      for (const other of scope) values[other] = row[`s_${other}`] ?? null;
      holders.set(keyOf(values), row);
    }
    const byIndex = new Map(rows.map((row) => [row.index, row.merged]));
    for (const item of wanted) {
      // Scope values compare as text, as read back.
      const merged = byIndex.get(item.index)!;
      const key = JSON.stringify([text ? String(item.value).toLowerCase() : String(item.value), ...scope.map((other) => (merged[other] === null || merged[other] === undefined ? null : String(merged[other])))]);
      const holder = holders.get(key);
      if (!holder) continue;
      const label = holder.label ?? holder.id;
      const link = def.route ? recordLink(def.route, holder.id) : undefined;
      throw new HttpError(409, `Row ${item.index}: a ${def.singular.toLowerCase()} with this ${field.label.toLowerCase()} already exists: ${label}.`, {
        errors: [{ field: rowField(item.index, name), message: `Already used by ${label}`, ...(link ? { link } : {}) }],
      });
    }
  }
}

/** References that point nowhere: a 400 naming the first such row and field. */
async function checkReferences(ctx: EngineContext, tx: Queryable, def: ResourceDef, rows: readonly Record<string, unknown>[]) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'reference' || !field.ref) continue;
    const ids = [...new Set(rows.map((values) => values[name]).filter((value): value is string => typeof value === 'string'))];
    if (ids.length === 0) continue;
    const target = ctx.registry.get(field.ref);
    const found = await tx.query<{ id: string }>(`select id::text as id from ${quote(target.table)} where id = any($1::uuid[])`, [ids]);
    const known = new Set(found.rows.map((row) => row.id));
    const index = rows.findIndex((values) => typeof values[name] === 'string' && !known.has(values[name] as string));
    if (index >= 0) throw rowError(index, [{ field: name, message: `No such ${target.singular.toLowerCase()}` }]);
  }
}

/**
 * Creates many records of one resource in one transaction: every row checked first (the create
 * body's schema and rule, references, unique values within the batch and against the table), then
 * consecutive document numbers reserved at once, one multi-row INSERT, one read back, and one history
 * row per record (action `create`, the caller's source, the reason). Answers the records in row order.
 */
export async function createMany(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, batch: readonly NewRow[], options: CreateManyOptions = {}): Promise<RecordRow[]> {
  if (batch.length === 0) return [];
  const hooks = hooksOf(ctx, def);
  if (hooks.hasCreateHooks && options.hooks !== 'caller') throw new Error(`createMany(${def.name}): the resource has create hooks; do their work for the batch and pass hooks: 'caller'`);
  const schema = createSchema(def);
  const link = parentOf(ctx.registry, def);
  const checked: Record<string, unknown>[] = [];
  for (const [index, row] of batch.entries()) {
    checkProtectedWrites(def, caller, row.values);
    const parsed = schema.safeParse(row.values);
    if (!parsed.success) throw rowError(index, parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message })));
    const values = Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([, value]) => value !== undefined));
    checked.push(values);
  }
  if (!options.workflow && caller.source !== 'system') {
    for (const [index, values] of checked.entries()) {
      try {
        if (link) await assertParentEditable(ctx, tx, def, values[link.field]);
        await checkPicks(ctx, tx, def, values, null);
      } catch (error) {
        if (error instanceof HttpError) error.message = `Row ${index}: ${error.message}`;
        throw error;
      }
    }
  }
  await checkReferences(ctx, tx, def, checked);
  const numbers = def.numbering ? await reserveDocumentNumbers(tx, def.numbering.prefix, new Date().getUTCFullYear(), batch.length) : [];
  const userId = caller.auth?.userId ?? null;
  const ids = batch.map(() => randomUUID());
  const rows = checked.map((values, index) => {
    const row: Record<string, unknown> = { id: ids[index] };
    for (const [name, value] of Object.entries(values)) {
      if (name === 'active' && hasActive(def)) row.active = value;
      const field = def.fields[name];
      if (field) row[columnOf(name, field)] = jsonValue(field, value);
    }
    if (def.numbering) row[columnOf(def.numbering.field)] = numbers[index];
    Object.assign(row, batch[index]!.columns ?? {});
    row.created_by = typeof row.created_by === 'string' ? row.created_by : userId;
    row.modified_by = userId;
    return row;
  });
  // Unique values as stored (the numbers reserved, the columns set), by field name.
  const stored = rows.map((row, index) => {
    const merged: Record<string, unknown> = { ...checked[index] };
    for (const [name, field] of Object.entries(def.fields)) if (merged[name] === undefined && row[columnOf(name, field)] !== undefined) merged[name] = row[columnOf(name, field)];
    return { index, id: ids[index]!, merged };
  });
  await checkUnique(ctx, tx, def, stored);
  await withSavepoint(tx, async () => {
    for (const group of byColumns(rows)) {
      const columns = group.columns.map(quote).join(', ');
      await tx.query(`insert into ${quote(def.table)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${quote(def.table)}, $1::jsonb)`, [JSON.stringify(group.rows)]);
    }
  });
  const written = await readMany(ctx, tx, def, ids);
  const records = ids.map((id) => written.get(id)!);
  await writeHistoryMany(tx, def, caller, options.action ?? 'create', records.map((record) => ({ id: record.id, changes: diff(def, null, record), reason: options.reason ?? null })));
  await noteChanges(ctx, tx, def.name, caller, 'create', records);
  if (ctx.lifecycle) {
    const created = createdIn.get(tx) ?? new Set<string>();
    for (const id of ids) created.add(`${def.name}:${id}`);
    createdIn.set(tx, created);
  }
  for (const record of records) markRollups(ctx, tx, def, caller, null, record);
  return records;
}

type InternalUpdate = UpdateManyOptions & {
  /** Values completing records created in this transaction: folded into their creation's history entry, same version. */
  fold?: boolean;
  /** The records as just read with their row locks. */
  locked?: ReadonlyMap<string, RecordRow>;
};

/**
 * Changes many records of one resource in one transaction: their row locks in one statement (in id
 * order, so two batches cannot deadlock), every row checked first (state, rule, unique values), one
 * UPDATE per set of columns written, one read back, one history row per record (action, source,
 * the row's reason or the batch's), versions bumped; the update hooks run (batched where they can),
 * and roll-ups are marked. Answers the records in row order.
 */
export async function updateMany(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, batch: readonly ChangeRow[], options: UpdateManyOptions = {}): Promise<RecordRow[]> {
  return writeMany(ctx, tx, def, caller, batch, options);
}

/** 404 naming the first of `ids` (by its position) that the caller's row scope does not reach; nothing to check without a scope. */
export async function assertAllVisible(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, ids: readonly string[]): Promise<void> {
  const scope = readScope(ctx, def, caller.auth);
  if (scope === null) return;
  const visible = await run<{ id: string }>(tx, qb.selectFrom(`${def.table} as t`).select(sql`t.id::text`.as('id') as never).where(whereSql(def, { where: null, ids, scope }) as never));
  const seen = new Set(visible.map((row) => row.id));
  const index = ids.findIndex((id) => !seen.has(id));
  if (index >= 0) throw notFound(text(recordsCatalog, 'noSuchRow', { thing: thingOf(def), row: String(index) }));
}

async function writeMany(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, batch: readonly ChangeRow[], options: InternalUpdate): Promise<RecordRow[]> {
  if (batch.length === 0) return [];
  const ids = batch.map((row) => row.id);
  if (new Set(ids).size !== ids.length) throw new Error(`updateMany(${def.name}): a record appears twice in the batch`);
  for (const row of batch) checkProtectedWrites(def, caller, row.values);
  await assertAllVisible(ctx, tx, def, caller, ids);
  const locked = options.locked ?? (await readMany(ctx, tx, def, ids, true));
  const hooks = hooksOf(ctx, def);
  const link = parentOf(ctx.registry, def);
  const prepared: { index: number; id: string; before: RecordRow; values: Record<string, unknown>; computed: Record<string, unknown>; merged: Record<string, unknown> }[] = [];
  for (const [index, row] of batch.entries()) {
    const before = locked.get(row.id);
    if (!before) throw notFound(text(recordsCatalog, 'noSuchRow', { thing: thingOf(def), row: String(index) }));
    if (row.version !== undefined && before.version !== row.version) throw new StaleVersionError(visibleRecord(def, caller.auth, before));
    const values = { ...row.values };
    try {
      assertNotArchived(def, before);
      if (!options.allowReadOnly && caller.source !== 'system') {
        assertEditableState(def, before);
        if (link) await assertParentEditable(ctx, tx, def, before[link.field]);
        await checkPicks(ctx, tx, def, values, before);
      }
      const computed = options.fold ? {} : await hooks.beforeUpdate(tx, row.id, values, before, caller);
      Object.assign(values, computed);
      const merged = { ...before, ...values };
      const problems = ruleErrors(def, merged);
      if (problems.length > 0) throw rowError(index, problems);
      prepared.push({ index, id: row.id, before, values, computed, merged });
    } catch (error) {
      if (error instanceof HttpError && !error.message.startsWith('Validation failed (row')) error.message = `Row ${index}: ${error.message}`;
      throw error;
    }
  }
  // Only unique values (or their scopes) a row changes can clash.
  const touched = new Map(prepared.map((row) => [row.index, new Set(Object.keys(row.values).filter((name) => row.values[name] !== undefined && !same(row.before[name], row.values[name])))]));
  await checkUnique(ctx, tx, def, prepared, (name, index) => {
    const set = touched.get(index)!;
    const field = def.fields[name]!;
    return set.has(name) || (Array.isArray(field.unique) && field.unique.some((other) => set.has(other)));
  });
  const userId = caller.auth?.userId ?? null;
  const sets = prepared.map((row) => {
    const set: Record<string, unknown> = { id: row.id };
    for (const [name, value] of Object.entries(row.values)) {
      if (value === undefined) continue;
      if (name === 'active' && hasActive(def)) set.active = value;
      const field = def.fields[name];
      if (!field || (field.readOnly && !options.allowReadOnly && !Object.hasOwn(row.computed, name))) continue;
      set[columnOf(name, field)] = jsonValue(field, value);
    }
    return set;
  });
  await withSavepoint(tx, async () => {
    for (const group of byColumns(sets)) {
      const assigned = group.columns.filter((column) => column !== 'id').map((column) => `${quote(column)} = v.${quote(column)}`);
      if (!options.fold) assigned.push('version = t.version + 1', 'modified_on = now()', 'modified_by = $2');
      if (assigned.length === 0) continue;
      await tx.query(
        `update ${quote(def.table)} as t set ${assigned.join(', ')} from jsonb_populate_recordset(null::${quote(def.table)}, $1::jsonb) as v where t.id = v.id`,
        options.fold ? [JSON.stringify(group.rows)] : [JSON.stringify(group.rows), userId],
      );
    }
  });
  const written = await readMany(ctx, tx, def, ids);
  const action = options.action ?? 'update';
  const updated: UpdatedRow[] = prepared.map((row) => {
    const after = written.get(row.id)!;
    const reason = batch[row.index]!.reason ?? options.reason ?? null;
    return { id: row.id, extra: batch[row.index]!.extra ?? {}, changes: { before: row.before, after, action: options.action, ...(options.fold ? {} : { history: { action, reason } }) } };
  });
  if (options.fold) {
    forgetMemos(tx, def.name);
    await tx.query(
      `update record_history h set changes = h.changes || v.changes
         from jsonb_to_recordset($2::jsonb) as v(id uuid, changes jsonb)
        where h.id = (select max(x.id) from record_history x where x.resource = $1 and x.record_id = v.id and x.action = 'create')`,
      [
        def.name,
        JSON.stringify(
          updated.map((row) => ({
            id: row.id,
            changes: Object.fromEntries(Object.entries(diff(def, row.changes.before as RecordRow, row.changes.after as RecordRow)).map(([name, change]) => [name, { ...change, before: null }])),
          })),
        ),
      ],
    );
  } else {
    await writeHistoryMany(
      tx,
      def,
      caller,
      action,
      updated.map((row) => ({ id: row.id, changes: diff(def, row.changes.before as RecordRow, row.changes.after as RecordRow), reason: row.changes.history?.reason ?? null })),
    );
    await noteChanges(ctx, tx, def.name, caller, 'update', [...written.values()]);
  }
  const hooksRan = await hooks.afterUpdateMany(tx, updated, caller);
  for (const row of updated) markRollups(ctx, tx, def, caller, row.changes.before, row.changes.after);
  // A hook may have written the rows again: answer with what is stored.
  const hooked = hooksRan ? await readMany(ctx, tx, def, ids) : written;
  return ids.map((id) => hooked.get(id) ?? written.get(id)!);
}

/**
 * Settles the transaction's pending roll-ups: those whose roll-up can compute many targets at once
 * (`computeMany`) in a few statements per roll-up (targets read with their locks, values computed,
 * what changed written with `updateMany`, folded into the creation of records made in this
 * transaction as `flushRollups` does); the rest through `flushRollups`, one target at a time.
 */
export async function settleRollups(ctx: EngineContext, tx: Queryable) {
  for (let round = 0; round < 10; round += 1) {
    const pending = pendingRollups.get(tx);
    if (!pending || pending.size === 0) return;
    const groups = new Map<Rollup, { caller: Caller; targets: string[] }>();
    for (const [key, entry] of pending) {
      if (!entry.rollup.computeMany) continue;
      pending.delete(key);
      const group = groups.get(entry.rollup) ?? { caller: entry.caller, targets: [] };
      group.targets.push(entry.targetId);
      groups.set(entry.rollup, group);
    }
    if (groups.size === 0) return flushRollups(ctx, tx);
    for (const [rollup, { caller, targets }] of groups) {
      const target = ctx.registry.get(rollup.target);
      const current = await readMany(ctx, tx, target, targets, true);
      const values = await rollup.computeMany!(tx, [...current.keys()]);
      const created = createdIn.get(tx) ?? new Set<string>();
      const folded: ChangeRow[] = [];
      const changed: ChangeRow[] = [];
      for (const [id, record] of current) {
        const next = values.get(id) ?? {};
        const change = Object.fromEntries(Object.entries(next).filter(([name, value]) => !same(record[name], value)));
        if (Object.keys(change).length === 0) continue;
        (created.has(`${target.name}:${id}`) ? folded : changed).push({ id, values: change });
      }
      const options = { action: rollup.label ?? 'rollup', allowReadOnly: true, locked: current };
      await writeMany(ctx, tx, target, caller, folded, { ...options, fold: true });
      await writeMany(ctx, tx, target, caller, changed, options);
    }
  }
  throw new Error('Roll-ups did not settle after 10 rounds (a cycle between kept values?)');
}
