import { randomUUID } from 'node:crypto';
import { HttpError, accessDenied, badRequest, fieldError, isTransaction, lastBeforeCommit, notFound, withCommit, text, type Database, type FieldError, type Queryable, type RequestAuth } from '@propdesk/server-kit';
import { sql, type RawBuilder } from 'kysely';
import { fieldWord, recordsCatalog, thingOf } from './i18n/catalog.js';
import {
  columnOf,
  deletableIn,
  hasActive,
  isTextKind,
  labelFieldOf,
  recordLink,
  ruleErrors,
  type FieldDef,
  type FieldChange,
  type HistoryEntry,
  type PickMatch,
  type RecordRow,
  type Registry,
  type ResourceDef,
  type SortTerm,
  type Usage,
} from '../model/index.js';
import { isUniqueViolation, mapDatabaseError, uniqueField } from './errors.js';
import { deleteInternalChildren } from './batchDelete.js';
import { noteChanges, type ChangeObserver, type ChangePublisher } from './changes.js';
import { assertEditableState, assertNotArchived, noHooks, type Lifecycle, type Rollup } from './lifecycle.js';
import { advanceRead, readsIn, rememberRead } from './known.js';
import { nextDocumentNumber } from './numbering.js';
import { matchSql } from './options.js';
import { orderSql, readableFields, selectRecords, whereSql, type ListCriteria } from './select.js';
import { qb, run } from './sql.js';

/**
 * Where a change came from, as its history row names it: a person's screen, an import, the API, a
 * workflow action's side effect (an award's orders, a receipt's installments), a timed job, or the
 * server itself (demo data, data migrations).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChangeSource = 'screen' | 'import' | 'api' | 'action' | 'job' | 'system';

/** Who is changing what, from where: written to the record's history. */
export type Caller = {
  auth: RequestAuth | null;
  source: ChangeSource;
  requestId?: string | undefined;
  ip?: string | undefined;
};

export type EngineContext = {
  db: Database;
  registry: Registry;
  /** A row filter per resource (e.g. which leads an agent may see), applied to every read. */
  rowScope?: ((def: ResourceDef, auth: RequestAuth | null) => RawBuilder<unknown> | null) | undefined;
  /** Every domain's hooks, action handlers and roll-ups; run on every write through the engine. */
  lifecycle?: Lifecycle | undefined;
  /** Publishes a transaction's "record changed" event before it commits (`changes.ts`); none: nothing is published. */
  publishChanges?: ChangePublisher | undefined;
  /** Told of every engine write as it is noted (`changes.ts`), inside its transaction (webhook events, issue 27). */
  observeChanges?: ChangeObserver | undefined;
};

const hooksOf = (ctx: EngineContext, def: ResourceDef) => ctx.lifecycle?.of(def.name) ?? noHooks();

/** The caller of a write made as a side effect of another (an action's effects, a roll-up). */
export const effectOf = (caller: Caller): Caller => (caller.source === 'job' || caller.source === 'system' ? caller : { ...caller, source: 'action' });

const parents = new WeakMap<Registry, Map<string, { parent: ResourceDef; field: string }>>();

/** The document a line resource belongs to (the resource listing it in `children`), if any. */
export function parentOf(registry: Registry, def: ResourceDef): { parent: ResourceDef; field: string } | undefined {
  let map = parents.get(registry);
  if (!map) {
    map = new Map();
    for (const parent of registry.resources) for (const child of Object.values(parent.children ?? {})) map.set(child.resource, { parent, field: child.parentField });
    parents.set(registry, map);
  }
  return map.get(def.name);
}

/**
 * A reference with `pickWhere` takes only records that meet it (a quotation's request must be approved
 * and open for ordering), and one with `pickMatch` only a record that agrees with the form's other field
 * (a unit of the chosen project): a person's choice of another is a 400 on the field, before anything is
 * written. A match is checked again when either side changes.
 */
async function checkPicks(ctx: EngineContext, tx: Queryable, def: ResourceDef, values: Record<string, unknown>, before: Record<string, unknown> | null) {
  const problems: FieldError[] = [];
  const changed = (name: string) => values[name] !== undefined && !(before && before[name] === values[name]);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'reference' || !field.ref) continue;
    const value = values[name] !== undefined ? values[name] : before?.[name];
    if (typeof value !== 'string') continue;
    const target = ctx.registry.get(field.ref);
    if (field.pickWhere && changed(name)) {
      const parts = Object.entries(field.pickWhere).map(([key, allowed]) => sql`${sql.ref(`t.${columnOf(key, target.fields[key])}`)}::text = any(${[...allowed]}::text[])`);
      const rows = await run<{ ok: boolean }>(tx, qb.selectFrom(`${target.table} as t`).select(sql<boolean>`${sql.join(parts, sql` and `)}`.as('ok') as never).where(sql`t.id = ${value}::uuid` as never));
      if (rows[0] && !rows[0].ok) problems.push(field.pickMessage ? { field: name, message: field.pickMessage } : fieldError(name, text(recordsCatalog, 'cannotBeChosen', { thing: thingOf(target) })));
    }
    const match = field.pickMatch;
    if (!match || (!changed(name) && !changed(match.field))) continue;
    const source = values[match.field] !== undefined ? values[match.field] : before?.[match.field];
    if (typeof source !== 'string' || !UUID.test(source)) continue;
    const rows = await run<{ ok: boolean }>(tx, qb.selectFrom(`${target.table} as t`).select(sql<boolean>`${matchSql(ctx.registry, def, target, match, source)}`.as('ok') as never).where(sql`t.id = ${value}::uuid` as never));
    if (rows[0] && !rows[0].ok) problems.push({ field: name, message: match.message ?? mismatchText(ctx, def, target, match) });
  }
  if (problems.length > 0) throw badRequest('Validation failed', problems);
}

/** "Choose one of the units of the chosen project", "Choose one of the payment plans of the unit’s project". */
function mismatchText(ctx: EngineContext, def: ResourceDef, target: ResourceDef, match: PickMatch): string {
  const source = def.fields[match.field]!;
  const nouns = target.label.toLowerCase();
  if (!match.through) return `Choose one of the ${nouns} of the chosen ${source.label.toLowerCase()}`;
  const via = ctx.registry.get(source.ref!).fields[match.through]!;
  return `Choose one of the ${nouns} of the ${source.label.toLowerCase()}’s ${via.label.toLowerCase()}`;
}

/** A line changes only while its document may: the parent's editable states, checked before writing. */
async function assertParentEditable(ctx: EngineContext, tx: Queryable, def: ResourceDef, parentId: unknown) {
  const link = parentOf(ctx.registry, def);
  if (!link?.parent.editableStates || !link.parent.statusField || typeof parentId !== 'string') return;
  const status = columnOf(link.parent.statusField, link.parent.fields[link.parent.statusField]);
  const rows = await tx.query<{ status: string | null }>(`select "${status}" as status from "${link.parent.table}" where id = $1 for update`, [parentId]);
  if (rows.rows[0]) assertEditableState(link.parent, { [link.parent.statusField]: rows.rows[0].status });
}

type Memo = { dependsOn: readonly string[]; value: Promise<unknown> };
const memos = new WeakMap<Queryable, Map<string, Memo>>();

/**
 * A value read once per transaction (a project's rules, a caller's authority), for work that repeats
 * per record (a bulk publish's reservations). Forgotten as soon as the transaction writes one of the
 * resources it depends on through the engine, so a transaction never sees it stale.
 */
