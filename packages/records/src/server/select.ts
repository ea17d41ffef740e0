import type { RequestAuth } from '@propdesk/server-kit';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  columnOf,
  hasActive,
  isGroup,
  isTextKind,
  labelFieldOf,
  type FieldDef,
  type FilterNode,
  type Registry,
  type ResourceDef,
  type SortTerm,
} from '../model/index.js';
import { searchWords } from './fold.js';
import { qb } from './sql.js';

/** Which fields of a resource the caller may read: protected fields need a field-level read. */
export function readableFields(def: ResourceDef, auth: RequestAuth | null): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([name, field]) => !field.protected || (auth?.checker.canField(def.entity, name, 'read') ?? false));
}

/** The label expression of a referenced resource's row under `alias`. */
function labelColumn(target: ResourceDef, alias: string): RawBuilder<unknown> {
  const labelName = labelFieldOf(target);
  return sql.ref(`${alias}.${columnOf(labelName, target.fields[labelName])}`);
}

const BASE_COLUMNS: Record<string, string> = {
  id: 'id',
  version: 'version',
  active: 'active',
  createdOn: 'created_on',
  modifiedOn: 'modified_on',
  createdBy: 'created_by',
  modifiedBy: 'modified_by',
};

/** The column expression of a field or base field on the main table `t`. */
function columnRef(def: ResourceDef, name: string): RawBuilder<unknown> {
  const base = BASE_COLUMNS[name];
  if (base) return sql.ref(`t.${base}`);
  return sql.ref(`t.${columnOf(name, def.fields[name])}`);
}

