import { createHash } from 'node:crypto';
import { columnOf, hasActive, isSortable, isTextKind, type FieldDef, type Registry, type ResourceDef } from '../model/index.js';
import type { Migration } from '@propdesk/server-kit';
import { FOLD_FROM, FOLD_TO } from './fold.js';
import { ident } from './sql.js';

/** The SQL type of a field's column. */
export function columnType(field: FieldDef): string {
  switch (field.kind) {
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(20, ${field.scale ?? 4})`;
    case 'money':
      return 'numeric(16, 2)';
    case 'percent':
      return 'numeric(7, 4)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'reference':
      return 'uuid';
    case 'references':
      return 'uuid[]';
    case 'json':
      return 'jsonb';
    default:
      return 'text';
  }
}

function literal(field: FieldDef): string | null {
  const value = field.default;
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Name of the unique index of a field; the server maps a unique violation back to its field by it. */
export const uniqueIndexName = (def: ResourceDef, field: string) => `${def.table}__${field}__key`;
export const foreignKeyName = (def: ResourceDef, field: string) => `${def.table}__${field}__fk`;
export const checkName = (def: ResourceDef, field: string) => `${def.table}__${field}__check`;

function columnDdl(name: string, field: FieldDef, forExisting: boolean): string {
  const parts = [ident(columnOf(name, field)), columnType(field)];
  const fallback = literal(field);
  if (fallback) parts.push(`default ${fallback}`);
  if (field.required && !forExisting && (fallback || field.kind !== 'references')) parts.push('not null');
  return parts.join(' ');
}

/**
 * The idempotent DDL that makes a table match its definition: create it, add missing columns.
 * Additive only: renaming or dropping a column is a hand-written migration.
 */
export function tableDdl(def: ResourceDef, _registry: Registry): string {
  const table = ident(def.table);
  const statements: string[] = [];
  const existing = def.existingTable === true;
  if (!existing) {
    const columns = [
      'id uuid primary key default gen_random_uuid()',
      'version integer not null default 1',
      ...(hasActive(def) ? ['active boolean not null default true'] : []),
      'created_on timestamptz not null default now()',
      'created_by uuid',
      'modified_on timestamptz not null default now()',
      'modified_by uuid',
      ...Object.entries(def.fields).map(([name, field]) => columnDdl(name, field, false)),
    ];
    statements.push(`create table if not exists ${table} (\n  ${columns.join(',\n  ')}\n)`);
  } else {
    // An existing side table taken in as an internal child (a role's grants) gets the id every engine row has, each old row its own.
    if (def.internal) {
      statements.push(
        `alter table ${table} add column if not exists id uuid not null default gen_random_uuid()`,
        `create unique index if not exists ${ident(`${def.table}__id__key`)} on ${table} (id)`,
      );
    }
    statements.push(
      `alter table ${table} add column if not exists version integer not null default 1`,
      ...(hasActive(def) ? [`alter table ${table} add column if not exists active boolean not null default true`] : []),
      `alter table ${table} add column if not exists created_on timestamptz not null default now()`,
      `alter table ${table} add column if not exists created_by uuid`,
      `alter table ${table} add column if not exists modified_on timestamptz not null default now()`,
      `alter table ${table} add column if not exists modified_by uuid`,
    );
  }
  for (const [name, field] of Object.entries(def.fields)) {
    statements.push(`alter table ${table} add column if not exists ${columnDdl(name, field, true)}`);
  }
  return `${statements.join(';\n')};`;
}

/** A SQL string literal. */
const literalOf = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One key column of an engine index. */
type IndexKey = { column: string; lower?: boolean; desc?: boolean; nulls?: 'first' | 'last' };

/** An index the engine owns, by name. `field` and `scope` name a unique key's field in its error. */
type IndexSpec = { name: string; keys: IndexKey[]; unique?: boolean; gin?: boolean; field?: string; scope?: readonly string[] };

const keySql = (key: IndexKey) =>
  `${key.lower ? `lower(${ident(key.column)})` : ident(key.column)}${key.desc ? ' desc' : ''}${key.nulls ? ` nulls ${key.nulls}` : ''}`;

/**
 * The index's key as `pg_get_indexdef` prints it from ` USING ` on, identifier quotes removed
 * (PostgreSQL quotes only the names that need it): `USING btree (project_id, lower(code))`,
 * `(name NULLS FIRST)`, `(floor DESC NULLS LAST, …)`. The NULLS clause is printed when it is not the
 * direction's default.
 */
function printedKey(spec: IndexSpec): string {
  const keys = spec.keys.map((key) => {
    const desc = key.desc === true;
    const nullsFirst = key.nulls ? key.nulls === 'first' : desc;
    const nulls = nullsFirst === desc ? '' : nullsFirst ? ' NULLS FIRST' : ' NULLS LAST';
    return `${key.lower ? `lower(${key.column})` : key.column}${desc ? ' DESC' : ''}${nulls}`;
  });
  return ` USING ${spec.gin ? 'gin' : 'btree'} (${keys.join(', ')})`;
}

/**
 * Makes one engine index match its spec: kept when the database already has it with this key
 * (compared with what `pg_get_indexdef` prints, so a big table's unchanged index is never rebuilt),
 * else dropped and built again. A unique key that existing rows repeat fails the migration with a
 * message naming the table and field.
 */
function indexDdl(def: ResourceDef, spec: IndexSpec): string {
  const table = ident(def.table);
  const create = `create ${spec.unique ? 'unique ' : ''}index ${ident(spec.name)} on ${table} ${spec.gin ? 'using gin ' : ''}(${spec.keys.map(keySql).join(', ')})`;
  const scope = spec.scope && spec.scope.length > 0 ? ` within ${spec.scope.join(', ')}` : '';
  const refusal = `Cannot make field ${spec.field ?? spec.name} of table ${def.table} unique${scope} (index ${spec.name}): existing rows repeat a value.`;
  const build = spec.unique
    ? `begin ${create}; exception when unique_violation then get stacked diagnostics clash = pg_exception_detail; ` +
      `raise exception using errcode = 'unique_violation', message = ${literalOf(refusal)} || coalesce(' ' || clash, ''), ` +
      `hint = 'Correct or remove the repeated rows, then start again.'; end;`
    : `${create};`;
  return (
    `do $ddl$ declare clash text; begin if not exists (select 1 from pg_index i join pg_class c on c.oid = i.indexrelid ` +
    `where i.indrelid = ${literalOf(table)}::regclass and c.relname = ${literalOf(spec.name)} and i.indisvalid and i.indisunique = ${spec.unique ? 'true' : 'false'} ` +
    `and replace(substring(pg_get_indexdef(i.indexrelid) from ' USING .*$'), '"', '') = ${literalOf(printedKey(spec))}) then ` +
    `drop index if exists ${ident(spec.name)}; ${build} end if; end $ddl$`
  );
}

/**
 * Makes an enum's CHECK constraint allow exactly the definition's options. Kept when the options in
 * the database are the same set; else replaced. The new constraint is added NOT VALID and then
 * validated: when rows still hold a removed option, validation fails and the constraint stays NOT
 * VALID (new writes are refused, the old rows are kept); a later run tries to validate it again.
 */
function checkDdl(def: ResourceDef, name: string, field: FieldDef): string {
  const table = ident(def.table);
  const constraint = checkName(def, name);
  const options = (field.options ?? []).map(literalOf).join(', ');
  // The options the constraint allows, read back from its text: `'a'::text`, quotes doubled inside.
  const allowed = `array(select distinct replace(m[1], '''''', '''') from regexp_matches(pg_get_constraintdef(c.oid), '''((?:[^'']|'''')*)''', 'g') m order by 1)`;
  return (
    `do $ddl$ declare wanted text[] := array(select distinct o from unnest(array[${options}]::text[]) o order by 1); ` +
    `existing oid; validated boolean; allowed text[]; begin ` +
    `select c.oid, c.convalidated, ${allowed} into existing, validated, allowed ` +
    `from pg_constraint c where c.conrelid = ${literalOf(table)}::regclass and c.conname = ${literalOf(constraint)}; ` +
    `if existing is not null and allowed = wanted then if validated then return; end if; else ` +
    `if existing is not null then alter table ${table} drop constraint ${ident(constraint)}; end if; ` +
    `alter table ${table} add constraint ${ident(constraint)} check (${ident(columnOf(name, field))} in (${options})) not valid; end if; ` +
    `begin alter table ${table} validate constraint ${ident(constraint)}; ` +
    `exception when check_violation then raise notice '% stays NOT VALID: existing rows hold a value no longer allowed', ${literalOf(constraint)}; end; ` +
    `end $ddl$`
  );
}

/** Drops the enum CHECK of a field that is no longer an enum (only when there is one: no needless table lock). */
const dropCheckDdl = (def: ResourceDef, name: string) =>
  `do $ddl$ begin if exists (select 1 from pg_constraint where conrelid = ${literalOf(ident(def.table))}::regclass and conname = ${literalOf(checkName(def, name))}) then ` +
  `alter table ${ident(def.table)} drop constraint ${ident(checkName(def, name))}; end if; end $ddl$`;

/** The engine indexes a field wants: its `__idx` (reference, references, indexed), `__key` and `__sort`. */
function fieldIndexes(def: ResourceDef, name: string, field: FieldDef): IndexSpec[] {
  const column = columnOf(name, field);
  const specs: IndexSpec[] = [];
  if (field.kind === 'reference') specs.push({ name: `${def.table}__${name}__idx`, keys: [{ column }] });
  else if (field.kind === 'references') specs.push({ name: `${def.table}__${name}__idx`, keys: [{ column }], gin: true });
  else if (field.indexed && !field.unique) specs.push({ name: `${def.table}__${name}__idx`, keys: [{ column }] });
  if (field.unique) {
    const scope = Array.isArray(field.unique) ? field.unique : [];
    const keys = [...scope.map((scopeName) => ({ column: columnOf(scopeName, def.fields[scopeName]) })), { column, lower: isTextKind(field.kind) }];
    specs.push({ name: uniqueIndexName(def, name), keys, unique: true, field: name, scope });
  }
  if (isSortable(field) && field.kind !== 'reference' && field.kind !== 'boolean') {
    specs.push({ name: `${def.table}__${name}__sort`, keys: [{ column, nulls: 'first' }] });
  }
  return specs;
}

/** Each wanted index made to match, and each engine name in `owned` that is not wanted dropped. */
function indexStatements(def: ResourceDef, wanted: IndexSpec[], owned: string[]): string[] {
  const names = new Set(wanted.map((spec) => spec.name));
  return [...owned.filter((name) => !names.has(name)).map((name) => `drop index if exists ${ident(name)}`), ...wanted.map((spec) => indexDdl(def, spec))];
}

/**
 * Constraints and indexes of a definition, applied after every table exists (resources refer to
 * each other in both directions: a department's manager is a user, a user's department a department).
 * The schema follows the definition: an enum's CHECK takes the current options, an engine index
 * whose key changed is built again, and the `__key`, `__idx`, `__sort` or `__check` that a defined
 * field no longer wants is dropped. Columns are never dropped, nor the indexes of a field no longer
 * defined (its column and data stay).
 */
export function constraintDdl(def: ResourceDef, registry: Registry): string {
  const table = ident(def.table);
  const statements: string[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    const column = ident(columnOf(name, field));
    if (field.kind === 'reference') {
      const target = registry.get(field.ref!);
      statements.push(
        `do $$ begin if not exists (select 1 from pg_constraint where conname = '${foreignKeyName(def, name)}') then ` +
          `alter table ${table} add constraint ${ident(foreignKeyName(def, name))} foreign key (${column}) references ${ident(target.table)} (id); end if; end $$`,
      );
    }
    statements.push(field.kind === 'enum' ? checkDdl(def, name, field) : dropCheckDdl(def, name));
  }
  const wanted = Object.entries(def.fields).flatMap(([name, field]) => fieldIndexes(def, name, field));
  const owned = Object.keys(def.fields).flatMap((name) => ['key', 'idx', 'sort'].map((suffix) => `${def.table}__${name}__${suffix}`));
  statements.push(...indexStatements(def, wanted, owned), ...sortIndexDdl(def));
  return `${statements.join(';\n')};`;
}

const BASE_SORT_COLUMNS: Record<string, string> = { createdOn: 'created_on', modifiedOn: 'modified_on' };

/**
 * Indexes that serve the list's ORDER BY (see `orderSql`: empty values sort as the smallest), so a
 * sorted page reads the first rows of an index instead of sorting the whole table: one
 * `(column nulls first)` per sortable column (made with the field's other indexes by `fieldIndexes`;
 * walked forwards for ascending, backwards for descending; a second sort key is an incremental sort
 * of the few rows read), one per never-empty base column, and one for the default sort's exact key.
 * Reference columns sort by the referenced record's name, which no index of this table can serve.
 */
export function sortIndexDdl(def: ResourceDef): string[] {
  const wanted: IndexSpec[] = Object.entries(BASE_SORT_COLUMNS).map(([name, column]) => ({ name: `${def.table}__${name}__sort`, keys: [{ column }] }));
  const defaultKey: IndexKey[] = [];
  for (const term of def.defaultSort) {
    const name = term.replace(/^-/, '');
    const field = def.fields[name];
    const column = field ? columnOf(name, field) : BASE_SORT_COLUMNS[name];
    // A reference sorts by the other table's name: the index can serve the key only up to it.
    if (!column || field?.kind === 'reference') break;
    const desc = term.startsWith('-');
    // As `orderSql` sorts: empty values as the smallest; never-empty base columns without a NULLS clause.
    defaultKey.push(field ? { column, desc, nulls: desc ? 'last' : 'first' } : { column, desc });
  }
  if (defaultKey.length > 1) wanted.push({ name: `${def.table}__default_order__idx`, keys: [...defaultKey, { column: 'id' }] });
  return [...indexStatements(def, wanted, [`${def.table}__default_order__idx`]), `drop index if exists ${ident(`${def.table}__default_sort__idx`)}`];
}

/** One migration per definition, named by the hash of its DDL: a changed definition migrates again. */
export function resourceMigrations(registry: Registry): Migration[] {
  const hashed = (prefix: string, up: string): Migration => ({ id: `${prefix}/${createHash('sha256').update(up).digest('hex').slice(0, 12)}`, up });
  return [
    ...registry.resources.map((def) => hashed(`records/${def.table}`, tableDdl(def, registry))),
    ...registry.resources.map((def) => hashed(`records/${def.table}/constraints`, constraintDdl(def, registry))),
  ];
}

/** The engine's own tables: record history, saved views, document counters. */
export const engineMigrations: Migration[] = [
  {
    id: 'records/0001_engine',
    up: `
      create table record_history (
        id bigint generated always as identity primary key,
        resource text not null,
        record_id uuid not null,
        at timestamptz not null default now(),
        actor_id uuid,
        source text not null,
        action text not null,
        changes jsonb not null default '{}'::jsonb,
        reason text,
        request_id text,
        ip text
      );
      create index record_history_record_idx on record_history (resource, record_id, id desc);

      create table saved_views (
        id uuid primary key default gen_random_uuid(),
        resource text not null,
        owner_id uuid not null references users (id) on delete cascade,
        name text not null,
        shared boolean not null default false,
        state jsonb not null,
        created_on timestamptz not null default now(),
        modified_on timestamptz not null default now()
      );
      create unique index saved_views_owner_name_key on saved_views (owner_id, resource, lower(name));
      create index saved_views_resource_idx on saved_views (resource, shared);

      create table saved_view_defaults (
        user_id uuid not null references users (id) on delete cascade,
        resource text not null,
        view_id uuid not null references saved_views (id) on delete cascade,
        primary key (user_id, resource)
      );

      create table document_counters (
        prefix text not null,
        year integer not null,
        last integer not null,
        primary key (prefix, year)
      );
    `,
  },
  {
    id: 'records/0002_search_fold',
    // Search that reads Arabic as people type it (fold.ts).
    up: `
      create or replace function search_fold(value text) returns text
        language sql immutable strict parallel safe
        as $fold$ select translate(lower(value), '${FOLD_FROM}', '${FOLD_TO}') $fold$;
    `,
  },
];
