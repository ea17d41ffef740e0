import { openDatabase, runMigrations, type Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type FieldDef, type ResourceDef } from '../model/index.js';
import { orderLines, orders, projects, sourceTypes, sources, units } from '../test/definitions.js';
import { constraintDdl, resourceMigrations } from './ddl.js';

// The schema follows the definitions: a changed definition migrates again (its DDL's hash is in the
// migration id) and the database takes the new columns, enum options, unique scopes and indexes,
// keeping every row, on PGlite and on PostgreSQL.
const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const KINDS = ADMIN_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const USERS_TABLE = `create table if not exists users (id uuid primary key default gen_random_uuid(), username text not null, full_name text not null default '')`;

const teams: ResourceDef = {
  name: 'teams',
  table: 'evo_teams',
  label: 'Teams',
  singular: 'Team',
  entity: 'team',
  fields: { name: { kind: 'text', label: 'Name', required: true, unique: true } },
  defaultSort: ['name'],
  listColumns: ['name'],
};

const baseFields: Record<string, FieldDef> = {
  title: { kind: 'text', label: 'Title', required: true },
  team: { kind: 'reference', label: 'Team', ref: 'teams', required: true },
  code: { kind: 'text', label: 'Code', unique: true },
  state: { kind: 'enum', label: 'State', options: ['open', 'done', 'dropped'], default: 'open', required: true },
  priority: { kind: 'integer', label: 'Priority' },
  note: { kind: 'text', label: 'Note', indexed: true, sortable: false },
};

/** The tasks definition at one step of its life. */
const tasks = (fields: Record<string, FieldDef>): ResourceDef => ({
  name: 'tasks',
  table: 'evo_tasks',
  label: 'Tasks',
  singular: 'Task',
  entity: 'task',
  labelField: 'title',
  fields,
  defaultSort: ['-priority', 'title'],
  listColumns: ['title'],
});

/** `fields` with one field changed. */
const change = (fields: Record<string, FieldDef>, name: string, patch: Partial<FieldDef>): Record<string, FieldDef> => ({ ...fields, [name]: { ...fields[name]!, ...patch } });

const v1 = baseFields;
const v2 = { ...v1, dueOn: { kind: 'date', label: 'Due on' } } satisfies Record<string, FieldDef>;
const v3 = change(v2, 'state', { options: ['open', 'done', 'dropped', 'blocked'] });
const v4 = change(v3, 'state', { options: ['open', 'done', 'blocked'] });
const v5 = change(v4, 'code', { unique: ['team'] });
const v6 = change(change(v5, 'priority', { indexed: true }), 'note', { indexed: false });

const migrate = (db: Database, fields: Record<string, FieldDef>) => runMigrations(db, resourceMigrations(createRegistry([teams, tasks(fields)])));