function fieldOf(def: ResourceDef, name: string): FieldDef {
  const own = def.fields[name];
  if (own) return own;
  if (name === 'active') return { kind: 'boolean', label: 'Active' };
  if (name === 'createdBy' || name === 'modifiedBy') return { kind: 'reference', label: name, ref: 'users' };
  return { kind: 'datetime', label: name };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** At most this many words of a list's search are matched. */
export const MAX_SEARCH_WORDS = 8;

/** One word of a search, found in any of `texts` (folded: fold.ts). */
export function searchWordSql(texts: readonly RawBuilder<unknown>[], word: string): RawBuilder<unknown> {
  const pattern = `%${escapeLike(word)}%`;
  return sql`(${sql.join(texts.map((text) => sql`search_fold(${text}::text) like search_fold(${pattern})`), sql` or `)})`;
}

function conditionSql(def: ResourceDef, node: FilterNode): RawBuilder<unknown> {
  if (isGroup(node)) {
    if (node.children.length === 0) return sql`true`;
    const parts = node.children.map((child) => conditionSql(def, child));
    return sql`(${sql.join(parts, node.join === 'and' ? sql` and ` : sql` or `)})`;
  }
  const field = fieldOf(def, node.field);
  const column = columnRef(def, node.field);
  const text = isTextKind(field.kind);
  const value = node.value;
  if (field.kind === 'references') {
    switch (node.op) {
      case 'eq':
        return sql`${value}::uuid = any(${column})`;
      case 'in':
        return sql`${column} && ${value}::uuid[]`;
      case 'empty':
        return sql`coalesce(cardinality(${column}), 0) = 0`;
      default:
        return sql`coalesce(cardinality(${column}), 0) > 0`;
    }
  }
  const cast = castFor(field);
  switch (node.op) {
    case 'eq':
      return text ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}${cast}`;
    case 'ne':
      return text ? sql`lower(${column}) is distinct from lower(${value})` : sql`${column} is distinct from ${value}${cast}`;
    case 'contains':
      return sql`search_fold(${column}) like search_fold(${`%${escapeLike(String(value))}%`})`;
    case 'startsWith':
      return sql`search_fold(${column}) like search_fold(${`${escapeLike(String(value))}%`})`;
    case 'gt':
      return sql`${column} > ${value}${cast}`;
    case 'gte':
      return sql`${column} >= ${value}${cast}`;
    case 'lt':
      return sql`${column} < ${value}${cast}`;
    case 'lte':
      return sql`${column} <= ${value}${cast}`;
    case 'in': {
      const list = value as unknown[];
      return text
        ? sql`lower(${column}) in (${sql.join(list.map((item) => sql`lower(${item})`))})`
        : sql`${column} in (${sql.join(list.map((item) => sql`${item}${cast}`))})`;
    }
    case 'empty':
      return text ? sql`(${column} is null or ${column} = '')` : sql`${column} is null`;
    case 'notEmpty':
      return text ? sql`(${column} is not null and ${column} <> '')` : sql`${column} is not null`;
  }
}

function castFor(field: FieldDef): RawBuilder<unknown> {
  switch (field.kind) {
    case 'integer':
      return sql`::integer`;
    case 'decimal':
    case 'money':
    case 'percent':
      return sql`::numeric`;
    case 'date':
      return sql`::date`;
    case 'datetime':
      return sql`::timestamptz`;
    case 'reference':
      return sql`::uuid`;
    case 'boolean':
      return sql`::boolean`;
    default:
      return sql``;
  }
}

export type ListCriteria = {
  where: FilterNode | null;
  q?: string | undefined;
  active?: 'true' | 'false' | 'all' | undefined;
  ids?: readonly string[] | undefined;
  /** A row filter a domain adds (e.g. who may see which lead). */
  scope?: RawBuilder<unknown> | null | undefined;
};

/** The WHERE clause of a list: the filter tree, the search, the active quick filter, the ids. */
export function whereSql(def: ResourceDef, criteria: ListCriteria): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (criteria.where) parts.push(conditionSql(def, criteria.where));
  const words = searchWords(criteria.q, MAX_SEARCH_WORDS);
  const searchable = Object.entries(def.fields).filter(([, field]) => field.searchable && !field.protected && isTextKind(field.kind));
  // Each word of the search is found in some searchable field, in any order, as Arabic is typed (fold.ts).
  if (searchable.length > 0) for (const word of words) parts.push(searchWordSql(searchable.map(([name]) => columnRef(def, name)), word));
  if (hasActive(def) && criteria.active && criteria.active !== 'all') parts.push(sql`t.active = ${criteria.active === 'true'}`);
  // Archived records (`archivedBy`) are read by id; a list shows them only when asked.
  if (def.archivedBy && !criteria.ids && criteria.active !== 'all') {
    const column = sql.ref(`t.${columnOf(def.archivedBy, def.fields[def.archivedBy])}`);
    parts.push(criteria.active === 'false' ? sql`${column} is not null` : sql`${column} is null`);
  }
  // One id (a record's read: its view, the create's answer) as `t.id = $n`, not `= any($n)`: PostgreSQL plans an array
  // of unknown length for ten rows, so the prepared statement's generic plan never wins and every read planned the
  // record's select with all its labels again (0.65 ms of a backend's CPU per reservation's answer in the launch-day
  // burst); `= $n` goes generic after five runs on a connection.
  if (criteria.ids) parts.push(criteria.ids.length === 0 ? sql`false` : criteria.ids.length === 1 ? sql`t.id = ${criteria.ids[0]}::uuid` : sql`t.id = any(${[...criteria.ids]}::uuid[])`);
  if (criteria.scope) parts.push(criteria.scope);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

type SelectOptions = {
  /** Only these fields (and their references' names). */
  columns?: readonly string[] | undefined;
  /** `false`: of the base columns only those in `columns` (exports). */
  baseColumns?: boolean;
  /** The order the query will have: the references it sorts by are joined (`orderSql`). */
  sort?: readonly SortTerm[] | undefined;
  /** Every reference's label from a join. */
  joinAll?: boolean;
  /** Only these references' labels (the engine's re-reads of a record whose other labels it knows). */
  labels?: ReadonlySet<string> | undefined;
};

function buildSelectRecords(
  registry: Registry,
  def: ResourceDef,
  auth: RequestAuth | null,
  /**
   * `columns`: only these fields (and their references' names); `baseColumns: false`: of the base
   * columns only those in `columns` (exports); `sort`: the order the query will have; `joinAll`:
   * every reference's label from a join; `labels`: only these references' labels (the engine's re-reads of a record whose other labels it knows).
   */
  options: SelectOptions,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): { query: SelectQueryBuilder<any, any, any>; selections: RawBuilder<unknown>[] } {
  let query = qb.selectFrom(`${def.table} as t`);
  const wanted = options.columns ? new Set(options.columns) : null;
  const joined = new Set(options.sort?.map((term) => term.field));
  const base: [string, RawBuilder<unknown>][] = [
    ['id', sql`t.id::text as id`],
    ['version', sql`t.version as version`],
    ['active', hasActive(def) ? sql`t.active as active` : sql`null::boolean as active`],
    ['createdOn', sql`t.created_on as "createdOn"`],
    ['modifiedOn', sql`t.modified_on as "modifiedOn"`],
    ['createdBy', sql`t.created_by::text as "createdBy"`],
    ['modifiedBy', sql`t.modified_by::text as "modifiedBy"`],
  ];
  const selections = base.filter(([name]) => name === 'id' || options.baseColumns !== false || wanted?.has(name)).map(([, selection]) => selection);
  for (const [name, field] of readableFields(def, auth)) {
    if (wanted && !wanted.has(name)) continue;
    const column = sql.ref(`t.${columnOf(name, field)}`);
    const alias = sql.ref(name);
    switch (field.kind) {
      case 'decimal':
      case 'money':
      case 'percent':
      case 'date':
      case 'reference':
        selections.push(sql`${column}::text as ${alias}`);
        break;
      case 'references':
        selections.push(sql`${column}::text[] as ${alias}`);
        break;
      default:
        selections.push(sql`${column} as ${alias}`);
    }
    if ((field.kind === 'reference' || field.kind === 'references') && options.labels && !options.labels.has(name)) continue;
    if (field.kind === 'reference') {
      const target = registry.get(field.ref!);
      const label = sql.ref(`${name}__label`);
      if (options.joinAll || joined.has(name)) {
        const joinAlias = `r_${name}`;
        query = query.leftJoin(`${target.table} as ${joinAlias}`, `${joinAlias}.id`, `t.${columnOf(name, field)}`);
        selections.push(sql`${labelColumn(target, joinAlias)} as ${label}`);
      } else {
        selections.push(sql`(select ${labelColumn(target, 'x')} from ${sql.table(target.table)} as x where x.id = ${column}) as ${label}`);
      }
    }
    if (field.kind === 'references') {
      const target = registry.get(field.ref!);
      selections.push(
        sql`(select array_agg(${labelColumn(target, 'x')} order by ${labelColumn(target, 'x')}) from ${sql.table(target.table)} as x where x.id = any(${column})) as ${sql.ref(`${name}__label`)}`,
      );
    }
  }
  return { query, selections };
}

/** Shapes of `selectRecords` kept per resource; beyond it (exports' column choices) the memo starts again. */
const SELECT_MEMO_MAX = 200;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const selectMemo = new WeakMap<Registry, WeakMap<ResourceDef, Map<string, SelectQueryBuilder<any, any, any>>>>();

/** What a `selectRecords` query depends on besides its resource: the fields hidden from the caller and the options. */
function selectKey(def: ResourceDef, auth: RequestAuth | null, options: SelectOptions): string {
  let hidden = '';
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.protected && !(auth?.checker.canField(def.entity, name, 'read') ?? false)) hidden += `${name},`;
  }
  const sorted = options.sort ? options.sort.map((term) => term.field).join(',') : '';
  const list = (names: Iterable<string> | undefined) => (names ? [...names].sort().join(',') : '*');
  return `${hidden}|${list(options.columns)}|${options.baseColumns === false ? 0 : 1}|${sorted}|${options.joinAll ? 1 : 0}|${list(options.labels)}`;
}

/**
 * The SELECT of records with their referenced records' labels in one query (no query per row).
 * A label is a scalar subquery on the referenced table's primary key, evaluated only for the rows
 * returned (after the LIMIT). Joins are kept for what needs one: the references the ORDER BY sorts
 * by (`sort`; `orderSql` reads their label from the join) and `joinAll` for exports, where a hash
 * join of the whole result beats a lookup per row. Ten joins made PostgreSQL spend 20-25 ms
 * planning every read of a lead, for a page that runs in under 1 ms.
 */
export function selectRecords(
  registry: Registry,
  def: ResourceDef,
  auth: RequestAuth | null,
  options: SelectOptions = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): SelectQueryBuilder<any, any, any> {
  // Built and compiled once per shape (issue 26): the select list has no parameters (identifiers
  // from the definitions only), so it is kept as its SQL text, and every read of a record no longer
  // builds and compiles one Kysely node per column and label (a fifth of a reservation's server CPU).
  // The query's text is the same as the one built from the nodes (select.test.ts compares them).
  let byDef = selectMemo.get(registry);
  if (!byDef) selectMemo.set(registry, (byDef = new WeakMap()));
  let shapes = byDef.get(def);
  if (!shapes) byDef.set(def, (shapes = new Map()));
  const key = selectKey(def, auth, options);
  const known = shapes.get(key);
  if (known) return known;
  const { query, selections } = buildSelectRecords(registry, def, auth, options);
  const list = sql.join(selections, sql`, `).compile(qb);
  const built = list.parameters.length === 0 ? query.select(sql.raw(list.sql) as never) : query.select(selections as never);
  if (shapes.size >= SELECT_MEMO_MAX) shapes.clear();
  shapes.set(key, built);
  return built;
}

/** `selectRecords` built from its nodes, without the memo: for the test that compares the two. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function selectRecordsUnmemoized(registry: Registry, def: ResourceDef, auth: RequestAuth | null, options: SelectOptions = {}): SelectQueryBuilder<any, any, any> {
  const { query, selections } = buildSelectRecords(registry, def, auth, options);
  return query.select(selections as never);
}

/** Base columns that are never empty: their ORDER BY has no NULLS clause, which would keep their plain index from serving it. */
const NOT_NULL_BASE = new Set(['id', 'version', 'createdOn', 'modifiedOn']);

/**
 * ORDER BY of the sort terms; references sort by the referenced record's label (joined by
 * `selectRecords` given the same `sort`); `id` breaks ties. An empty value sorts as the smallest
 * (first ascending, last descending), so one btree index `(column nulls first)` serves a column's
 * sort in both directions (see `sortIndexDdl`); the never-empty base columns have plain indexes.
 */
export function orderSql(registry: Registry, def: ResourceDef, sort: readonly SortTerm[]): RawBuilder<unknown> {
  const terms = sort.map((term) => {
    const field = def.fields[term.field];
    const expression = field?.kind === 'reference' ? labelColumn(registry.get(field.ref!), `r_${term.field}`) : columnRef(def, term.field);
    if (!def.fields[term.field] && NOT_NULL_BASE.has(term.field)) return term.desc ? sql`${expression} desc` : sql`${expression} asc`;
    return term.desc ? sql`${expression} desc nulls last` : sql`${expression} asc nulls first`;
  });
  if (!sort.some((term) => term.field === 'id')) terms.push(sql`t.id asc`);
  return sql.join(terms, sql`, `);
}