export function memoized<T>(tx: Queryable, key: string, dependsOn: readonly string[], load: () => Promise<T>): Promise<T> {
  // Only within a transaction: the database itself answers every read afresh.
  if ('transaction' in tx) return load();
  let map = memos.get(tx);
  if (!map) {
    map = new Map();
    memos.set(tx, map);
  }
  const found = map.get(key);
  if (found) return found.value as Promise<T>;
  const value = load();
  const entry = { dependsOn, value };
  map.set(key, entry);
  // A failed read is not kept.
  value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return value;
}

function forgetMemos(tx: Queryable, resource: string) {
  const map = memos.get(tx);
  if (!map) return;
  for (const [key, memo] of map) if (memo.dependsOn.includes(resource)) map.delete(key);
}

type PendingRollup = { rollup: Rollup; targetId: string; caller: Caller };
const pendingRollups = new WeakMap<Queryable, Map<string, PendingRollup>>();
/** Records created in a transaction (`resource:id`): their first kept values belong to their creation. */
const createdIn = new WeakMap<Queryable, Set<string>>();

/** Marks the roll-ups a write to `def` feeds, for the targets it pointed to before and after. */
function markRollups(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const rollups = ctx.lifecycle?.rollupsFrom(def.name) ?? [];
  if (rollups.length === 0) return;
  let pending = pendingRollups.get(tx);
  if (!pending) {
    pending = new Map();
    pendingRollups.set(tx, pending);
  }
  for (const rollup of rollups) {
    for (const target of new Set([before?.[rollup.via], after?.[rollup.via]])) {
      if (typeof target !== 'string') continue;
      const key = `${rollup.target}:${rollup.source}:${rollup.via}:${target}`;
      if (!pending.has(key)) pending.set(key, { rollup, targetId: target, caller: effectOf(caller) });
    }
  }
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
/** Equal values, decimals compared as numbers written exactly ('2.0000' is '2'). */
const same = (a: unknown, b: unknown) => {
  const norm = (value: unknown) =>
    typeof value === 'number' || (typeof value === 'string' && DECIMAL_TEXT.test(value)) ? trimDecimal(String(value).includes('.') ? String(value) : `${String(value)}.0`) : value;
  return JSON.stringify(norm(a) ?? null) === JSON.stringify(norm(b) ?? null);
};

/**
 * Recomputes the roll-ups the transaction's writes marked and writes what changed through the
 * engine (so a kept total has its version and history like any change). A roll-up's write may mark
 * others (a line's total, then its document's); they are flushed in turn.
 */
export async function flushRollups(ctx: EngineContext, tx: Queryable) {
  for (let round = 0; round < 10; round += 1) {
    const pending = pendingRollups.get(tx);
    if (!pending || pending.size === 0) return;
    pendingRollups.delete(tx);
    for (const { rollup, targetId, caller } of pending.values()) {
      const target = ctx.registry.get(rollup.target);
      // Locked now: the write below takes this read as its `before` instead of reading it again.
      const current = await fullRecord(ctx, tx, target, targetId, true);
      if (!current) continue;
      const values = await rollup.compute(tx, targetId);
      const changed = Object.fromEntries(Object.entries(values).filter(([name, value]) => !same(current[name], value)));
      if (Object.keys(changed).length === 0) continue;
      // A document created in this transaction gets its totals as part of its creation (one history entry).
      const foldIntoCreate = createdIn.get(tx)?.has(`${target.name}:${targetId}`) ?? false;
      await updateRecord(ctx, tx, target, caller, targetId, changed, { ignoreVersion: true, allowReadOnly: true, action: rollup.label ?? 'rollup', foldIntoCreate, locked: current });
    }
  }
  throw new Error('Roll-ups did not settle after 10 rounds (a cycle between kept values?)');
}

/**
 * One transaction of engine writes: the roll-ups they mark are settled before it commits. Routes
 * that write resources (the engine's and the domains') open their transactions with it.
 */
export function engineTransaction<T>(ctx: EngineContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await fn(tx);
    await flushRollups(ctx, tx);
    return result;
  });
}

const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/** A database row as the JSON of api.md: ids as strings, money with two places, dates as ISO text. */
export function toRecord(def: ResourceDef, row: Record<string, unknown>): RecordRow {
  const record: Record<string, unknown> = {};
  const refLabels: Record<string, string | string[] | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith('__label')) {
      refLabels[key.slice(0, -'__label'.length)] = (value as string | string[] | null) ?? null;
      continue;
    }
    const field = def.fields[key];
    if (value instanceof Date) record[key] = value.toISOString();
    else if (field && (field.kind === 'decimal' || field.kind === 'percent') && typeof value === 'string') record[key] = trimDecimal(value);
    else record[key] = value;
  }
  if (!hasActive(def)) delete record.active;
  record.refLabels = refLabels;
  return record as RecordRow;
}

/** A field value as its column value. */
function toColumnValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.kind === 'json') return JSON.stringify(value);
  return value;
}

function readScope(ctx: EngineContext, def: ResourceDef, auth: RequestAuth | null) {
  return ctx.rowScope ? ctx.rowScope(def, auth) : null;
}

/**
 * 404 unless the caller may see the record. Without a row scope for this caller, seeing it is its
 * existence, which the locked read that follows checks: the scoped read is only made where it can
 * differ (one query less per write, for every workflow's side effects).
 */
export async function assertVisible(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, id: string) {
  if (readScope(ctx, def, caller.auth) === null) return;
  if (!(await getRecord(ctx, tx, def, caller, id))) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
}

export type ListOptions = {
  criteria: ListCriteria;
  sort: readonly SortTerm[];
  page: number;
  pageSize: number;
};

/**
 * A list of a big table counts exactly up to this many matches and stops there: an exact count of
 * a million rows reads all of them, the first 1,000 matches only as many rows as it takes to find them.
 */
export const COUNT_CAP = 1_000;
/** Tables smaller than this on disk (about 50,000 rows of a typical resource) are always counted exactly. */
export const EXACT_COUNT_BYTES = 8 * 1024 * 1024;

/** The cap of a page's count on a big table: COUNT_CAP, or further when the page itself lies beyond it. */
export const countCapFor = (page: number, pageSize: number) => Math.max(COUNT_CAP, page * pageSize);

/** `select count(*)` of at most `cap + 1` matching rows. */
export function cappedCountQuery(def: ResourceDef, where: RawBuilder<unknown>, cap: number) {
  const matching = qb
    .selectFrom(`${def.table} as t`)
    .select(sql`1`.as('one'))
    .where(where as never)
    .limit(cap + 1)
    .as('matching');
  return qb.selectFrom(matching).select(sql<number>`count(*)::int`.as('n'));
}

/**
 * The count of a list in one statement: exact when the table is small on disk (its size is
 * always current, unlike the planner's row estimate), else of at most `cap + 1` matching rows
 * (more than `cap` means "more than cap"). Postgres runs only the subquery of the branch taken.
 */
export function countQuery(def: ResourceDef, where: RawBuilder<unknown>, cap: number) {
  const small = sql`pg_relation_size(${def.table}::regclass) < ${EXACT_COUNT_BYTES}`;
  const exact = qb.selectFrom(`${def.table} as t`).select(sql<number>`count(*)::int`.as('n')).where(where as never);
  const capped = cappedCountQuery(def, where, cap);
  return qb.selectNoFrom([sql<number>`case when ${small} then (${exact}) else (${capped}) end`.as('total'), sql<boolean>`${small}`.as('exact')]);
}

/**
 * One page and the total the filters match; paging and sorting happen in SQL. The total is exact
 * up to the cap (`exact`); beyond it, it is the cap and `exact` is false ("more than 1,000").
 */