describe.each(KINDS)('the schema follows the definitions on %s', (kind) => {
  let db: Database;
  let dropName: string | undefined;
  const teamIds: Record<string, string> = {};

  const indexes = async () =>
    (await db.query<{ name: string }>("select indexname as name from pg_indexes where tablename = 'evo_tasks' order by 1")).rows.map((row) => row.name);
  const insert = (values: Record<string, unknown>) => {
    const row = { title: 'Task', team_id: teamIds['a'], ...values };
    const columns = Object.keys(row);
    return db.query(`insert into evo_tasks (${columns.join(', ')}) values (${columns.map((_column, index) => `$${index + 1}`).join(', ')})`, Object.values(row));
  };
  /** The object ids of the engine's indexes and constraints: a rebuilt one gets a new id. */
  const catalog = async () =>
    (
      await db.query<{ name: string; oid: number }>(
        `select c.relname as name, c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'i' and n.nspname = current_schema()
         union all select conname, oid::int from pg_constraint where connamespace = (select oid from pg_namespace where nspname = current_schema())
         order by 1`,
      )
    ).rows;

  beforeAll(async () => {
    if (kind === 'pglite') db = await openDatabase({ dataDir: 'memory://' });
    else {
      dropName = `propdesk_test_${Math.random().toString(36).slice(2, 10)}`;
      const admin = await openDatabase({ databaseUrl: ADMIN_URL, dataDir: '' });
      await admin.exec(`create database ${dropName}`);
      await admin.close();
      const url = new URL(ADMIN_URL!);
      url.pathname = `/${dropName}`;
      db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    }
    await migrate(db, v1);
    for (const name of ['a', 'b']) {
      teamIds[name] = (await db.query<{ id: string }>('insert into evo_teams (name) values ($1) returning id::text as id', [`Team ${name}`])).rows[0]!.id;
    }
    await insert({ title: 'Old open', code: 'X1', state: 'open' });
    await insert({ title: 'Old dropped', code: 'X2', state: 'dropped', team_id: teamIds['b'] });
  });
  afterAll(async () => {
    await db?.close();
    if (dropName) {
      const admin = await openDatabase({ databaseUrl: ADMIN_URL, dataDir: '' });
      await admin.exec(`drop database if exists ${dropName} with (force)`);
      await admin.close();
    }
  });

  it('makes the first schema: unique key, enum check, index on an indexed field', async () => {
    expect(await indexes()).toEqual(
      expect.arrayContaining(['evo_tasks__code__key', 'evo_tasks__note__idx', 'evo_tasks__team__idx', 'evo_tasks__title__sort', 'evo_tasks__default_order__idx']),
    );
    expect(await indexes()).not.toContain('evo_tasks__priority__idx');
    await expect(insert({ title: 'Bad', state: 'blocked' })).rejects.toMatchObject({ code: '23514', constraint: 'evo_tasks__state__check' });
  });

  it('adds a new field as a column and keeps the old rows; migrating again applies nothing', async () => {
    const applied = await migrate(db, v2);
    expect(applied.some((id) => id.startsWith('records/evo_tasks/'))).toBe(true);
    const rows = await db.query<{ title: string; due_on: string | null }>('select title, due_on::text as due_on from evo_tasks order by title');
    expect(rows.rows).toEqual([
      { title: 'Old dropped', due_on: null },
      { title: 'Old open', due_on: null },
    ]);
    await insert({ title: 'Dated', due_on: '2026-01-31' });
    expect(await migrate(db, v2)).toEqual([]);
  });

  it('takes a new enum option', async () => {
    await expect(insert({ title: 'Blocked too early', state: 'blocked' })).rejects.toMatchObject({ code: '23514' });
    await migrate(db, v3);
    await insert({ title: 'Blocked', state: 'blocked' });
    expect((await db.query("select 1 from evo_tasks where state = 'blocked'")).rows).toHaveLength(1);
  });

  it('refuses a removed enum option for new rows yet keeps the old row that holds it', async () => {
    await migrate(db, v4);
    await expect(insert({ title: 'Dropped again', state: 'dropped' })).rejects.toMatchObject({ code: '23514', constraint: 'evo_tasks__state__check' });
    expect((await db.query<{ title: string }>("select title from evo_tasks where state = 'dropped'")).rows).toEqual([{ title: 'Old dropped' }]);
    const check = await db.query<{ valid: boolean }>("select convalidated as valid from pg_constraint where conname = 'evo_tasks__state__check'");
    expect(check.rows).toEqual([{ valid: false }]);
    // Once no row holds it, running the DDL again validates the constraint.
    await db.query("update evo_tasks set state = 'done' where state = 'dropped'");
    await db.exec(constraintDdl(tasks(v4), createRegistry([teams, tasks(v4)])));
    expect((await db.query<{ valid: boolean }>("select convalidated as valid from pg_constraint where conname = 'evo_tasks__state__check'")).rows).toEqual([
      { valid: true },
    ]);
  });

  it('changes a unique scope: the same code in two teams is allowed, twice in one team refused', async () => {
    await expect(insert({ title: 'Same code, other team', code: 'X1', team_id: teamIds['b'] })).rejects.toMatchObject({ code: '23505' });
    await migrate(db, v5);
    await insert({ title: 'Same code, other team', code: 'X1', team_id: teamIds['b'] });
    await expect(insert({ title: 'Same code, same team', code: 'x1' })).rejects.toMatchObject({ code: '23505', constraint: 'evo_tasks__code__key' });
    const definition = await db.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'evo_tasks__code__key'");
    expect(definition.rows[0]!.indexdef).toMatch(/\(team_id, lower\(code\)\)/);
  });

  it('adds the index of a field made indexed and drops the one of a field no longer indexed, rebuilding nothing else', async () => {
    const before = await catalog();
    await migrate(db, v6);
    const names = await indexes();
    expect(names).toContain('evo_tasks__priority__idx');
    expect(names).not.toContain('evo_tasks__note__idx');
    const after = await catalog();
    const kept = before.filter((entry) => entry.name !== 'evo_tasks__note__idx');
    expect(after.filter((entry) => entry.name !== 'evo_tasks__priority__idx')).toEqual(kept);
    expect((await db.query<{ n: number }>('select count(*)::int as n from evo_tasks')).rows[0]!.n).toBe(5);
  });

  it('fails with the table and field named when existing rows break a new unique key, and changes nothing', async () => {
    const v7 = change(v6, 'title', { unique: true });
    await insert({ title: 'Twice' });
    await insert({ title: 'twice' });
    await expect(migrate(db, v7)).rejects.toThrow(/field title of table evo_tasks unique/);
    expect(await indexes()).not.toContain('evo_tasks__title__key');
    expect(await indexes()).toContain('evo_tasks__priority__idx');
  });

  it('keeps every index and constraint of an unchanged definition when its DDL runs again', async () => {
    await db.exec(USERS_TABLE);
    const fixtures = createRegistry([sourceTypes, sources, projects, units, orders, orderLines]);
    await runMigrations(db, resourceMigrations(fixtures));
    const registry = createRegistry([teams, tasks(v6)]);
    const before = await catalog();
    expect(before.length).toBeGreaterThan(30);
    for (const def of [...fixtures.resources, ...registry.resources]) await db.exec(constraintDdl(def, def.name === 'tasks' || def.name === 'teams' ? registry : fixtures));
    expect(await catalog()).toEqual(before);
  });
});
