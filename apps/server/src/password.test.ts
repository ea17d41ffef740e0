import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO_PASSWORD, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const agentPrivileges: Privilege[] = ['read', 'create', 'update'].map((action) => ({ entityName: 'lead', action }));
const NEW_PASSWORD = 'a-brand-new-passphrase';

/** Issue 19, "Change password": `POST /api/users/me/password` and `GET /api/users/me`. */
describe.each(DB_KINDS)('change my password on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, { throttle: { accountMaxFailures: 3, addressMaxFailures: 100 } });
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  async function signedIn(username: string, password = DEMO_PASSWORD) {
    const agent = createAgent(app);
    expect((await agent.login(username, password)).statusCode).toBe(200);
    return agent;
  }
  const change = (agent: ReturnType<typeof createAgent>, payload: unknown) => agent.request({ method: 'POST', url: '/api/users/me/password', payload: payload as Record<string, unknown> });

  it('profile: the signed-in user with full name, email, department and role names', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const department = (await db.query<{ id: string; name: string }>("select id::text, name from departments order by name limit 1")).rows[0]!;
    await db.query('update users set email = $2, department_id = $3 where id = $1', [user.id, 'test.user@example.com', department.id]);
    const agent = await signedIn(user.username);
    const me = await agent.request({ method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, username: user.username, fullName: 'Test User', email: 'test.user@example.com', department, roles: [{ name: expect.any(String) }] });
  });

  it('needs a session and the CSRF token; the body is strict', async () => {
    const anonymous = createAgent(app);
    await anonymous.csrf();
    expect((await change(anonymous, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    const user = await createTestUser(db, agentPrivileges);
    const agent = await signedIn(user.username);
    expect((await agent.request({ method: 'POST', url: '/api/users/me/password', payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, csrf: false })).statusCode).toBe(403);
    expect((await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, role: 'admin' })).statusCode).toBe(400);
    expect((await change(agent, { newPassword: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('a wrong current password is 400 on currentPassword, audited and throttled like sign-in', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const agent = await signedIn(user.username);
    const wrong = await change(agent, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 'ERROR', errors: [{ field: 'currentPassword', message: 'The current password is wrong' }] });
    const audited = await db.query("select 1 from audit_log where action = 'auth.password.failed' and entity_id = $1", [user.id]);
    expect(audited.rows).toHaveLength(1);
    // Three failures (this app's account limit) lock the account: 429, even with the right password, and sign-in too.
    await change(agent, { currentPassword: 'still-wrong-1', newPassword: NEW_PASSWORD });
    await change(agent, { currentPassword: 'still-wrong-2', newPassword: NEW_PASSWORD });
    const locked = await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await createAgent(app).login(user.username)).statusCode).toBe(429);
  });

  it('a weak new password is 400 naming the rule; the same password again is 400', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const agent = await signedIn(user.username);
    const short = await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'newPassword', message: 'At least 12 characters (12 to 1,024 characters, no spaces at the start or end.)' }]);
    const spaced = await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: ' padded-password-here ' });
    expect(spaced.json().errors[0]).toMatchObject({ field: 'newPassword', message: expect.stringContaining('No spaces at the start or end') });
    const long = await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: 'x'.repeat(1025) });
    expect(long.json().errors[0]).toMatchObject({ field: 'newPassword', message: expect.stringContaining('At most 1024 characters') });
    const same = await change(agent, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: 'newPassword', message: 'Choose a password other than the current one' }]);
    // Nothing changed: the old password still signs in.
    expect((await createAgent(app).login(user.username)).statusCode).toBe(200);
  });

  it('success ends the other sessions, keeps this one, audits it; the new password signs in and the old does not', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const here = await signedIn(user.username);
    const elsewhere = await signedIn(user.username);
    expect((await elsewhere.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    const changed = await change(here, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ status: 'OK', message: 'Password changed. Your other sessions were signed out.', data: { otherSessionsEnded: 1 } });
    // The other browser's next call is 401 and it cannot restore; this one carries on.
    expect((await elsewhere.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await elsewhere.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(401);
    expect((await here.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    const audited = await db.query<{ details: { otherSessionsEnded: number } }>("select details from audit_log where action = 'auth.password.changed' and entity_id = $1", [user.id]);
    expect(audited.rows.map((row) => row.details)).toEqual([{ otherSessionsEnded: 1 }]);
    const revoked = await db.query<{ reason: string }>("select revoked_reason as reason from sessions where user_id = $1 and revoked_at is not null", [user.id]);
    expect(revoked.rows).toEqual([{ reason: 'password changed' }]);
    // Hashed with the app's argon2id settings.
    const hash = (await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id])).rows[0]!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect((await createAgent(app).login(user.username, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await createAgent(app).login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