export async function listRecords(ctx: EngineContext, def: ResourceDef, caller: Caller, options: ListOptions) {
  const criteria = { ...options.criteria, scope: readScope(ctx, def, caller.auth) };
  const where = whereSql(def, criteria);
  const offset = (options.page - 1) * options.pageSize;
  const pageQuery = selectRecords(ctx.registry, def, caller.auth, { sort: options.sort })
    .where(where as never)
    .orderBy(orderSql(ctx.registry, def, options.sort) as never)
    .limit(options.pageSize)
    .offset(offset);
  const cap = countCapFor(options.page, options.pageSize);
  const [rows, counted] = await Promise.all([run(ctx.db, pageQuery), run<{ total: number; exact: boolean }>(ctx.db, countQuery(def, where, cap))]);
  const total = counted[0]?.total ?? 0;
  if (counted[0]?.exact !== false || total <= cap) return { rows: rows.map((row) => toRecord(def, row)), total, exact: true };
  return { rows: rows.map((row) => toRecord(def, row)), total: cap, exact: false };
}

export async function getRecord(ctx: EngineContext, db: Queryable, def: ResourceDef, caller: Caller, id: string, forUpdate = false) {
  const scope = readScope(ctx, def, caller.auth);
  let query = selectRecords(ctx.registry, def, caller.auth).where(whereSql(def, { where: null, ids: [id], scope }) as never);
  if (forUpdate) query = query.forUpdate('t' as never);
  const rows = await run(db, query);
  return rows[0] ? toRecord(def, rows[0]) : null;
}

/** 423 when the body writes a protected field the caller may not update. */
export function checkProtectedWrites(def: ResourceDef, caller: Caller, values: Record<string, unknown>) {
  // The server's own writes (demo data, migrations of data) are not a user's.
  if (caller.source === 'system') return;
  const auth = caller.auth;
  for (const name of Object.keys(values)) {
    const field = def.fields[name];
    if (field?.protected && !(auth?.checker.canField(def.entity, name, 'update') ?? false)) throw accessDenied();
  }
}

/** The record that already holds a unique value, for a 409 that links to it. */
async function findClash(
  ctx: EngineContext,
  db: Queryable,
  def: ResourceDef,
  values: Record<string, unknown>,
  exceptId: string | null,
  only: (name: string, field: FieldDef) => boolean = () => true,
) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.unique || !only(name, field)) continue;
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    const scope = Array.isArray(field.unique) ? field.unique : [];
    const column = sql.ref(`t.${columnOf(name, field)}`);
    const parts = [isTextKind(field.kind) ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}`];
    for (const scopeName of scope) {
      const scopeValue = values[scopeName];
      const scopeColumn = sql.ref(`t.${columnOf(scopeName, def.fields[scopeName])}`);
      parts.push(scopeValue === null || scopeValue === undefined ? sql`${scopeColumn} is null` : sql`${scopeColumn} = ${scopeValue}`);
    }
    if (exceptId) parts.push(sql`t.id <> ${exceptId}::uuid`);
    const labelName = labelFieldOf(def);
    const rows = await run<{ id: string; label: string }>(
      db,
      qb
        .selectFrom(`${def.table} as t`)
        .select([sql`t.id::text`.as('id'), sql`${sql.ref(`t.${columnOf(labelName, def.fields[labelName])}`)}::text`.as('label')])
        .where(sql.join(parts, sql` and `) as never)
        .limit(1),
    );
    if (rows[0]) return { field: name, ...rows[0] };
  }
  return null;
}

function clashError(def: ResourceDef, clash: { field: string; id: string; label: string }) {
  const label = def.fields[clash.field]?.label ?? clash.field;
  const link = def.route ? recordLink(def.route, clash.id) : undefined;
  const field = def.fields[clash.field] ? fieldWord(def, clash.field, true) : { en: label.toLowerCase() };
  return new HttpError(409, text(recordsCatalog, 'alreadyExistsWith', { thing: thingOf(def), field, label: clash.label }), {
    errors: [fieldError(clash.field, text(recordsCatalog, 'alreadyUsedBy', { label: clash.label }), link)],
  });
}

async function writeHistory(
  db: Queryable,
  def: ResourceDef,
  caller: Caller,
  recordId: string,
  action: string,
  changes: Record<string, FieldChange>,
  reason: string | null = null,
) {
  forgetMemos(db, def.name);
  await db.query(
    'insert into record_history (resource, record_id, actor_id, source, action, changes, reason, request_id, ip) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [def.name, recordId, caller.auth?.userId ?? null, caller.source, action, JSON.stringify(changes), reason, caller.requestId ?? null, caller.ip ?? null],
  );
  fillNumberLater(db, reason, { table: 'record_history', column: 'reason', keyColumn: 'record_id', key: recordId });
}

const TRACKED_BASE = ['active'];

function diff(def: ResourceDef, before: RecordRow | null, after: RecordRow) {
  const changes: Record<string, FieldChange> = {};
  for (const name of [...Object.keys(def.fields), ...TRACKED_BASE]) {
    if (!(name in after) && !(before && name in before)) continue;
    const old = before ? (before[name] ?? null) : null;
    const next = after[name] ?? null;
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    const field = def.fields[name];
    changes[name] =
      field?.kind === 'reference' || field?.kind === 'references'
        ? { before: old, after: next, beforeLabel: before?.refLabels[name] ?? null, afterLabel: after.refLabels[name] ?? null }
        : { before: old, after: next };
  }
  return changes;
}

/** Runs `fn` under a savepoint, so a refused statement leaves the surrounding transaction usable. */
export async function withSavepoint<T>(db: Queryable, fn: () => Promise<T>): Promise<T> {
  await db.query('savepoint records_write');
  try {
    const result = await fn();
    await db.query('release savepoint records_write');
    return result;
  } catch (error) {
    await db.query('rollback to savepoint records_write');
    throw error;
  }
}

/** Strips what the caller may not read from a record read with every field. */
export function visibleRecord(def: ResourceDef, auth: RequestAuth | null, record: RecordRow): RecordRow {
  const readable = new Set(readableFields(def, auth).map(([name]) => name));
  const copy: Record<string, unknown> = { ...record, refLabels: { ...record.refLabels } };
  for (const name of Object.keys(def.fields)) {
    if (!readable.has(name)) {
      delete copy[name];
      delete (copy.refLabels as Record<string, unknown>)[name];
    }
  }
  return copy as RecordRow;
}

const FULL_ACCESS: Pick<RequestAuth, 'checker'> = {
  checker: { privileges: [], can: () => true, canField: () => true, canAny: () => true },
};

/** `readWithCtid`'s statement per resource, lock and labels read: its text, built and compiled once (issue 26). */
const ctidReads = new WeakMap<Registry, WeakMap<ResourceDef, Map<string, string>>>();
const CTID_READS_MAX = 200;
const ID_SLOT = '00000000-0000-0000-0000-000000000000';

/**
 * The text of a full read of one record by id (its only parameter, `$1`) with its row's `ctid`: the
 * query `readWithCtid` built and compiled on every read, kept as its text (the same text, so the same
 * prepared statement on PostgreSQL). A statement's text that comes from here is also the same string
 * each time, which the prepared statements' lookup by text no longer hashes again.
 */
function ctidReadSql(registry: Registry, def: ResourceDef, forUpdate: boolean, labels: ReadonlySet<string> | undefined): string {
  let byDef = ctidReads.get(registry);
  if (!byDef) ctidReads.set(registry, (byDef = new WeakMap()));
  let texts = byDef.get(def);
  if (!texts) byDef.set(def, (texts = new Map()));
  const key = `${forUpdate ? 'lock' : 'read'}|${labels ? [...labels].sort().join(',') : '*'}`;
  const known = texts.get(key);
  if (known !== undefined) return known;
  let query = selectRecords(registry, def, FULL_ACCESS as RequestAuth, { labels })
    .select(sql`t.ctid::text`.as('__ctid') as never)
    .where(sql`t.id = ${ID_SLOT}::uuid` as never);
  if (forUpdate) query = query.forUpdate('t' as never);
  const compiled = query.compile();
  if (compiled.parameters.length !== 1 || compiled.parameters[0] !== ID_SLOT) throw new Error(`readWithCtid of ${def.name}: the id is not the read's only parameter`);
  if (texts.size >= CTID_READS_MAX) texts.clear();
  texts.set(key, compiled.sql);
  return compiled.sql;
}

