import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

/** What the settings screens add to the records engine: users, roles, the unit tools. */
describe.each(DB_KINDS)('settings on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let admin: ReturnType<typeof createAgent>;

  const adminPrivileges: Privilege[] = [
    ...['user', 'role', 'unit', 'project'].flatMap((entityName) => ['read', 'create', 'update'].map((action) => ({ entityName, action }))),
    { entityName: 'unit', fieldName: 'basePrice', action: 'read' },
    { entityName: 'unit', fieldName: 'basePrice', action: 'update' },
  ];

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    const user = await createTestUser(db, adminPrivileges);
    admin = createAgent(app);
    expect((await admin.login(user.username)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  async function newRole(privileges: Privilege[]) {
    const response = await admin.request({ method: 'POST', url: '/api/roles', payload: { name: unique('Role'), description: 'test', privileges } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; version: number };
  }

  async function newUser(roles: string[], password = 'correct horse battery') {
    const username = unique('person');
    const response = await admin.request({ method: 'POST', url: '/api/users', payload: { username, fullName: 'Pat Person', password, roles } });
    expect(response.statusCode, response.body).toBe(201);
    return { ...(response.json().data as { id: string; version: number }), username, password };
  }

  it('creates a user with a first password and roles; the user signs in with them', async () => {
    const role = await newRole([{ entityName: 'source', action: 'read' }]);
    const user = await newUser([role.id]);
    const agent = createAgent(app);
    expect((await agent.login(user.username, user.password)).statusCode).toBe(200);
    const privileges = (await agent.request({ method: 'GET', url: '/api/users/privileges' })).json() as Privilege[];
    expect(privileges.map((privilege) => `${privilege.entityName}:${privilege.action}`)).toEqual(['source:read']);
    const read = (await admin.request({ method: 'GET', url: `/api/users/${user.id}` })).json().data;
    expect(read.roles).toEqual([role.id]);
    expect(read).not.toHaveProperty('password');
    expect(read).not.toHaveProperty('passwordHash');
  });

  it('refuses a short first password and an unknown role, and writes nothing', async () => {
    const short = await admin.request({ method: 'POST', url: '/api/users', payload: { username: unique('short'), fullName: 'S', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe('password');
    const username = unique('norole');
    const unknownRole = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { username, fullName: 'N', password: 'a long enough passphrase', roles: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect((await db.query('select 1 from users where lower(username) = lower($1)', [username])).rows).toHaveLength(0);
  });

  it("a change to a role's privileges applies to its users on their next request", async () => {
    const role = await newRole([{ entityName: 'source', action: 'read' }]);
    const user = await newUser([role.id]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    expect((await agent.request({ method: 'GET', url: '/api/banks' })).statusCode).toBe(423);
    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/roles/${role.id}`,
      payload: { version: role.version, privileges: [{ entityName: 'bank', action: 'read' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/banks' })).statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/sources' })).statusCode).toBe(423);
  });

  it("a role's grants and a user's roles leave history: who changed them, what was granted and taken away", async () => {
    const role = await newRole([{ entityName: 'source', action: 'read' }]);
    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/roles/${role.id}`,
      payload: { version: role.version, privileges: [{ entityName: 'bank', action: 'read' }, { entityName: 'lead', fieldName: 'phone', action: 'read' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    type Entry = { action: string; reason: string | null; actorId: string | null; changes: Record<string, { before: unknown; after: unknown }> };
    const roleHistory = (await admin.request({ method: 'GET', url: `/api/roles/${role.id}/history` })).json().data as Entry[];
    const grants = roleHistory.filter((entry) => entry.action === 'privileges');
    expect(grants).toHaveLength(2);
    expect(grants[0]).toMatchObject({ reason: 'Granted: bank:read, lead.phone:read; taken away: source:read.', changes: { privileges: { before: ['source:read'], after: ['bank:read', 'lead.phone:read'] } } });
    expect(grants[0]!.actorId).not.toBeNull();
    expect(grants[1]).toMatchObject({ reason: 'Granted: source:read.', changes: { privileges: { before: [], after: ['source:read'] } } });
    // The same matrix again changes nothing and records nothing.
    const version = (changed.json().data as { version: number }).version;
    await admin.request({ method: 'PATCH', url: `/api/roles/${role.id}`, payload: { version, privileges: [{ entityName: 'bank', action: 'read' }, { entityName: 'lead', fieldName: 'phone', action: 'read' }] } });
    expect(((await admin.request({ method: 'GET', url: `/api/roles/${role.id}/history` })).json().data as Entry[]).filter((entry) => entry.action === 'privileges')).toHaveLength(2);

    const other = await newRole([]);
    const user = await newUser([role.id]);
    const moved = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { version: user.version, roles: [other.id] } });
    expect(moved.statusCode, moved.body).toBe(200);
    const userHistory = ((await admin.request({ method: 'GET', url: `/api/users/${user.id}/history` })).json().data as Entry[]).filter((entry) => entry.action === 'roles');
    expect(userHistory).toHaveLength(2);
    expect(userHistory[0]!.changes.roles).toEqual({ before: [role.id], after: [other.id] });
    expect(userHistory[0]!.reason).toMatch(/^Granted: Role\..+; taken away: Role\..+\.$/);
    expect(userHistory[1]!.changes.roles).toEqual({ before: [], after: [role.id] });
  });

  it("a role's grants and a user's roles are engine rows: each kept with its version and history, and gone with a deleted role", async () => {
    type Row = { id: string; grant: string; version: number; created_by: string | null };
    const grantRows = async (roleId: string) =>
      (await db.query<Row>("select id::text, entity_name || coalesce('.' || field_name, '') || ':' || action as grant, version, created_by::text from role_privileges where role_id = $1 order by 2", [roleId])).rows;
    const historyOf = async (resource: string, id: string) =>
      (await db.query<{ action: string; source: string; actor: string | null }>('select action, source, actor_id::text as actor from record_history where resource = $1 and record_id = $2 order by id', [resource, id])).rows.map((row) => `${row.action}/${row.source}/${row.actor ? 'someone' : 'nobody'}`);
    const role = await newRole([{ entityName: 'source', action: 'read' }, { entityName: 'bank', action: 'read' }]);
    const first = await grantRows(role.id);
    expect(first.map((row) => [row.grant, row.version, row.created_by !== null])).toEqual([['bank:read', 1, true], ['source:read', 1, true]]);
    for (const row of first) expect(await historyOf('role-privileges', row.id)).toEqual(['create/api/someone']);
    // Only what changed is written: bank:read stays the same row; source:read goes, lead.phone:read comes.
    const changed = await admin.request({ method: 'PATCH', url: `/api/roles/${role.id}`, payload: { version: role.version, privileges: [{ entityName: 'bank', action: 'read' }, { entityName: 'lead', fieldName: 'phone', action: 'read' }, { entityName: 'BANK', action: 'Read' }] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await grantRows(role.id);
    expect(second.map((row) => row.grant)).toEqual(['bank:read', 'lead.phone:read']);
    expect(second[0]!.id).toBe(first[0]!.id);
    expect(await historyOf('role-privileges', first[1]!.id)).toEqual(['create/api/someone', 'delete/api/someone']);
    expect(await historyOf('role-privileges', second[1]!.id)).toEqual(['create/api/someone']);

    const user = await newUser([role.id]);
    const held = (await db.query<{ id: string; version: number }>('select id::text, version from user_roles where user_id = $1', [user.id])).rows;
    expect(held.map((row) => row.version)).toEqual([1]);
    expect(await historyOf('user-roles', held[0]!.id)).toEqual(['create/api/someone']);
    const other = await newRole([]);
    const moved = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { version: user.version, roles: [other.id] } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await historyOf('user-roles', held[0]!.id)).toEqual(['create/api/someone', 'delete/api/someone']);
    expect((await db.query<{ role: string }>('select role_id::text as role from user_roles where user_id = $1', [user.id])).rows).toEqual([{ role: other.id }]);

    // A role nobody holds is deleted with its grants, each grant's row leaving its delete in its history.
    const deleted = await admin.request({ method: 'DELETE', url: `/api/roles/${role.id}` });
    expect(deleted.json().data).toEqual({ deleted: true, deactivated: false, usage: [] });
    expect(await grantRows(role.id)).toEqual([]);
    expect(await historyOf('role-privileges', second[1]!.id)).toEqual(['create/api/someone', 'delete/api/someone']);
    // Every grant and every user's role has its own id (the rows from before the migration too).
    for (const table of ['role_privileges', 'user_roles']) {
      const ids = (await db.query<{ n: number; ids: number }>(`select count(*)::int as n, count(distinct id)::int as ids from ${table}`)).rows[0]!;
      expect(ids.n).toBeGreaterThan(0);
      expect(ids.ids).toBe(ids.n);
    }
  });

  it('deactivating a user ends their session at once; deleting a user only deactivates', async () => {
    const role = await newRole([{ entityName: 'source', action: 'read' }]);
    const user = await newUser([role.id]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    expect((await agent.request({ method: 'GET', url: '/api/sources' })).statusCode).toBe(200);
    const deactivated = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { version: user.version, active: false } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/sources' })).statusCode).toBe(401);
    expect((await createAgent(app).login(user.username, user.password)).statusCode).toBe(400);
    const other = await newUser([]);
    const removed = await admin.request({ method: 'DELETE', url: `/api/users/${other.id}` });
    expect(removed.json().data).toMatchObject({ deleted: false, deactivated: true });
  });

  it('refuses to delete a role users still have', async () => {
    const role = await newRole([]);
    await newUser([role.id]);
    const refused = await admin.request({ method: 'DELETE', url: `/api/roles/${role.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('given to 1 user');
    const lonely = await newRole([]);
    expect((await admin.request({ method: 'DELETE', url: `/api/roles/${lonely.id}` })).json().data.deleted).toBe(true);
  });

  it('sets a new password: the old one stops working and open sessions end', async () => {
    const user = await newUser([]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    const reset = await admin.request({ method: 'POST', url: `/api/users/${user.id}/password`, payload: { password: 'a brand new passphrase' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await createAgent(app).login(user.username, user.password)).statusCode).toBe(400);
    expect((await createAgent(app).login(user.username, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: `/api/users/${user.id}/password`, payload: { password: 'short' } })).statusCode).toBe(400);
  });

  it("creates a block's units from a pattern after a preview, refusing codes that exist", async () => {
    const project = await admin.request({ method: 'POST', url: '/api/projects', payload: { name: unique('Tower'), code: `T${Date.now() % 100000}` } });
    expect(project.statusCode, project.body).toBe(201);
    const pattern = { project: project.json().data.id, block: 'Q', fromFloor: 1, toFloor: 3, unitsPerFloor: 4, codePattern: '{block}-{floor}{unit}', basePrice: '1500000.00' };
    const preview = await admin.request({ method: 'POST', url: '/api/units/generate', payload: { ...pattern, dryRun: true } });
    expect(preview.json().data).toMatchObject({ count: 12, clashes: [] });
    expect(preview.json().data.sample.slice(0, 2)).toEqual(['Q-0101', 'Q-0102']);
    expect((await db.query('select 1 from units where project_id = $1', [pattern.project])).rows).toHaveLength(0);
    const made = await admin.request({ method: 'POST', url: '/api/units/generate', payload: { ...pattern, dryRun: false } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await db.query('select 1 from units where project_id = $1', [pattern.project])).rows).toHaveLength(12);
    const again = await admin.request({ method: 'POST', url: '/api/units/generate', payload: { ...pattern, dryRun: false } });
    expect(again.statusCode).toBe(400);
    expect((await db.query('select 1 from units where project_id = $1', [pattern.project])).rows).toHaveLength(12);

    const reprice = await admin.request({ method: 'POST', url: '/api/units/reprice', payload: { project: pattern.project, percent: 10, dryRun: true } });
    expect(reprice.json().data).toMatchObject({ count: 12, totalBefore: '18000000.00', totalAfter: '19800000.00' });
    const applied = await admin.request({ method: 'POST', url: '/api/units/reprice', payload: { project: pattern.project, percent: 10, dryRun: false } });
    expect(applied.statusCode).toBe(200);
    const prices = await db.query<{ price: string }>('select distinct base_price::text as price from units where project_id = $1', [pattern.project]);
    expect(prices.rows).toEqual([{ price: '1650000.00' }]);
    const noGrant = await createTestUser(db, [{ entityName: 'unit', action: 'update' }]);
    const clerk = createAgent(app);
    await clerk.login(noGrant.username);
    expect((await clerk.request({ method: 'POST', url: '/api/units/reprice', payload: { project: pattern.project, percent: 5, dryRun: true } })).statusCode).toBe(423);
  });
});
