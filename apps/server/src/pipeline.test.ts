import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from './app.js';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

/** The shared request pipeline: text the database cannot store, and CSRF tokens bound to the session. */
describe.each(DB_KINDS)('request pipeline on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('refuses NUL and lone surrogates at sign-in with a 400 naming the field, before anything is stored', async () => {
    for (const username of ['ad\u0000min', 'admin\ud800']) {
      const agent = createAgent(app);
      await agent.csrf();
      const response = await agent.request({ method: 'POST', url: '/api/users/login', payload: { username, password: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'ERROR', errors: [{ field: 'username' }] });
    }
    const throttled = await db.query("select 1 from login_throttle where key like '%' || chr(55296) || '%'").catch(() => ({ rows: [] }));
    expect(throttled.rows).toHaveLength(0);
  });

  it('refuses them in announcements, query strings and path parameters too', async () => {
    const user = await createTestUser(db, [
      { entityName: 'notification', action: 'create' },
      { entityName: 'notification', action: 'read' },
      { entityName: 'source', action: 'read' },
    ]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    const before = await db.query<{ n: number }>('select count(*)::int as n from notifications');
    const announcement = await agent.request({ method: 'POST', url: '/api/notifications', payload: { userId: user.id, title: 'Hi \udc00', body: 'x' } });
    expect(announcement.statusCode).toBe(400);
    expect(announcement.json().errors[0].field).toBe('title');
    expect((await db.query<{ n: number }>('select count(*)::int as n from notifications')).rows[0]!.n).toBe(before.rows[0]!.n);
    const query = await agent.request({ method: 'GET', url: '/api/sources?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0].field).toBe('q');
    const param = await agent.request({ method: 'GET', url: '/api/sources/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json().errors[0].field).toBe('id');
    const fine = await agent.request({ method: 'GET', url: `/api/sources?q=${encodeURIComponent('🌴')}` });
    expect(fine.statusCode).toBe(200);
  });

  it('compresses answers over 4 KiB for a client that accepts it, smaller ones not, and inflates no request body', async () => {
    const user = await createTestUser(db, [
      { entityName: 'source', action: 'read' },
      { entityName: 'source', action: 'create' },
      { entityName: 'country', action: 'read' },
    ]);
    const agent = createAgent(app);
    await agent.login(user.username, user.password);
    const url = '/api/countries?pageSize=100';
    const plain = await agent.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await agent.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers['vary'])).toMatch(/accept-encoding/i);
      expect(JSON.parse(inflate(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    const small = await agent.request({ method: 'GET', url: '/api/users/me', headers: { 'accept-encoding': 'gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    // Between 1 and 4 KiB (5 countries): sent as it is, compressing it would cost more than it saves.
    const page = await agent.request({ method: 'GET', url: '/api/countries?pageSize=5', headers: { 'accept-encoding': 'br' } });
    expect(page.rawPayload.length).toBeGreaterThan(1024);
    expect(page.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(page.headers['content-encoding']).toBeUndefined();

    const zipped = await agent.request({
      method: 'POST',
      url: '/api/sources',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Zipped source' })),
    });
    expect(zipped.statusCode).toBeGreaterThanOrEqual(400);
    expect(zipped.statusCode).toBeLessThan(500);
    expect(zipped.json()).toMatchObject({ status: 'ERROR' });
    expect((await db.query("select 1 from sources where name = 'Zipped source'")).rows).toHaveLength(0);
  });

  it("once signed in, accepts only the session's CSRF token, not another browser's pre-session token", async () => {
    const user = await createTestUser(db, [{ entityName: 'notification', action: 'read' }]);
    const victim = createAgent(app);
    expect((await victim.login(user.username, user.password)).statusCode).toBe(200);
    const attacker = createAgent(app);
    await attacker.csrf();
    const foreignToken = attacker.cookie('XSRF-TOKEN')!;
    const foreignPre = attacker.cookie('pd_pre')!;
    expect(foreignPre).toBeTruthy();
    const forged = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: {
        cookie: `pd_access=${victim.cookie('pd_access')}; pd_pre=${foreignPre}; XSRF-TOKEN=${foreignToken}`,
        'x-csrf-token': foreignToken,
      },
    });
    expect(forged.statusCode).toBe(403);
    const genuine = await victim.request({ method: 'POST', url: '/api/notifications/read-all' });
    expect(genuine.statusCode).toBe(200);
  });
});