/**
 * A read with every field, for the engine itself (history, rules, conflicts), with the row version's
 * physical address (`ctid`): every UPDATE of the row, by the engine or by raw SQL, makes a new
 * version at another address, so a later `unchangedSince` (or `currentRecords`) tells in one cheap
 * statement whether the read still is the row. Inside a transaction the read is remembered for
 * `currentRecords`.
 */
async function readWithCtid(
  ctx: EngineContext,
  db: Queryable,
  def: ResourceDef,
  id: string,
  forUpdate: boolean,
  options: { labels?: ReadonlySet<string>; changed?: boolean } = {},
): Promise<{ record: RecordRow; ctid: string } | null> {
  // Read already in this transaction and the row still that version (no write since, by the engine
  // or raw SQL: every UPDATE makes a new version): the kept read, for one cheap statement instead of
  // a read with every label (issue 26: a reservation read its records again and again). The lock,
  // when asked for, is taken by that statement. What it cannot see: a label's own record renamed in
  // this transaction since the read (the label is the read's).
  const kept = options.changed ? undefined : readsIn(db, def, [id]).get(id);
  if (kept) {
    const rows = await db.query<{ ctid: string }>(`select ctid::text as ctid from "${def.table}" where id = $1::uuid${forUpdate ? ' for update' : ''}`, [id]);
    if (rows.rows[0]?.ctid === kept.ctid) return { record: { ...kept.record, refLabels: { ...kept.record.refLabels } }, ctid: kept.ctid };
  }
  const rows = (await db.query<Record<string, unknown>>(ctidReadSql(ctx.registry, def, forUpdate, options.labels), [id])).rows;
  if (!rows[0]) return null;
  const { __ctid: ctid, ...row } = rows[0];
  const read = { record: toRecord(def, row), ctid: String(ctid) };
  rememberRead(db, def, read.record, read.ctid);
  return read;
}

async function fullRecord(ctx: EngineContext, db: Queryable, def: ResourceDef, id: string, forUpdate = false) {
  return (await readWithCtid(ctx, db, def, id, forUpdate))?.record ?? null;
}

/** `fullRecord` with its row lock, and its `ctid`. */
const lockedRecord = (ctx: EngineContext, db: Queryable, def: ResourceDef, id: string) => readWithCtid(ctx, db, def, id, true);

async function unchangedSince(db: Queryable, def: ResourceDef, id: string, ctid: string) {
  const rows = await db.query<{ ctid: string }>(`select ctid::text as ctid from "${def.table}" where id = $1`, [id]);
  return rows.rows[0]?.ctid === ctid;
}

/** Of `ids`, the records the engine read in `tx` (every field) whose rows are still the version it read, by id. */
export async function stillAsRead(tx: Queryable, def: ResourceDef, ids: readonly string[]): Promise<Map<string, RecordRow>> {
  const found = new Map<string, RecordRow>();
  const known = readsIn(tx, def, ids);
  if (known.size === 0) return found;
  const rows = await tx.query<{ id: string; ctid: string }>(`select id::text as id, ctid::text as ctid from "${def.table}" where id = any($1::uuid[])`, [[...known.keys()]]);
  for (const row of rows.rows) {
    const read = known.get(row.id);
    if (read && read.ctid === row.ctid) found.set(row.id, read.record);
  }
  return found;
}

/**
 * The records `ids` of `def` as they stand in `tx`, as `auth` may read them (null: no protected
 * field). A record this transaction's engine writes or reads already saw is taken from that read
 * when its row has not changed since (one `ctid` statement for all of them); the others are read.
 * For what runs at a transaction's end (webhook deliveries) and would otherwise read a record the
 * engine has just read (and answered) again, labels and all.
 */
export async function currentRecords(ctx: EngineContext, tx: Queryable, def: ResourceDef, ids: readonly string[], auth: RequestAuth | null): Promise<Map<string, RecordRow>> {
  // A number still left to the commit is taken now: the records read here are as they will commit.
  for (const id of ids) await takePendingNumber(tx, def, id);
  const found = new Map<string, RecordRow>();
  for (const [id, record] of await stillAsRead(tx, def, ids)) found.set(id, visibleRecord(def, auth, record));
  const rest = ids.filter((id) => !found.has(id));
  if (rest.length > 0) {
    // One record (a webhook's, the usual case) by `t.id = $1`, not `= any($1)`: a plan PostgreSQL keeps (`whereSql`'s ids).
    const which = rest.length === 1 ? sql`t.id = ${rest[0]}::uuid` : sql`t.id = any(${rest}::uuid[])`;
    const rows = await run(tx, selectRecords(ctx.registry, def, auth).where(which as never));
    for (const row of rows) {
      const record = toRecord(def, row as Record<string, unknown>);
      found.set(record.id, record);
    }
  }
  return found;
}

const isRef = (field: FieldDef) => field.kind === 'reference' || field.kind === 'references';

/**
 * `fullRecord` again after a write, knowing the record as it was (`known`): the labels of references
 * that still point where they did are taken from it, so only `labels` (the references the write set)
 * are looked up; a reference that changed besides those (a hook's write) has its label read in a
 * second query. The answer is what `fullRecord` answers. Label lookups are most of a record read's
 * cost (a subquery per reference, planned every time), and a workflow re-reads its records often.
 */
async function reread(ctx: EngineContext, db: Queryable, def: ResourceDef, id: string, known: RecordRow, labels: ReadonlySet<string> = new Set(), changed = false): Promise<RecordRow | null> {
  const read = await readWithCtid(ctx, db, def, id, false, { labels, changed });
  if (!read) return null;
  const record = read.record;
  const missing = new Set<string>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (!isRef(field) || labels.has(name)) continue;
    if (JSON.stringify(record[name] ?? null) === JSON.stringify(known[name] ?? null)) record.refLabels[name] = known.refLabels[name] ?? null;
    else missing.add(name);
  }
  if (missing.size === 0) return record;
  const again = await run(db, selectRecords(ctx.registry, def, FULL_ACCESS as RequestAuth, { columns: [...missing], baseColumns: false, labels: missing }).where(sql`t.id = ${id}::uuid` as never));
  for (const name of missing) record.refLabels[name] = (again[0]?.[`${name}__label`] as string | string[] | null | undefined) ?? null;
  return record;
}

export type CreateOptions = {
  /** The body's extra keys of the resource's hooks (a user's first password). */
  extra?: Record<string, unknown>;
  /** A workflow's own write (an award's order lines): not held to a parent document's editable states. */
  workflow?: boolean;
  /**
   * Inside a transaction: the document number is taken just before the commit (`documentNumber`),
   * not before the INSERT, so the counter row's lock is held for the last statements only.
   */
  numberAtCommit?: boolean;
  /**
   * The caller reads the record itself once the hooks are done (the API's create answers what is
   * stored, read after the commit): the record answered is the one read after the INSERT, not checked
   * again after the create hooks ran (issue 26: one statement of every create with hooks). Only its id
   * is then sure to be current.
   */
  readsAnswer?: boolean;
};

/**
 * A text that names a document whose number is still pending (`numberInText`) holds a token in its
 * place; `fills` are the rows written with it (`fillNumberLater`), set by the number's own statement.
 */
