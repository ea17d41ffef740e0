import { LISTENER_NAME, openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

type Agent = ReturnType<typeof createAgent>;

const privileges = async (agent: Agent) => agent.request({ method: 'GET', url: '/api/users/privileges' });

/** Signs a fresh user in and makes one guarded call, so the session is in the app's cache. */
async function cachedUser(db: Database, app: FastifyInstance) {
  const user = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
  const agent = createAgent(app);
  expect((await agent.login(user.username, user.password)).statusCode).toBe(200);
  expect((await privileges(agent)).statusCode).toBe(200);
  const hits = app.sessionCache.stats.hits;
  expect((await privileges(agent)).statusCode).toBe(200);
  expect(app.sessionCache.stats.hits).toBe(hits + 1);
  return { user, agent };
}

const roleOf = async (db: Database, userId: string) =>
  (await db.query<{ role_id: string }>('select role_id::text as role_id from user_roles where user_id = $1', [userId])).rows[0]!.role_id;

describe.each(DB_KINDS)('session cache on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let admin: Agent;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    admin = createAgent(app);
    expect((await admin.login('admin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('answers a guarded call from the cache without reading the session again', async () => {
    const { agent } = await cachedUser(db, app);
    const misses = app.sessionCache.stats.misses;
    for (let index = 0; index < 5; index++) expect((await privileges(agent)).statusCode).toBe(200);
    expect(app.sessionCache.stats.misses).toBe(misses);
  });

  it('logout ends the session on the very next request', async () => {
    const { agent } = await cachedUser(db, app);
    const access = agent.cookie('pd_access')!;
    expect((await agent.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    const replay = await app.inject({ method: 'GET', url: '/api/users/privileges', headers: { cookie: `pd_access=${access}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('forced sign-out ends it on the very next request', async () => {
    const { user, agent } = await cachedUser(db, app);
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${user.id}/sessions` })).statusCode).toBe(200);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it('refresh-token reuse ends it on the very next request', async () => {
    const { user, agent } = await cachedUser(db, app);
    const stolen = agent.cookie('pd_refresh')!;
    expect((await agent.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(200);
    expect((await privileges(agent)).statusCode).toBe(200);
    // The rotated token presented again after the grace window: the whole session is revoked.
    await db.query("update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null and session_id in (select id from sessions where user_id = $1)", [user.id]);
    const replay = await app.inject({ method: 'GET', url: '/api/users/restore-session', cookies: { pd_refresh: stolen } });
    expect(replay.statusCode).toBe(401);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it("a password reset ends the user's sessions on the very next request", async () => {
    const { user, agent } = await cachedUser(db, app);
    const reset = await admin.request({ method: 'POST', url: `/api/users/${user.id}/password`, payload: { password: 'a brand new passphrase' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it("a user's deactivation through the API refuses the next request", async () => {
    const { user, agent } = await cachedUser(db, app);
    const record = (await admin.request({ method: 'GET', url: `/api/users/${user.id}` })).json().data;
    const update = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { version: record.version, active: false } });
    expect(update.statusCode).toBe(200);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it("a user's deactivation by plain SQL in this process refuses the very next request (the writer hears its own NOTIFY)", async () => {
    const { user, agent } = await cachedUser(db, app);
    await db.query('update users set active = false where id = $1', [user.id]);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it("a user's deactivation by the list's bulk action refuses the very next request", async () => {
    const { user, agent } = await cachedUser(db, app);
    const bulk = await admin.request({ method: 'POST', url: '/api/users/bulk', payload: { ids: [user.id], action: 'deactivate' } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await privileges(agent)).statusCode).toBe(401);
  });

  it("a change to a role's privileges applies on the next request", async () => {
    const { user, agent } = await cachedUser(db, app);
    const roleId = await roleOf(db, user.id);
    const got = await admin.request({ method: 'GET', url: `/api/roles/${roleId}` });
    expect(got.statusCode, got.body).toBe(200);
    const role = got.json().data;
    const update = await admin.request({
      method: 'PATCH',
      url: `/api/roles/${roleId}`,
      payload: { version: role.version, privileges: [{ entityName: 'lead', action: 'read' }, { entityName: 'bank', action: 'read' }] },
    });
    expect(update.statusCode, update.body).toBe(200);
    const names = ((await privileges(agent)).json() as { entityName: string }[]).map((p) => p.entityName).sort();
    expect(names).toEqual(['bank', 'lead']);
  });

  it("a change to a user's roles applies on the next request", async () => {
    const { user, agent } = await cachedUser(db, app);
    const other = await createTestUser(db, [{ entityName: 'unit', action: 'read' }]);
    const otherRole = await roleOf(db, other.id);
    const record = (await admin.request({ method: 'GET', url: `/api/users/${user.id}` })).json().data;
    const update = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { version: record.version, roles: [otherRole] } });
    expect(update.statusCode).toBe(200);
    const names = ((await privileges(agent)).json() as { entityName: string }[]).map((p) => p.entityName);
    expect(names).toEqual(['unit']);
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('session cache across two processes on one PostgreSQL', () => {
  const databases = seededDatabases('postgres');
  let first: Database;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let admin: Agent;

  beforeAll(async () => {
    first = await databases.open();
    second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    appA = await testApp(first);
    appB = await testApp(second);
    admin = createAgent(appA);
    expect((await admin.login('admin')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await databases.cleanup();
  });

  /** A session signed in on A and cached on B (same secret in the database, so B accepts A's cookies). */
  async function cachedOnB() {
    const { user, agent: onA } = await cachedUser(first, appA);
    const onB = createAgent(appB);
    for (const [name, cookie] of onA.jar) onB.jar.set(name, cookie);
    expect((await privileges(onB)).statusCode).toBe(200);
    const hits = appB.sessionCache.stats.hits;
    expect((await privileges(onB)).statusCode).toBe(200);
    expect(appB.sessionCache.stats.hits).toBe(hits + 1);
    return { user, onA, onB };
  }

  /**
   * Resolves once B has heard a NOTIFY on the auth channel since `since` and answers `expected` for
   * the session. Other NOTIFYs (the sign-ins of the setup) may reach B first on a busy machine, so
   * the first one heard is not necessarily this change's: B is asked again until it applies it. B's
   * cached entries never expire within the wait, so only the NOTIFY of the change can make it answer.
   */
  async function appliedOnB(since: number, ask: () => Promise<unknown>, expected: unknown) {
    const started = Date.now();
    for (;;) {
      if (appB.sessionCache.stats.invalidations > since) {
        const answer = await ask();
        if (JSON.stringify(answer) === JSON.stringify(expected)) return;
      }
      if (Date.now() - started > 5000) throw new Error(`B did not apply the change: it still answers ${JSON.stringify(await ask())}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const statusOf = (agent: Agent) => async () => (await privileges(agent)).statusCode;
  const entitiesOf = (agent: Agent) => async () => ((await privileges(agent)).json() as { entityName: string }[]).map((p) => p.entityName);

  it('logout, forced sign-out, deactivation, role and user-role changes on A apply on B', async () => {
    const logout = await cachedOnB();
    let seen = appB.sessionCache.stats.invalidations;
    expect((await logout.onA.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    await appliedOnB(seen, statusOf(logout.onB), 401);

    const forced = await cachedOnB();
    seen = appB.sessionCache.stats.invalidations;
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${forced.user.id}/sessions` })).statusCode).toBe(200);
    await appliedOnB(seen, statusOf(forced.onB), 401);

    const deactivated = await cachedOnB();
    const record = (await admin.request({ method: 'GET', url: `/api/users/${deactivated.user.id}` })).json().data;
    seen = appB.sessionCache.stats.invalidations;
    expect((await admin.request({ method: 'PATCH', url: `/api/users/${deactivated.user.id}`, payload: { version: record.version, active: false } })).statusCode).toBe(200);
    await appliedOnB(seen, statusOf(deactivated.onB), 401);

    const roleChange = await cachedOnB();
    const roleId = await roleOf(first, roleChange.user.id);
    const role = (await admin.request({ method: 'GET', url: `/api/roles/${roleId}` })).json().data;
    seen = appB.sessionCache.stats.invalidations;
    const updated = await admin.request({ method: 'PATCH', url: `/api/roles/${roleId}`, payload: { version: role.version, privileges: [{ entityName: 'unit', action: 'read' }] } });
    expect(updated.statusCode).toBe(200);
    await appliedOnB(seen, entitiesOf(roleChange.onB), ['unit']);

    const userRoles = await cachedOnB();
    const userRecord = (await admin.request({ method: 'GET', url: `/api/users/${userRoles.user.id}` })).json().data;
    seen = appB.sessionCache.stats.invalidations;
    expect((await admin.request({ method: 'PATCH', url: `/api/users/${userRoles.user.id}`, payload: { version: userRecord.version, roles: [] } })).statusCode).toBe(200);
    await appliedOnB(seen, entitiesOf(userRoles.onB), []);
  });

  it('while B has lost its LISTEN connection it reads the database, and caches again once it is back', async () => {
    const { user, onB } = await cachedOnB();
    await first.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME]);
    const started = Date.now();
    while (appB.sessionCache.listening) {
      if (Date.now() - started > 5000) throw new Error('B did not notice');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // A NOTIFY raised while B's listener is gone never reaches B; the database read refuses.
    const misses = appB.sessionCache.stats.misses;
    const hits = appB.sessionCache.stats.hits;
    expect((await privileges(onB)).statusCode).toBe(200);
    expect(appB.sessionCache.stats.hits).toBe(hits);
    await first.query('update sessions set revoked_at = now() where user_id = $1', [user.id]);
    expect((await privileges(onB)).statusCode).toBe(401);
    expect(appB.sessionCache.stats.misses).toBe(misses);

    // Back (reconnect with backoff) and caching again.
    while (!appB.sessionCache.listening) {
      if (Date.now() - started > 15_000) throw new Error('B did not reconnect');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const again = await cachedOnB();
    expect((await privileges(again.onB)).statusCode).toBe(200);
  });
});
