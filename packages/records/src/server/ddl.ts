import { createHash } from 'node:crypto';
import { columnOf, hasActive, isSortable, isTextKind, type FieldDef, type Registry, type ResourceDef } from '../model/index.js';
import type { Migration } from '@propdesk/server-kit';
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

/**
 * Constraints and indexes of a definition, applied after every table exists (resources refer to
 * each other in both directions: a department's manager is a user, a user's department a department).
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
        `create index if not exists ${ident(`${def.table}__${name}__idx`)} on ${table} (${column})`,
      );
    }
    if (field.kind === 'references') {
      statements.push(`create index if not exists ${ident(`${def.table}__${name}__idx`)} on ${table} using gin (${column})`);
    }
    if (field.kind === 'enum') {
      const options = (field.options ?? []).map((option) => `'${option.replace(/'/g, "''")}'`).join(', ');
      statements.push(
        `do $$ begin if not exists (select 1 from pg_constraint where conname = '${checkName(def, name)}') then ` +
          `alter table ${table} add constraint ${ident(checkName(def, name))} check (${column} in (${options})); end if; end $$`,
      );
    }
    if (field.unique) {
      const scope = Array.isArray(field.unique) ? field.unique : [];
      const keyParts = [
        ...scope.map((scopeName) => ident(columnOf(scopeName, def.fields[scopeName]))),
        isTextKind(field.kind) ? `lower(${column})` : column,
      ];
      statements.push(`create unique index if not exists ${ident(uniqueIndexName(def, name))} on ${table} (${keyParts.join(', ')})`);
    } else if (field.indexed) {
      statements.push(`create index if not exists ${ident(`${def.table}__${name}__idx`)} on ${table} (${column})`);
    }
  }
  statements.push(...sortIndexDdl(def));
  return `${statements.join(';\n')};`;
}

const BASE_SORT_COLUMNS: Record<string, string> = { createdOn: 'created_on', modifiedOn: 'modified_on' };

/**
 * Indexes that serve the list's ORDER BY (see `orderSql`: empty values sort as the smallest), so a
 * sorted page reads the first rows of an index instead of sorting the whole table: one
 * `(column nulls first)` per sortable column (walked forwards for ascending, backwards for
 * descending; a second sort key is an incremental sort of the few rows read), and one for the
 * default sort's exact key. Reference columns sort by the referenced record's name, which no index
 * of this table can serve.
 */
export function sortIndexDdl(def: ResourceDef): string[] {
  const table = ident(def.table);
  const statements: string[] = [];
  const sortable = Object.entries(def.fields).filter(([, field]) => isSortable(field) && field.kind !== 'reference' && field.kind !== 'boolean');
  for (const [name, field] of sortable) {
    statements.push(`create index if not exists ${ident(`${def.table}__${name}__sort`)} on ${table} (${ident(columnOf(name, field))} nulls first)`);
  }
  for (const [name, column] of Object.entries(BASE_SORT_COLUMNS)) {
    statements.push(`create index if not exists ${ident(`${def.table}__${name}__sort`)} on ${table} (${ident(column)})`);
  }
  const defaultKey: string[] = [];
  for (const term of def.defaultSort) {
    const name = term.replace(/^-/, '');
    const field = def.fields[name];
    const column = field ? columnOf(name, field) : BASE_SORT_COLUMNS[name];
    // A reference sorts by the other table's name: the index can serve the key only up to it.
    if (!column || field?.kind === 'reference') break;
    // As `orderSql` sorts: never-empty base columns without a NULLS clause.
    const order = field ? (term.startsWith('-') ? 'desc nulls last' : 'asc nulls first') : term.startsWith('-') ? 'desc' : 'asc';
    defaultKey.push(`${ident(column)} ${order}`);
  }
  if (defaultKey.length > 1) statements.push(`create index if not exists ${ident(`${def.table}__default_order__idx`)} on ${table} (${defaultKey.join(', ')}, id)`);
  statements.push(`drop index if exists ${ident(`${def.table}__default_sort__idx`)}`);
  return statements;
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
];