type NumberFill = { table: string; column: string; keyColumn: string; key: string };
type PendingNumber = { def: ResourceDef; id: string; year: number; fills: NumberFill[] };
const tokenOf = ({ def, id }: { def: ResourceDef; id: string }) => `\u2063#${def.name}:${id}\u2063`;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** The documents of a transaction whose number is still to be taken, by `resource:id`, in creation order. */
const pendingNumbers = new WeakMap<Queryable, Map<string, PendingNumber>>();

/**
 * Takes a pending document number in one statement: the counter row (its lock held from here to the
 * commit), the document's number column, and the number added to its creation's history entry. The
 * counter moves only when the document's row exists in this transaction (a savepoint rolled back
 * over it burns no number); a rollback of the whole transaction returns it, as before.
 */
async function takeNumber(tx: Queryable, pending: PendingNumber): Promise<string | null> {
  const { sql, params } = numberStatement(pending);
  return numberTaken(tx, pending, (await tx.query<NumberRow>(sql, [...params])).rows[0]);
}

type NumberRow = { number: string; ctid: string; was: string };

function numberStatement(pending: PendingNumber): { sql: string; params: readonly (string | number)[] } {
  const { def, id, year, fills } = pending;
  const { prefix, field } = def.numbering!;
  const column = columnOf(field);
  // The texts written with the number's token get the number in the same statement.
  const filled = fills.map(
    (fill, index) => `, fill${index} as (
       update "${fill.table}" f set "${fill.column}" = replace(f."${fill.column}", $6, numbered.number)
         from numbered where f."${fill.keyColumn}" = $${index + 7}::uuid and position($6 in f."${fill.column}") > 0
     )`,
  );
  return {
    sql: `with was as (
       select ctid::text as ctid from "${def.table}" where id = $3::uuid
     ), n as (
       insert into document_counters (prefix, year, last)
       select $1, $2, 1 where exists (select 1 from "${def.table}" where id = $3::uuid)
       on conflict (prefix, year) do update set last = document_counters.last + 1
       returning last
     ), numbered as (
       update "${def.table}" t set "${column}" = $1 || '-' || $2::text || '-' || lpad(n.last::text, greatest(5, length(n.last::text)), '0')
         from n where t.id = $3::uuid returning t."${column}" as number, t.ctid::text as ctid
     ), told as (
       update record_history h set changes = h.changes || jsonb_build_object($4::text, jsonb_build_object('before', null, 'after', numbered.number))
         from numbered
        where h.id = (select max(x.id) from record_history x where x.resource = $5 and x.record_id = $3::uuid and x.action = 'create')
     )${filled.join('')}
     select numbered.number, numbered.ctid, (select ctid from was) as was from numbered`,
    params: [prefix, year, id, field, def.name, ...(fills.length > 0 ? [tokenOf(pending), ...fills.map((fill) => fill.key)] : [])],
  };
}

function numberTaken(tx: Queryable, { def, id }: PendingNumber, taken: NumberRow | undefined): string | null {
  if (!taken) return null;
  // The engine's read of the record, if the row was still that version, is the row with its number.
  advanceRead(tx, def, id, taken.was, taken.ctid, { [def.numbering!.field]: taken.number });
  return taken.number;
}

/**
 * The document number of a record (its numbering field): a number still pending in this
 * transaction (a create with `numberAtCommit`) is taken now, for a hook that needs it before the
 * commit (a text that names it); else the stored one.
 */
export async function documentNumber(tx: Queryable, def: ResourceDef, id: string): Promise<string | null> {
  if (!def.numbering) return null;
  const taken = await takePendingNumber(tx, def, id);
  if (taken !== undefined) return taken;
  const rows = await tx.query<{ number: string | null }>(`select "${columnOf(def.numbering.field)}" as number from "${def.table}" where id = $1::uuid`, [id]);
  return rows.rows[0]?.number ?? null;
}

/**
 * A document's number for a text written inside its creating transaction (a unit claim's reason):
 * the stored number, or, while it is still left to the commit, a token that its statement replaces
 * by the number in every row registered with `fillNumberLater`. So naming a document does not take
 * its number early, which would hold the counter's lock for the rest of the transaction (decision 353).
 */
export async function numberInText(tx: Queryable, def: ResourceDef, id: string): Promise<string> {
  const entry = pendingNumbers.get(tx)?.get(`${def.name}:${id}`);
  if (entry) return tokenOf(entry);
  return (await documentNumber(tx, def, id)) ?? '';
}

/**
 * Registers the row that `text` was written to (`table`.`column`, found by the uuid `key` in
 * `keyColumn`) if the text holds a pending number's token: that number's statement writes the number
 * in its place. Text without a token registers nothing.
 */
export function fillNumberLater(tx: Queryable, text: string | null | undefined, place: NumberFill): void {
  if (!text || !text.includes('\u2063#')) return;
  if (![place.table, place.column, place.keyColumn].every((name) => IDENTIFIER.test(name))) throw new Error(`fillNumberLater: not a plain identifier in ${JSON.stringify(place)}`);
  for (const entry of pendingNumbers.get(tx)?.values() ?? []) {
    if (text.includes(tokenOf(entry)) && !entry.fills.some((fill) => fill.table === place.table && fill.column === place.column && fill.keyColumn === place.keyColumn && fill.key === place.key)) entry.fills.push(place);
  }
}

/** Takes the record's number now if it is still left to the commit; undefined when none was pending. */
async function takePendingNumber(tx: Queryable, def: ResourceDef, id: string): Promise<string | null | undefined> {
  const pending = pendingNumbers.get(tx);
  const entry = pending?.get(`${def.name}:${id}`);
  if (!entry) return undefined;
  pending!.delete(`${def.name}:${id}`);
  return takeNumber(tx, entry);
}

/** Takes the transaction's pending numbers now (a caller about to read its documents back inside it). */
export async function takePendingNumbers(tx: Queryable) {
  const pending = pendingNumbers.get(tx);
  if (!pending) return;
  for (const entry of [...pending.values()]) {
    pending.delete(`${entry.def.name}:${entry.id}`);
    await takeNumber(tx, entry);
  }
}

/**
 * Leaves the record's number to the commit: a hook registered at the transaction's first such create
 * takes every pending number still left, in creation order, after every other commit hook
 * (`lastBeforeCommit`: the changes' NOTIFY, the webhooks' look-up), so only the COMMIT runs under
 * the counter row's lock (decision 352). A hook that reads the record before then (the webhooks'
 * deliveries, through `currentRecords`) takes its number first.
 */
function numberAtCommit(tx: Queryable, def: ResourceDef, id: string) {
  let pending = pendingNumbers.get(tx);
  if (!pending) {
    const fresh = new Map<string, PendingNumber>();
    pending = fresh;
    pendingNumbers.set(tx, fresh);
    // The numbers still left go with the COMMIT itself (on PostgreSQL in its round trip): the
    // counter row's lock is held for no time this process takes to answer (decision 352).
    lastBeforeCommit(tx, async () => {
      pendingNumbers.delete(tx);
      for (const entry of fresh.values()) withCommit(tx, { ...numberStatement(entry), done: (rows) => numberTaken(tx, entry, rows[0] as NumberRow | undefined) });
    });
  }
  pending.set(`${def.name}:${id}`, { def, id, year: new Date().getUTCFullYear(), fills: [] });
}

/**
 * A singleton resource has one record: a second is a 409 that says so (a unique index on the table,
 * which the domain adds, closes the race of two at once).
 */
async function assertNoneYet(tx: Queryable, def: ResourceDef) {
  const found = await tx.query<{ id: string }>(`select id::text as id from "${def.table}" limit 1`);
  if (found.rows[0]) throw new HttpError(409, text(recordsCatalog, 'singletonExists', { thing: thingOf(def) }));
}

