import { runMigrations, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { createMany, updateMany } from './batch.js';
import { deleteMany } from './batchDelete.js';
import { resourceMigrations } from './ddl.js';
import { Lifecycle } from './lifecycle.js';
import { engineTransaction, historyOf, usageOf, type Caller, type EngineContext } from './records.js';
import { fixtureApp, fixtureDatabase } from './test/fixtures.js';

/**
 * A document's internal child (`internal`): the engine's table, base columns, versions, history and
 * set-based writes, but no calls, OpenAPI paths, saved views, usage or change notices of its own, and
 * its rows go with its parent, through the engine.
 */
const teams: ResourceDef = {
  name: 'teams',
  table: 'teams',
  label: 'Teams',
  singular: 'Team',
  entity: 'team',
  hasActive: false,
  route: '/teams',
  fields: { name: { kind: 'text', label: 'Name', required: true } },
  defaultSort: ['name'],
  listColumns: ['name'],
};
const grants: ResourceDef = {
  name: 'team-grants',
  table: 'team_grants',
  label: 'Team grants',
  singular: 'Team grant',
  entity: 'team',
  hasActive: false,
  internal: { parentField: 'team' },
  fields: {
    team: { kind: 'reference', label: 'Team', ref: 'teams', required: true },
    name: { kind: 'text', label: 'Grant', required: true },
  },
  defaultSort: ['name'],
  listColumns: ['name'],
};
/** Something else that refers to a grant, so a grant can be "still referred to". */
const notes: ResourceDef = {
  name: 'grant-notes',
  table: 'grant_notes',
  label: 'Grant notes',
  singular: 'Grant note',
  entity: 'grantNote',
  hasActive: false,
  fields: { name: { kind: 'text', label: 'Name', required: true }, grant: { kind: 'reference', label: 'Grant', ref: 'team-grants' } },
  defaultSort: ['name'],
  listColumns: ['name'],
};

describe('an internal child definition', () => {
  it('is checked: a required reference to a parent that is not internal, its parent’s entity, nothing served on its own', () => {
    expect(() => createRegistry([teams, { ...grants, route: '/grants' }])).toThrow('an internal child has no route');
    expect(() => createRegistry([teams, { ...grants, internal: { parentField: 'name' } }])).toThrow('internal parentField name must be a reference field');
    expect(() => createRegistry([teams, { ...grants, fields: { ...grants.fields, team: { kind: 'reference', label: 'Team', ref: 'teams' } } }])).toThrow('must be required');
    expect(() => createRegistry([teams, { ...grants, entity: 'teamGrant' }])).toThrow("an internal child's entity is its parent's (team), not teamGrant");
    const nested: ResourceDef = { ...grants, name: 'sub-grants', table: 'sub_grants', fields: { grant: { kind: 'reference', label: 'Grant', ref: 'team-grants', required: true }, name: grants.fields.name! }, internal: { parentField: 'grant' } };
    expect(() => createRegistry([teams, grants, nested])).toThrow('its parent team-grants is itself internal');
    expect(() => createRegistry([{ ...teams, children: { lines: { resource: 'team-grants', parentField: 'team' } } }, grants])).toThrow('child list lines is internal resource team-grants');
  });

  it('is its parent’s internal child in the registry, and no referrer of what it refers to', () => {
    const registry = createRegistry([teams, grants, notes]);
    expect(registry.internalChildren('teams')).toEqual([[grants, 'team']]);
    expect(registry.internalChildren('team-grants')).toEqual([]);
    expect(registry.referrers('teams')).toEqual([]);
    expect(registry.referrers('team-grants')).toEqual([[notes, 'grant']]);
  });
});

describe('an internal child on the engine', () => {
  const registry = createRegistry([teams, grants, notes]);
  const observed: string[] = [];
  const userId = '00000000-0000-4000-8000-000000000001';
  const caller: Caller = { auth: null, source: 'system' };
  let db: Database;
  let app: FastifyInstance;
  let engine: EngineContext;
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(['read', 'create', 'update', 'delete'].flatMap((action) => [{ entityName: 'team', action }, { entityName: 'grantNote', action }])) },
    });
    return { status: response.statusCode, body: response.json() as { data: Record<string, unknown> & { id: string } } };
  };
  const rows = async (teamId: string) =>
    (await db.query<{ name: string; version: number }>('select name, version from team_grants where team_id = $1 order by name', [teamId])).rows;

  beforeAll(async () => {
    db = await fixtureDatabase(registry);
    await db.query("insert into users (id, username) values ($1, 'tester')", [userId]);
    engine = { db, registry, lifecycle: new Lifecycle(registry), observeChanges: (_tx, resource, op, ids) => void observed.push(`${resource}:${op}:${ids.length}`) };
    app = await fixtureApp(db, { registry, engine });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('has no calls and no OpenAPI paths of its own; its parent keeps all of its', async () => {
    const paths = Object.keys((app as unknown as { swagger: () => { paths: Record<string, unknown> } }).swagger().paths);
    expect(paths).toContain('/api/teams/{id}');
    expect(paths).toContain('/api/grant-notes');
    expect(paths.filter((path) => path.includes('team-grants'))).toEqual([]);
    expect((await call('GET', '/api/team-grants')).status).toBe(404);
    expect((await call('GET', '/api/team-grants/export')).status).toBe(404);
    expect((await call('GET', '/api/views?resource=team-grants')).status).toBe(400);
    expect((await call('GET', '/api/views?resource=teams')).status).toBe(200);
  });

  it('is written set by set with the base columns, versions and history, and publishes no change of its own', async () => {
    const team = (await call('POST', '/api/teams', { name: 'Blue' })).body.data;
    observed.length = 0;
    const made = await engineTransaction(engine, (tx) => createMany(engine, tx, grants, caller, ['read', 'write', 'admin'].map((name) => ({ values: { team: team.id, name } })), { reason: 'Granted' }));
    expect(made.map((row) => [row.name, row.version, typeof row.createdOn])).toEqual([['read', 1, 'string'], ['write', 1, 'string'], ['admin', 1, 'string']]);
    const history = await historyOf(db, grants, null, made[0]!.id);
    expect(history.map((entry) => [entry.action, entry.source, entry.reason, entry.changes.name?.after])).toEqual([['create', 'system', 'Granted', 'read']]);
    await engineTransaction(engine, (tx) => updateMany(engine, tx, grants, caller, [{ id: made[1]!.id, values: { name: 'edit' } }]));
    expect(await rows(team.id)).toEqual([{ name: 'admin', version: 1 }, { name: 'edit', version: 2 }, { name: 'read', version: 1 }]);
    const gone = await engineTransaction(engine, (tx) => deleteMany(engine, tx, grants, caller, [made[0]!.id, made[2]!.id], { reason: 'Taken away' }));
    expect(gone.map((row) => row.name)).toEqual(['read', 'admin']);
    expect(await rows(team.id)).toEqual([{ name: 'edit', version: 2 }]);
    // As `deleteRecord`'s: the entry says who deleted it, when and why (its values are in its create entry).
    expect((await historyOf(db, grants, null, made[2]!.id)).map((entry) => [entry.action, entry.reason, entry.changes.name?.after])).toEqual([
      ['delete', 'Taken away', undefined],
      ['create', 'Granted', 'admin'],
    ]);
    // Its parent's own write is what others hear of: nothing of the child's.
    expect(observed).toEqual([]);
    // Nor is it a use of its parent.
    expect(await usageOf(engine, db, teams, team.id)).toEqual([]);
  });

  it('deletes a set in a fixed number of statements, and refuses the whole set when one row is still referred to', async () => {
    const team = (await call('POST', '/api/teams', { name: 'Green' })).body.data;
    const made = await engineTransaction(engine, (tx) => createMany(engine, tx, grants, caller, Array.from({ length: 30 }, (_unused, index) => ({ values: { team: team.id, name: `g${index}` } }))));
    const note = (await call('POST', '/api/grant-notes', { name: 'Keeps g3', grant: made[3]!.id })).body.data;
    const refused = await engineTransaction(engine, (tx) => deleteMany(engine, tx, grants, caller, made.map((row) => row.id))).catch((error: { statusCode?: number }) => error.statusCode);
    expect(refused).toBe(409);
    expect(await rows(team.id)).toHaveLength(30);
    await call('DELETE', `/api/grant-notes/${note.id}`);
    let statements = 0;
    await engineTransaction(engine, async (tx) => {
      const spy = vi.spyOn(tx, 'query');
      await deleteMany(engine, tx, grants, caller, made.map((row) => row.id));
      statements = spy.mock.calls.length;
      spy.mockRestore();
    });
    expect(await rows(team.id)).toEqual([]);
    // A lock-and-read, a savepoint around the delete, one history insert: 30 rows or 3.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(8);
    await expect(deleteMany(engine, db, grants, caller, [made[0]!.id, made[0]!.id])).rejects.toThrow('appears twice');
  });

  it('goes with its parent: the parent’s delete removes its rows through the engine, each with its history', async () => {
    const team = (await call('POST', '/api/teams', { name: 'Red' })).body.data;
    const made = await engineTransaction(engine, (tx) => createMany(engine, tx, grants, caller, [{ values: { team: team.id, name: 'one' } }, { values: { team: team.id, name: 'two' } }]));
    const deleted = await call('DELETE', `/api/teams/${team.id}`);
    expect(deleted.body.data).toEqual({ deleted: true, deactivated: false, usage: [] });
    expect(await rows(team.id)).toEqual([]);
    for (const row of made) expect((await historyOf(db, grants, null, row.id)).map((entry) => [entry.action, entry.actorId, entry.source])).toEqual([['delete', userId, 'api'], ['create', null, 'system']]);
  });
});

