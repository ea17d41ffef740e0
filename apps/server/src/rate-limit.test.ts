import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique, uniqueIp } from './test/harness.js';

const PRIVILEGES = '/api/users/privileges';

/** Calls `url` as the agent `times` times; the statuses, in order. */
async function statuses(agent: ReturnType<typeof createAgent>, url: string, times: number): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < times; index++) seen.push((await agent.request({ method: 'GET', url })).statusCode);
  return seen;
}

const allOk = (count: number) => Array.from({ length: count }, () => 200);

describe.each(DB_KINDS)('rate limits on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await databases.open();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await databases.cleanup();
  });

  async function limitedApp(perUser: number, perAddress: number): Promise<FastifyInstance> {
    const app = await testApp(db, { userRateLimitPerMinute: perUser, rateLimitPerMinute: perAddress });
    apps.push(app);
    return app;
  }

  it('gives two users behind one address a budget each, and counts calls without a session per address', async () => {
    // The address allows 5 calls without a session: each sign-in below takes 2 (CSRF cookie, login).
    const app = await limitedApp(8, 5);
    const office = uniqueIp();
    const [first, second] = [await createTestUser(db, []), await createTestUser(db, [])];
    const alice = createAgent(app, office);
    const bob = createAgent(app, office);
    expect((await alice.login(first.username, first.password)).statusCode).toBe(200);
    expect((await bob.login(second.username, second.password)).statusCode).toBe(200);

    // Eight signed-in calls each, sixteen from one address, more than its 5: all answered.
    expect(await statuses(alice, PRIVILEGES, 8)).toEqual(allOk(8));
    expect(await statuses(bob, PRIVILEGES, 8)).toEqual(allOk(8));
    // Alice's ninth is over her budget; Bob's is spent too, and neither touched the address's.
    const over = await alice.request({ method: 'GET', url: PRIVILEGES });
    expect(over.statusCode).toBe(429);
    expect((await bob.request({ method: 'GET', url: PRIVILEGES })).statusCode).toBe(429);

    // Without a session the address counts: its fifth call (after four for the two sign-ins) passes, the sixth does not.
    const visitor = createAgent(app, office);
    expect((await visitor.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const refused = await visitor.request({ method: 'GET', url: '/api/users/csrf-cookie' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'ERROR', message: `Too many requests. Try again in ${refused.headers['retry-after']} seconds.` });
    // Another address has its own.
    expect((await createAgent(app).request({ method: 'GET', url: '/api/users/csrf-cookie' })).statusCode).toBe(200);
  });

  it("counts a user's calls from every address against one budget", async () => {
    const app = await limitedApp(6, 100);
    const user = await createTestUser(db, []);
    const atDesk = createAgent(app);
    expect((await atDesk.login(user.username, user.password)).statusCode).toBe(200);
    // The same session cookies from a second address (a phone on mobile data) spend the same budget.
    const onPhone = createAgent(app);
    for (const [name, cookie] of atDesk.jar) onPhone.jar.set(name, cookie);
    expect(await statuses(atDesk, PRIVILEGES, 3)).toEqual(allOk(3));
    expect(await statuses(onPhone, PRIVILEGES, 3)).toEqual(allOk(3));
    expect((await onPhone.request({ method: 'GET', url: PRIVILEGES })).statusCode).toBe(429);
    expect((await atDesk.request({ method: 'GET', url: PRIVILEGES })).statusCode).toBe(429);
    // Without the session cookies the desk's calls are the address's again.
    atDesk.jar.clear();
    expect((await atDesk.request({ method: 'GET', url: '/api/users/csrf-cookie' })).statusCode).toBe(200);
  });

  it('gives each API key a budget of its own, apart from the address it calls from and from other keys', async () => {
    const app = await limitedApp(6, 3);
    const admin = createAgent(app);
    expect((await admin.login('admin')).statusCode).toBe(200);
    const role = await admin.request({
      method: 'POST',
      url: '/api/roles',
      payload: { name: unique('Rate key role'), description: 'rate limit test', privileges: [{ entityName: 'lead', fieldName: null, action: 'read' }] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const keys: string[] = [];
    for (const name of ['Website form', 'Portal feed']) {
      const made = await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: unique(name), roles: [role.json().data.id] } });
      expect(made.statusCode, made.body).toBe(201);
      keys.push(made.json().data.key as string);
    }
    const server = uniqueIp();
    const call = (key: string) => app.inject({ method: 'GET', url: '/api/leads?pageSize=1', remoteAddress: server, headers: { authorization: `Bearer ${key}` } });
    const [website, portal] = keys as [string, string];

    // Six calls of one key from one address, twice the address's budget of 3: the key's own budget counts.
    const seen: number[] = [];
    for (let index = 0; index < 6; index++) seen.push((await call(website)).statusCode);
    expect(seen).toEqual(allOk(6));
    const over = await call(website);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ status: 'ERROR', message: `Too many requests. Try again in ${over.headers['retry-after']} seconds.` });
    // Another key on the same address has its own budget, and the address's is untouched.
    expect((await call(portal)).statusCode).toBe(200);
    expect((await createAgent(app, server).request({ method: 'GET', url: '/api/users/csrf-cookie' })).statusCode).toBe(200);
  });

  it('answers over the limit with the error envelope and Retry-After on a live socket, and keeps the connection', async () => {
    const app = await limitedApp(100, 2);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/users/csrf-cookie`;
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await fetch(url, { headers: { accept: 'application/json' } }));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 429, 429]);
    const limited = answers[2]!;
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({ status: 'ERROR', message: expect.stringContaining('Too many requests') });
    expect(limited.headers.get('connection')).not.toBe('close');
    // Within the budget nothing announces the limit (no headers on every call).
    expect(answers[0]!.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('keeps the sign-in throttle (5 failures per account) apart from the rate limit', async () => {
    const app = await limitedApp(1000, 1000);
    const user = await createTestUser(db, []);
    const agent = createAgent(app);
    await agent.csrf();
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: user.username, password: 'wrong password' } });
      expect(failed.statusCode).toBe(400);
    }
    const locked = await agent.login(user.username, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'ERROR', message: 'Too many login attempts. Try again in 15 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });
});

describe('rate limit settings', () => {
  it('default to a budget per user and one per address, each set by its own variable', () => {
    const defaults = loadConfig({});
    expect(defaults.userRateLimitPerMinute).toBeGreaterThanOrEqual(600);
    expect(defaults.rateLimitPerMinute).toBeGreaterThanOrEqual(1200);
    const set = loadConfig({ PROPDESK_USER_RATE_LIMIT_PER_MINUTE: '5000', PROPDESK_RATE_LIMIT_PER_MINUTE: '7000' });
    expect(set).toMatchObject({ userRateLimitPerMinute: 5000, rateLimitPerMinute: 7000 });
    expect(() => loadConfig({ PROPDESK_USER_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/PROPDESK_USER_RATE_LIMIT_PER_MINUTE/);
  });
});