export async function createRecord(
  ctx: EngineContext,
  tx: Queryable,
  def: ResourceDef,
  caller: Caller,
  values: Record<string, unknown>,
  extraColumns: Record<string, unknown> = {},
  options: CreateOptions = {},
) {
  checkProtectedWrites(def, caller, values);
  if (def.singleton) await assertNoneYet(tx, def);
  const link = parentOf(ctx.registry, def);
  if (link && !options.workflow && caller.source !== 'system') await assertParentEditable(ctx, tx, def, values[link.field]);
  if (!options.workflow && caller.source !== 'system') await checkPicks(ctx, tx, def, values, null);
  const hooks = hooksOf(ctx, def);
  const extra = options.extra ?? {};
  const hookColumns = await hooks.beforeCreate(tx, extra, caller, values);
  // Unique values are left to the database's indexes; a refusal is turned into a 409 that links the clash.
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const field = def.fields[name];
    if (name === 'active' && hasActive(def)) {
      columns.push('active');
      params.push(value);
      continue;
    }
    if (!field) continue;
    columns.push(columnOf(name, field));
    params.push(toColumnValue(field, value));
  }
  const late = def.numbering !== undefined && options.numberAtCommit === true && isTransaction(tx);
  if (def.numbering && !late) {
    columns.push(columnOf(def.numbering.field));
    params.push(await nextDocumentNumber(tx, def.numbering.prefix, new Date().getUTCFullYear()));
  }
  for (const [column, value] of Object.entries({ ...extraColumns, ...hookColumns })) {
    const at = columns.indexOf(column);
    if (at >= 0) params[at] = value;
    else {
      columns.push(column);
      params.push(value);
    }
  }
  columns.push('created_by', 'modified_by');
  params.push(caller.auth?.userId ?? null, caller.auth?.userId ?? null);
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    row[column] = params[index];
  });
  let id: string;
  try {
    const statement = insertStatement(def.table, row);
    const inserted = await withSavepoint(tx, async () => (await tx.query<{ id: string }>(statement.sql, statement.parameters)).rows);
    id = inserted[0]!.id;
  } catch (error) {
    throw await translateWriteError(ctx, tx, def, error, values, null);
  }
  if (late) numberAtCommit(tx, def, id);
  const after = (await fullRecord(ctx, tx, def, id))!;
  await writeHistory(tx, def, caller, id, 'create', diff(def, null, after));
  await noteChanges(ctx, tx, def.name, caller, 'create', [after]);
  if (ctx.lifecycle) {
    const created = createdIn.get(tx) ?? new Set<string>();
    created.add(`${def.name}:${id}`);
    createdIn.set(tx, created);
  }
  const changedByHooks = await hooks.afterCreate(tx, id, extra, caller, after);
  markRollups(ctx, tx, def, caller, null, after);
  // A hook may have set columns of its own: answer with what is stored (unless the caller reads it itself).
  return changedByHooks && !options.readsAnswer ? ((await reread(ctx, tx, def, id, after)) ?? after) : after;
}

/** `createRecord`'s INSERT texts by table and columns (null: not one plain parameter per value); bounded. */
const insertTexts = new Map<string, string | null>();
const INSERT_TEXTS_MAX = 500;
/** A value Kysely binds as one parameter (not an expression, a factory or a left-out undefined). */
const isPlainValue = (value: unknown) =>
  value !== undefined && typeof value !== 'function' && !(typeof value === 'object' && value !== null && typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function');

/**
 * `insert into <table> (<row's columns>) values (…) returning id::text as "id"`, as Kysely builds it,
 * with the row's values as its parameters. Kysely builds and compiles it once per table and list of
 * columns (issue 26: a reservation's INSERT has about fifty), with a placeholder per value; when the
 * placeholders come back as the parameters, in order, that text serves every row of those columns
 * whose values are plain. Any other row is built as before.
 */
export function insertStatement(table: string, row: Record<string, unknown>): { sql: string; parameters: readonly unknown[] } {
  const build = (values: Record<string, unknown>) => qb.insertInto(table).values(values).returning(sql`id::text`.as('id') as never).compile();
  const columns = Object.keys(row);
  const values = columns.map((column) => row[column]);
  if (!values.every(isPlainValue)) return build(row);
  const key = `${table}(${columns.join(',')})`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const slots = columns.map((_, index) => `\u0000slot ${index}`);
    const compiled = build(Object.fromEntries(columns.map((column, index) => [column, slots[index]])));
    text = compiled.parameters.length === slots.length && compiled.parameters.every((parameter, index) => parameter === slots[index]) ? compiled.sql : null;
    if (insertTexts.size >= INSERT_TEXTS_MAX) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text === null ? build(row) : { sql: text, parameters: values };
}

/**
 * Creates many records in one multi-row INSERT (ids made here, so no reliance on the order of
 * RETURNING), then reads them back in one query and writes their history in one INSERT: what
 * `createRecord` does per row, for an import's batch. All or nothing under a savepoint: when the
 * database refuses any row, nothing of the batch stays and the error is thrown as the database
 * raised it, for the caller to find the row by creating them one by one. Values are checked by
 * the caller (zod, protected fields); documents with numbering go through `createRecord`.
 */
export async function createRecords(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, batch: readonly Record<string, unknown>[]) {
  if (batch.length === 0) return;
  forgetMemos(tx, def.name);
  const userId = caller.auth?.userId ?? null;
  const ids: string[] = [];
  const rows = batch.map((values) => {
    const id = randomUUID();
    ids.push(id);
    const row: Record<string, unknown> = { id, created_by: userId, modified_by: userId };
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (name === 'active' && hasActive(def)) row.active = value;
      const field = def.fields[name];
      if (field) row[columnOf(name, field)] = toColumnValue(field, value);
    }
    return row;
  });
  await withSavepoint(tx, async () => {
    await run(tx, qb.insertInto(def.table).values(rows));
    const written = await run(tx, selectRecords(ctx.registry, def, FULL_ACCESS as RequestAuth).where(sql`t.id = any(${ids}::uuid[])` as never));
    const history = written.map((row) => {
      const after = toRecord(def, row);
      return [after.id, JSON.stringify(diff(def, null, after))] as const;
    });
    await tx.query(
      `insert into record_history (resource, record_id, actor_id, source, action, changes, request_id, ip)
       select $1, r.id, $2, $3, 'create', r.changes, $4, $5 from unnest($6::uuid[], $7::jsonb[]) as r(id, changes)`,
      [def.name, userId, caller.source, caller.requestId ?? null, caller.ip ?? null, history.map(([id]) => id), history.map(([, changes]) => changes)],
    );
  });
  await noteChanges(ctx, tx, def.name, caller, 'create', ids.map((id) => ({ id, version: 1 })));
}

async function translateWriteError(ctx: EngineContext, tx: Queryable, def: ResourceDef, error: unknown, values: Record<string, unknown>, id: string | null) {
  if (isUniqueViolation(error)) {
    const clash = await findClash(ctx, tx, def, values, id);
    if (clash) return clashError(def, clash);
    const field = uniqueField(def, error);
    return new HttpError(409, text(recordsCatalog, 'alreadyExistsValues', { thing: thingOf(def) }), field ? { errors: [fieldError(field, text(recordsCatalog, 'alreadyUsed'))] } : {});
  }
  return mapDatabaseError(def, error) ?? error;
}

export class StaleVersionError extends HttpError {
  readonly current: RecordRow;
  constructor(current: RecordRow) {
    super(409, text(recordsCatalog, 'staleVersion'));
    this.current = current;
  }
}