describe('an existing side table taken in as an internal child', () => {
  it('gets the base columns and an id for every row it already has, and is then written by the engine', async () => {
    const db = await fixtureDatabase(createRegistry([teams]));
    try {
      const team = (await db.query<{ id: string }>("insert into teams (name) values ('Old') returning id::text as id")).rows[0]!.id;
      await db.exec('create table legacy_grants (team_id uuid not null references teams (id) on delete cascade, name text not null, primary key (team_id, name))');
      await db.query("insert into legacy_grants (team_id, name) values ($1, 'read'), ($1, 'write')", [team]);
      const legacy: ResourceDef = { ...grants, name: 'legacy-grants', table: 'legacy_grants', existingTable: true };
      const registry = createRegistry([teams, legacy]);
      await runMigrations(db, resourceMigrations(registry));
      const rows = (await db.query<{ id: string | null; name: string; version: number }>('select id::text, name, version from legacy_grants order by name')).rows;
      expect(rows.map((row) => [row.name, row.version])).toEqual([['read', 1], ['write', 1]]);
      expect(new Set(rows.map((row) => row.id)).size).toBe(2);
      expect(rows.every((row) => typeof row.id === 'string')).toBe(true);
      const engine: EngineContext = { db, registry, lifecycle: new Lifecycle(registry) };
      await engineTransaction(engine, async (tx) => {
        await deleteMany(engine, tx, legacy, { auth: null, source: 'system' }, [rows[0]!.id!]);
        await createMany(engine, tx, legacy, { auth: null, source: 'system' }, [{ values: { team, name: 'admin' } }]);
      });
      expect((await db.query<{ name: string }>('select name from legacy_grants order by name')).rows.map((row) => row.name)).toEqual(['admin', 'write']);
      // Migrating again changes nothing.
      expect(await runMigrations(db, resourceMigrations(registry))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
