import { tokenPayloadSchema } from '@propdesk/auth-session/model';
import { SESSIONS_ENDED_CHANNEL } from '@propdesk/auth-session/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';
import { DEMO_ROLES } from './domains.js';

const decodeJwt = (token: string): unknown => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

const setCookie = (response: { headers: Record<string, unknown> }, name: string): string => {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? (raw as string[]) : [String(raw ?? '')];
  return all.find((cookie) => cookie.startsWith(`${name}=`)) ?? '';
};

describe.each(DB_KINDS)('session calls on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, { throttle: { accountMaxFailures: 5, addressMaxFailures: 8 } });
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('csrf-cookie sets a script-readable XSRF-TOKEN and an httpOnly pre-session', async () => {
    const agent = createAgent(app);
    const response = await agent.csrf();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
    const xsrf = setCookie(response, 'XSRF-TOKEN');
    expect(xsrf).toMatch(/Path=\//);
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(setCookie(response, 'pd_pre')).toMatch(/HttpOnly/);
  });

  it('signs in a demo user: token payload, cookies and flags', async () => {
    const agent = createAgent(app);
    const response = await agent.login('Sales.Agent');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    const payload = tokenPayloadSchema.parse(decodeJwt(body.data));
    expect(payload.iss).toBe('propdesk');
    expect(payload.aud).toBe('propdesk-web');
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.data.username).toBe('sales.agent');
    expect(payload.data.department?.name).toBe('Sales');
    expect(payload.data.roles.map((role) => role.name)).toEqual(['Sales Agent']);
    expect(payload.data.roles[0]?.entityprivileges).toHaveLength(DEMO_ROLES.salesAgent.privileges.length);

    const access = setCookie(response, 'pd_access');
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Path=\/;/);
    expect(access).toMatch(/Max-Age=900/);
    expect(access).not.toMatch(/Secure/);
    const refresh = setCookie(response, 'pd_refresh');
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/SameSite=Strict/);
    expect(refresh).toMatch(/Path=\/api\/users/);
    expect(setCookie(response, 'XSRF-TOKEN')).not.toMatch(/HttpOnly/);

    const audit = await db.query<{ action: string }>("select action from audit_log where action = 'auth.login' and ip = $1", [agent.remoteAddress]);
    expect(audit.rows).toHaveLength(1);
  });

  it('marks cookies Secure when the request came over HTTPS (trusted proxy)', async () => {
    const proxied = await testApp(db, { trustProxy: true });
    try {
      const agent = createAgent(proxied);
      await agent.csrf();
      const response = await agent.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'guest', password: 'Propdesk#2026' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(setCookie(response, 'pd_access')).toMatch(/Secure/);
      expect(setCookie(response, 'pd_refresh')).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('answers 400 with the same message for a wrong password and an unknown user', async () => {
    const agent = createAgent(app);
    await agent.csrf();
    const wrong = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: 'admin', password: 'nope' } });
    const unknown = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: unique('ghost'), password: 'nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'ERROR', message: 'Invalid username or password' });
    }
    const audit = await db.query("select 1 from audit_log where action = 'auth.login.failed' and ip = $1", [agent.remoteAddress]);
    expect(audit.rows).toHaveLength(2);
  });

  it('validates the login body', async () => {
    const agent = createAgent(app);
    await agent.csrf();
    const response = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: '   ', password: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe('ERROR');
    expect(body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['password', 'username']);
  });

  it('refuses unsafe calls without a valid CSRF token (403)', async () => {
    const agent = createAgent(app);
    await agent.csrf();
    const payload = { username: 'admin', password: 'Propdesk#2026' };
    const missing = await agent.request({ method: 'POST', url: '/api/users/login', payload, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ status: 'ERROR', message: 'Invalid CSRF token' });
    const wrong = await agent.request({ method: 'POST', url: '/api/users/login', payload, csrf: 'abc.def' });
    expect(wrong.statusCode).toBe(403);
    // A genuine token of another browser, sent as both cookie and header, is bound elsewhere.
    const other = createAgent(app);
    await other.csrf();
    const foreign = other.cookie('XSRF-TOKEN')!;
    agent.jar.set('XSRF-TOKEN', { value: foreign, path: '/' });
    const bound = await agent.request({ method: 'POST', url: '/api/users/login', payload });
    expect(bound.statusCode).toBe(403);
    expect((await agent.request({ method: 'POST', url: '/api/users/logout', csrf: false })).statusCode).toBe(403);
  });

  it('locks an account after 5 failures: 429 with Retry-After, even with the right password', async () => {
    const user = await createTestUser(db, []);
    const agent = createAgent(app);
    await agent.csrf();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: user.username, password: 'wrong' } });
      expect(response.statusCode).toBe(400);
    }
    const locked = await agent.login(user.username, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'ERROR', message: 'Too many login attempts. Try again in 15 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another address is refused too: the lock is on the account.
    const elsewhere = createAgent(app);
    expect((await elsewhere.login(user.username, user.password)).statusCode).toBe(429);
    const audit = await db.query("select 1 from audit_log where action = 'auth.login.throttled' and details->>'username' = $1", [user.username]);
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
  });

  it('clears the account counter on success', async () => {
    const user = await createTestUser(db, []);
    for (let round = 0; round < 2; round++) {
      // A new address each round, so only the account counter could lock.
      const agent = createAgent(app);
      await agent.csrf();
      for (let attempt = 0; attempt < 4; attempt++) {
        await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: user.username, password: 'wrong' } });
      }
      expect((await agent.login(user.username, user.password)).statusCode).toBe(200);
    }
  });

  it('locks a client address after too many failures across accounts', async () => {
    const agent = createAgent(app);
    await agent.csrf();
    for (let attempt = 0; attempt < 8; attempt++) {
      await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: unique('nobody'), password: 'wrong' } });
    }
    const locked = await agent.login('guest');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('returns the caller privileges as a bare array, and 401 without a session', async () => {
    const anonymous = createAgent(app);
    const denied = await anonymous.request({ method: 'GET', url: '/api/users/privileges' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().status).toBe('ERROR');
    const agent = createAgent(app);
    await agent.login('sales.agent');
    const response = await agent.request({ method: 'GET', url: '/api/users/privileges' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = response.json() as { entityName: string; fieldName: string | null; action: string }[];
    const key = (p: { entityName: string; fieldName?: string | null; action: string }) => `${p.entityName}:${p.fieldName ?? ''}:${p.action}`;
    expect(list.map(key).sort()).toEqual(DEMO_ROLES.salesAgent.privileges.map(key).sort());
    // Entity privileges, and the one field privilege an agent holds: reading the list prices they sell at.
    expect(list.filter((p) => p.fieldName !== null).map(key)).toEqual(['unit:basePrice:read']);
  });

  it('never accepts the login body token as a credential', async () => {
    const agent = createAgent(app);
    const token = (await agent.login('admin')).json().data as string;
    const bearer = await app.inject({ method: 'GET', url: '/api/users/privileges', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
    const asCookie = await app.inject({ method: 'GET', url: '/api/users/privileges', headers: { cookie: `pd_access=${token}` } });
    expect(asCookie.statusCode).toBe(401);
  });

  it('GET /api/users/me describes the caller', async () => {
    const agent = createAgent(app);
    await agent.login('user.admin');
    const response = await agent.request({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'OK',
      data: { username: 'user.admin', fullName: 'Uma Users', department: { name: 'IT' }, roles: [{ name: 'User Administrator' }] },
    });
  });

  it('restore-session rotates the refresh token; reusing the old one revokes the session', async () => {
    const agent = createAgent(app);
    await agent.login('settings.clerk');
    const firstRefresh = agent.cookie('pd_refresh')!;
    const firstCsrf = agent.cookie('XSRF-TOKEN')!;
    const restored = await agent.request({ method: 'GET', url: '/api/users/restore-session' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ status: 'OK' });
    expect(agent.cookie('pd_refresh')).not.toBe(firstRefresh);
    expect(agent.cookie('XSRF-TOKEN')).not.toBe(firstCsrf);
    expect((await agent.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(200);

    // Two tabs restoring at the same moment: the second presentation, seconds later, is not theft.
    const otherTab = await app.inject({ method: 'GET', url: '/api/users/restore-session', headers: { cookie: `pd_refresh=${firstRefresh}` } });
    expect(otherTab.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(200);

    // An attacker replays the rotated token after the grace window: refused, and the whole session is revoked.
    await db.query("update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null");
    const replay = await app.inject({ method: 'GET', url: '/api/users/restore-session', headers: { cookie: `pd_refresh=${firstRefresh}` } });
    expect(replay.statusCode).toBe(401);
    expect((await agent.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(401);
    expect((await agent.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(401);
    const audit = await db.query("select 1 from audit_log where action = 'auth.refresh.reuse'");
    expect(audit.rows.length).toBeGreaterThanOrEqual(1);
  });

  it('restore-session without a valid refresh cookie is 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(401);
    const bogus = await app.inject({ method: 'GET', url: '/api/users/restore-session', headers: { cookie: 'pd_refresh=bogus' } });
    expect(bogus.statusCode).toBe(401);
  });

  it('logout revokes the session and clears the cookies; without a session it is still 200', async () => {
    const agent = createAgent(app);
    await agent.login('procurement.officer');
    const access = agent.cookie('pd_access')!;
    const response = await agent.request({ method: 'POST', url: '/api/users/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', message: 'Logged out' });
    // The browser's HTTP cache is left alone: the only API answer it keeps (the board) is revalidated on every use.
    expect(response.headers['clear-site-data']).toBeUndefined();
    for (const name of ['pd_access', 'pd_refresh', 'XSRF-TOKEN']) expect(setCookie(response, name)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(agent.cookie('pd_access')).toBeUndefined();
    const reused = await app.inject({ method: 'GET', url: '/api/users/privileges', headers: { cookie: `pd_access=${access}` } });
    expect(reused.statusCode).toBe(401);

    const anonymous = createAgent(app);
    await anonymous.csrf();
    expect((await anonymous.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
  });

  it('forced sign-out: the next call of the revoked session is 401; 423 without privilege; 404 unknown user', async () => {
    const target = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
    const victim = createAgent(app);
    await victim.login(target.username, target.password);
    expect((await victim.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(200);

    const clerk = createAgent(app);
    await clerk.login('settings.clerk');
    const denied = await clerk.request({ method: 'DELETE', url: `/api/users/${target.id}/sessions` });
    expect(denied.statusCode).toBe(423);
    expect(denied.json()).toEqual({ status: 'ERROR', message: 'Forbidden - Access denied' });

    const admin = createAgent(app);
    await admin.login('user.admin');
    const missing = await admin.request({ method: 'DELETE', url: '/api/users/00000000-0000-4000-8000-000000000000/sessions' });
    expect(missing.statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: '/api/users/not-a-uuid/sessions' })).statusCode).toBe(404);
    const revoked = await admin.request({ method: 'DELETE', url: `/api/users/${target.id}/sessions` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: 'OK', data: { revoked: 1 } });

    expect((await victim.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(401);
    expect((await victim.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(401);
    const audit = await db.query("select 1 from audit_log where action = 'auth.sessions.revoked' and entity_id = $1", [target.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it('raises the sessions-ended notice on logout, forced sign-out and refresh reuse, and not on sign-in', async () => {
    let raised = 0;
    const unlisten = await db.listen(SESSIONS_ENDED_CHANNEL, () => (raised += 1));
    const expectRaised = async (count: number) => {
      await expect.poll(() => raised, { timeout: 5000 }).toBe(count);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(raised).toBe(count);
    };
    try {
      const target = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
      const user = createAgent(app);
      await user.login(target.username, target.password);
      await user.request({ method: 'GET', url: '/api/users/restore-session' });
      await expectRaised(0);

      expect((await user.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
      await expectRaised(1);

      await user.login(target.username, target.password);
      const admin = createAgent(app);
      await admin.login('user.admin');
      expect((await admin.request({ method: 'DELETE', url: `/api/users/${target.id}/sessions` })).statusCode).toBe(200);
      await expectRaised(2);

      await user.login(target.username, target.password);
      const stolen = user.cookie('pd_refresh')!;
      expect((await user.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(200);
      await db.query("update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null");
      const replay = await app.inject({ method: 'GET', url: '/api/users/restore-session', headers: { cookie: `pd_refresh=${stolen}` } });
      expect(replay.statusCode).toBe(401);
      await expectRaised(3);
    } finally {
      await unlisten();
    }
  });

  it('a deactivated user gets 401 at once and cannot sign in', async () => {
    const user = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    expect((await agent.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(200);
    await db.query('update users set active = false where id = $1', [user.id]);
    expect((await agent.request({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(401);
    expect((await agent.request({ method: 'GET', url: '/api/users/restore-session' })).statusCode).toBe(401);
    const again = createAgent(app);
    const login = await again.login(user.username, user.password);
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('Invalid username or password');
  });

  it('reads privileges fresh: a role change applies on the next call', async () => {
    const user = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    await db.query(
      `insert into role_privileges (role_id, entity_name, field_name, action)
       select role_id, 'eoi', null, 'read' from user_roles where user_id = $1`,
      [user.id],
    );
    const list = (await agent.request({ method: 'GET', url: '/api/users/privileges' })).json() as { entityName: string }[];
    expect(list.map((p) => p.entityName).sort()).toEqual(['eoi', 'lead']);
  });

  it('rehashes a password stored with other parameters on sign-in', async () => {
    const user = await createTestUser(db, []);
    const before = await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id]);
    expect(before.rows[0]!.password_hash).toContain('m=1024,t=1,p=1');
    const other = await testApp(db, { argon2: { memoryCost: 2048, timeCost: 1, parallelism: 1 } });
    try {
      expect((await createAgent(other).login(user.username, user.password)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
    const after = await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id]);
    expect(after.rows[0]!.password_hash).toContain('m=2048,t=1,p=1');
  });
});