export type UpdateOptions = {
  /** The history's action name (default 'update'). */
  action?: string;
  reason?: string | null;
  ignoreVersion?: boolean;
  /**
   * A workflow's own write (a state change, an effect, a roll-up, a job): may set read-only fields
   * and is not held to the editable states that bound a person's edits.
   */
  allowReadOnly?: boolean;
  /** The body's extra keys of the resource's hooks (a user's roles). */
  extra?: Record<string, unknown>;
  /** Values completing a record created in the same transaction: recorded in its creation's history entry, same version. */
  foldIntoCreate?: boolean;
  /** The record as the engine has just read it with its row lock in this transaction (not read again). */
  locked?: RecordRow;
  /**
   * The record after the UPDATE is the one before with the values set, its version and modification
   * stamp as the UPDATE returns them, not read again (issue 26: a claim's unit status, a hold turned
   * converted). Taken only when every value written is a plain one (text or a choice as a string, a
   * yes/no, or null; no reference, whose label would change); otherwise the record is read as usual.
   */
  afterFromWrite?: boolean;
  /**
   * The caller does not use the record answered beyond what the UPDATE wrote (as `CreateOptions.readsAnswer`):
   * it is not checked again after the update hooks, which may have written the row (one statement).
   */
  readsAnswer?: boolean;
};

/** Field kinds whose value reads back from its column as the string written. */
const PLAIN_TEXT: ReadonlySet<string> = new Set(['text', 'longtext', 'email', 'phone', 'url', 'color', 'enum']);

/** Whether a value written reads back as itself (`UpdateOptions.afterFromWrite`). */
function readsBackAsWritten(def: ResourceDef, name: string, value: unknown) {
  if (name === 'active' && hasActive(def)) return typeof value === 'boolean';
  const field = def.fields[name];
  if (!field || isRef(field)) return false;
  if (value === null) return true;
  if (field.kind === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string' && PLAIN_TEXT.has(field.kind);
}

export async function updateRecord(ctx: EngineContext, tx: Queryable, def: ResourceDef, caller: Caller, id: string, patch: Record<string, unknown>, options: UpdateOptions = {}) {
  const { version, ...values } = patch;
  checkProtectedWrites(def, caller, values);
  await assertVisible(ctx, tx, def, caller, id);
  const before = options.locked ?? (await fullRecord(ctx, tx, def, id, true));
  if (!before) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
  if (!options.ignoreVersion && before.version !== version) throw new StaleVersionError(visibleRecord(def, caller.auth, before));
  assertNotArchived(def, before);
  const link = parentOf(ctx.registry, def);
  if (!options.allowReadOnly && caller.source !== 'system') {
    // Refused before anything is written: the document's state, then (for a line) its document's.
    assertEditableState(def, before);
    if (values.active === false && before.active !== false) assertDeletableState(def, before);
    if (link) {
      await assertParentEditable(ctx, tx, def, before[link.field]);
      if (values[link.field] !== undefined && values[link.field] !== before[link.field]) await assertParentEditable(ctx, tx, def, values[link.field]);
    }
    await checkPicks(ctx, tx, def, values, before);
  }
  const hooks = hooksOf(ctx, def);
  // Values the hooks compute (a line's total) are written even where the field is read-only to people.
  const computed = await hooks.beforeUpdate(tx, id, values, before, caller);
  Object.assign(values, computed);
  const merged: Record<string, unknown> = { ...before, ...values };
  const problems = ruleErrors(def, merged);
  if (problems.length > 0) throw badRequest('Validation failed', problems);
  // Only a unique value (or its scope) this update changes can clash; the index refuses the rest anyway.
  const touched = new Set(Object.keys(values).filter((name) => values[name] !== undefined && !same(before[name], values[name])));
  const clash = await findClash(ctx, tx, def, merged, id, (name, field) => touched.has(name) || (Array.isArray(field.unique) && field.unique.some((scope) => touched.has(scope))));
  if (clash) throw clashError(def, clash);
  const set: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (name === 'active' && hasActive(def)) set.active = value;
    const field = def.fields[name];
    if (!field || (field.readOnly && !options.allowReadOnly && !Object.hasOwn(computed, name))) continue;
    set[columnOf(name, field)] = toColumnValue(field, value);
  }
  // What was written reads back as itself: the record after is known from the UPDATE (`afterFromWrite`).
  const known = options.afterFromWrite === true && !options.foldIntoCreate && Object.entries(values).every(([name, value]) => value === undefined || readsBackAsWritten(def, name, value));
  let returned: { version: number; modifiedOn: Date | string; modifiedBy: string | null; ctid: string } | undefined;
  try {
    await withSavepoint(tx, async () => {
      const update = qb
        .updateTable(def.table)
        .set(options.foldIntoCreate ? set : { ...set, version: sql`version + 1`, modified_on: sql`now()`, modified_by: caller.auth?.userId ?? null })
        .where(sql`id = ${id}::uuid` as never);
      if (!known) return run(tx, update);
      const rows = await run<typeof returned & object>(
        tx,
        update.returning([sql`version`.as('version'), sql`modified_on`.as('modifiedOn'), sql`modified_by::text`.as('modifiedBy'), sql`ctid::text`.as('ctid')] as never),
      );
      returned = rows[0];
      return rows;
    });
  } catch (error) {
    throw await translateWriteError(ctx, tx, def, error, merged, id);
  }
  // Only the references this update sets can have new labels.
  const setRefs = new Set(Object.keys(values).filter((name) => values[name] !== undefined && def.fields[name] !== undefined && isRef(def.fields[name])));
  // The row has just changed: no kept read can be it.
  const after = returned ? afterWrite(def, before, set, values, returned) : (await reread(ctx, tx, def, id, before, setRefs, true))!;
  if (returned) rememberRead(tx, def, { ...after, refLabels: { ...after.refLabels } }, returned.ctid);
  const changes = diff(def, before, after);
  if (options.foldIntoCreate) {
    forgetMemos(tx, def.name);
    const created = Object.fromEntries(Object.entries(changes).map(([name, change]) => [name, { ...change, before: null }]));
    await tx.query(
      `update record_history set changes = changes || $3::jsonb
        where id = (select max(id) from record_history where resource = $1 and record_id = $2 and action = 'create')`,
      [def.name, id, JSON.stringify(created)],
    );
  } else {
    await writeHistory(tx, def, caller, id, options.action ?? 'update', changes, options.reason ?? null);
    await noteChanges(ctx, tx, def.name, caller, 'update', [after]);
  }
  const written = options.foldIntoCreate ? {} : { history: { action: options.action ?? 'update', reason: options.reason ?? null } };
  const changedByHooks = await hooks.afterUpdate(tx, id, options.extra ?? {}, { before, after, action: options.action, ...written }, caller);
  markRollups(ctx, tx, def, caller, before, after);
  return changedByHooks && !options.readsAnswer ? ((await reread(ctx, tx, def, id, after)) ?? after) : after;
}

/**
 * The record after an UPDATE of plain values (`afterFromWrite`): the one before, the fields the
 * UPDATE set with their values, and the version and modification stamp it returned.
 */
function afterWrite(def: ResourceDef, before: RecordRow, set: Record<string, unknown>, values: Record<string, unknown>, written: { version: number; modifiedOn: Date | string; modifiedBy: string | null }): RecordRow {
  const after: RecordRow = { ...before, refLabels: { ...before.refLabels } };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = name === 'active' && hasActive(def) ? 'active' : def.fields[name] ? columnOf(name, def.fields[name]) : null;
    // A value the UPDATE left out (a read-only field of a person's edit) is not the record's.
    if (column !== null && Object.hasOwn(set, column)) (after as Record<string, unknown>)[name] = value;
  }
  after.version = Number(written.version);
  (after as Record<string, unknown>).modifiedOn = written.modifiedOn instanceof Date ? written.modifiedOn.toISOString() : written.modifiedOn;
  (after as Record<string, unknown>).modifiedBy = written.modifiedBy;
  return after;
}

/** Who points at a record: per referring resource and field, how many. */
export async function usageOf(ctx: EngineContext, db: Queryable, def: ResourceDef, id: string): Promise<Usage[]> {
  const usage: Usage[] = [];
  for (const [referrer, fieldName] of ctx.registry.referrers(def.name)) {
    const field = referrer.fields[fieldName]!;
    const column = sql.ref(columnOf(fieldName, field));
    const condition = field.kind === 'references' ? sql`${id}::uuid = any(${column})` : sql`${column} = ${id}::uuid`;
    const rows = await run<{ n: number }>(db, qb.selectFrom(referrer.table).select(sql<number>`count(*)::int`.as('n')).where(condition as never));
    const count = rows[0]?.n ?? 0;
    if (count > 0) usage.push({ resource: referrer.name, label: referrer.label, field: fieldName, count, route: referrer.route ?? null });
  }
  return usage;
}

/**
 * 409 naming the state when a record with `deletableStates` is outside them (a live signed document
 * is not deleted or archived), with the action that ends it when one leads there.
 */
function assertDeletableState(def: ResourceDef, record: RecordRow) {
  if (!def.deletableStates || deletableIn(def, record)) return;
  const status = String(record[def.statusField!] ?? '');
  const words = (state: string) => state.replace(/_/g, ' ');
  const ends = Object.values(def.actions ?? {}).filter((action) => action.from.includes(status) && def.deletableStates!.includes(action.to));
  const instead = ends.length > 0 ? ` Use its ${ends.map((action) => `“${action.label}”`).join(' or ')} action instead.` : '';
  throw new HttpError(
    409,
    `A ${def.singular.toLowerCase()} is deleted or deactivated only once it is ${def.deletableStates.map(words).join(' or ')}; this one is ${words(status) || 'without a state'}.${instead}`,
  );
}

/**
 * DELETE of api.md: a record others point to is deactivated instead (and the answer says by
 * what); otherwise it is deleted. A reference the registry does not know (another package's
 * foreign key) is caught by the database and also leads to deactivation.
 */
export async function deleteRecord(
  ctx: EngineContext,
  tx: Queryable,
  def: ResourceDef,
  caller: Caller,
  id: string,
  options: { workflow?: boolean; lenient?: boolean } = {},
): Promise<{ deleted: boolean; deactivated: boolean; usage: Usage[] }> {
  await assertVisible(ctx, tx, def, caller, id);
  const before = await fullRecord(ctx, tx, def, id, true);
  if (!before) throw notFound(text(recordsCatalog, 'noSuch', { thing: thingOf(def) }));
  if (def.singleton) throw new HttpError(422, text(recordsCatalog, 'neverDeleted', { thing: thingOf(def) }));
  assertNotArchived(def, before);
  if (def.deletableStates) assertDeletableState(def, before);
  else assertEditableState(def, before, 'delete');
  const link = parentOf(ctx.registry, def);
  if (link && !options.workflow) await assertParentEditable(ctx, tx, def, before[link.field]);
  const hooks = hooksOf(ctx, def);
  await hooks.beforeDelete(tx, id, caller);
  // A document deleted whole takes its lines with it (through the engine, so each has its history).
  for (const spec of Object.values(def.children ?? {})) {
    const child = ctx.registry.get(spec.resource);
    const lines = await tx.query<{ id: string }>(`select id::text as id from "${child.table}" where "${columnOf(spec.parentField, child.fields[spec.parentField])}" = $1`, [id]);
    for (const line of lines.rows) await deleteRecord(ctx, tx, child, caller, line.id, { workflow: true, lenient: true });
  }
  const usage = await usageOf(ctx, tx, def, id);
  if (usage.length === 0 && !(def.deactivateOnly && hasActive(def))) {
    try {
      await withSavepoint(tx, async () => {
        // Its internal children (a role's grants) go with it, each with its history; not when it stays.
        await deleteInternalChildren(ctx, tx, def, caller, [id]);
        await tx.query(`delete from "${def.table}" where id = $1`, [id]);
      });
      await writeHistory(tx, def, caller, id, 'delete', diff(def, before, { ...before, active: false } as RecordRow));
      await noteChanges(ctx, tx, def.name, caller, 'delete', [{ id }]);
      await hooks.afterDelete(tx, id, before, caller);
      markRollups(ctx, tx, def, caller, before, null);
      return { deleted: true, deactivated: false, usage };
    } catch (error) {
      if ((error as { code?: string }).code !== '23503') throw mapDatabaseError(def, error) ?? error;
    }
  }
  if (!hasActive(def)) {
    // A line still referred to (an order line an order's receipt names) stays with its document.
    if (options.lenient) return { deleted: false, deactivated: false, usage };
    throw new HttpError(409, text(recordsCatalog, 'inUse', { thing: thingOf(def) }));
  }
  if (before.active !== false) {
    await tx.query(`update "${def.table}" set active = false, version = version + 1, modified_on = now(), modified_by = $2 where id = $1`, [
      id,
      caller.auth?.userId ?? null,
    ]);
    await writeHistory(tx, def, caller, id, 'deactivate', { active: { before: true, after: false } });
    await noteChanges(ctx, tx, def.name, caller, 'update', [{ id, version: Number(before.version) + 1 }]);
  }
  return { deleted: false, deactivated: true, usage };
}

/** The record's history, newest first, without what the caller may not read. */
export async function historyOf(db: Queryable, def: ResourceDef, auth: RequestAuth | null, id: string, kept: readonly string[] = []): Promise<HistoryEntry[]> {
  // `kept`: what the resource's hooks keep beside the record and record in its history (a role's privileges, a user's roles).
  const readable = new Set([...readableFields(def, auth).map(([name]) => name), 'active', ...kept]);
  const result = await db.query<{
    id: string;
    at: Date | string;
    actor_id: string | null;
    actor_name: string | null;
    source: HistoryEntry['source'];
    action: string;
    changes: Record<string, FieldChange>;
    reason: string | null;
  }>(
    `select h.id::text, h.at, h.actor_id::text, coalesce(nullif(u.full_name, ''), u.username) as actor_name, h.source, h.action, h.changes, h.reason
       from record_history h left join users u on u.id = h.actor_id
      where h.resource = $1 and h.record_id = $2 order by h.id desc limit 500`,
    [def.name, id],
  );
  return result.rows.map((row) => ({
    id: row.id,
    at: row.at instanceof Date ? row.at.toISOString() : new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    source: row.source,
    action: row.action,
    reason: row.reason,
    changes: Object.fromEntries(Object.entries(row.changes ?? {}).filter(([name]) => readable.has(name))),
  }));
}

/**
 * A history entry for what a resource's hooks keep beside its record, in the record's own history
 * (a role's privileges, a user's roles: `{ privileges: { before, after } }`). The hooks' own rows
 * are side tables; their change is recorded here, in the write's transaction, like a field's.
 */
export async function recordKeptChange(tx: Queryable, def: ResourceDef, caller: Caller, id: string, action: string, changes: Record<string, FieldChange>, reason: string | null = null) {
  if (Object.keys(changes).length === 0) return;
  await writeHistory(tx, def, caller, id, action, changes, reason);
}

export { writeHistory, fullRecord, lockedRecord, unchangedSince };
// The engine's set-based writes (batch.ts) share these.
export { assertDeletableState, markRollups, forgetMemos, diff, toColumnValue, readScope, assertParentEditable, checkPicks, hooksOf, same, pendingRollups, createdIn, FULL_ACCESS };
