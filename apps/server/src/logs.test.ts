import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, seededDatabases, testApp } from './test/harness.js';

const SECRET_PARAM = 'param-secret-4711-alice@example.com';
const SECRET_BODY = 'body-secret-passphrase-0815';
const SECRET_COOKIE = 'cookie-secret-9a9a9a';
const SECRET_MESSAGE = 'message-secret-iban-DE44500105175407324931';

/** Routes that fail the ways a real handler can: a database error on a parameter, a thrown error. */
function failingRoutes(db: Database): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/test-log/db', async () => {
      await db.query('select $1::int as n', [SECRET_PARAM]);
      return { status: 'OK' };
    });
    app.get('/api/test-log/boom/:id', async () => {
      throw new Error(`could not handle ${SECRET_MESSAGE}`);
    });
  };
}

/** OWASP ASVS 5.0 V16: an error logs the request id, route, status and code, never the input. */
describe.each(DB_KINDS)('logs on %s', (kind) => {
  const databases = seededDatabases(kind);
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const db = await databases.open();
    app = await testApp(db, { logLevel: 'info' }, { plugins: [failingRoutes(db)], logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('keeps secrets, bodies, cookies, tokens and SQL parameters out, and names request id, route, status and code', async () => {
    const agent = createAgent(app);
    await agent.csrf();
    const csrf = agent.cookie('XSRF-TOKEN')!;
    // A failed sign-in with a password, then a good one (sets JWT, refresh and CSRF cookies).
    await agent.request({ method: 'POST', url: '/api/users/login', payload: { username: 'someone.unknown', password: SECRET_BODY } });
    expect((await agent.login('admin')).statusCode).toBe(200);
    const access = agent.cookie('pd_access')!;
    const refresh = agent.cookie('pd_refresh')!;
    const sessionCsrf = agent.cookie('XSRF-TOKEN')!;
    // Personal data in a query string, then a database error carrying a parameter, then a thrown one.
    await agent.request({ method: 'GET', url: `/api/sources?q=${encodeURIComponent(SECRET_PARAM)}` });
    const dbError = await agent.request({
      method: 'POST',
      url: '/api/test-log/db',
      payload: { password: SECRET_BODY, note: SECRET_PARAM },
      headers: { 'x-request-id': 'req-db-error-1', cookie: `pd_access=${access}; other=${SECRET_COOKIE}; XSRF-TOKEN=${sessionCsrf}` },
    });
    expect(dbError.statusCode).toBe(500);
    const boom = await agent.request({ method: 'GET', url: '/api/test-log/boom/42', headers: { 'x-request-id': 'req-boom-1' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ status: 'ERROR', message: 'Internal server error', requestId: 'req-boom-1' });

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [SECRET_PARAM, encodeURIComponent(SECRET_PARAM), SECRET_BODY, SECRET_COOKIE, SECRET_MESSAGE, access, refresh, csrf, sessionCsrf]) {
      expect(text).not.toContain(secret);
    }

    const dbEntry = entries().find((entry) => entry['reqId'] === 'req-db-error-1' && entry['level'] === 50);
    expect(dbEntry).toMatchObject({ route: '/api/test-log/db', status: 500, code: '22P02' });
    const boomEntry = entries().find((entry) => entry['reqId'] === 'req-boom-1' && entry['level'] === 50);
    expect(boomEntry).toMatchObject({ route: '/api/test-log/boom/:id', status: 500, code: 'Error' });
    expect(JSON.stringify(boomEntry)).toContain('at ');
  });

  it('writes one line per request: request id, method, path without the query, route, status and time', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health?probe=1', headers: { 'x-request-id': 'req-one-line-1' } });
    expect(response.statusCode).toBe(200);
    const mine = entries().filter((entry) => entry['reqId'] === 'req-one-line-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', path: '/api/health', route: '/api/health' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // A refused call is one line too, with its status.
    const refused = await app.inject({ method: 'GET', url: '/api/users/privileges', headers: { 'x-request-id': 'req-one-line-2' } });
    expect(refused.statusCode).toBe(401);
    expect(entries().filter((entry) => entry['reqId'] === 'req-one-line-2')).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 401 } }),
    ]);
  });
});

/** Issue 26: a line per quick read cost a signed-in call as much as the rest of it; writes, errors and slow answers keep theirs. */
describe('the sampled request log', () => {
  const databases = seededDatabases('pglite');
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const db = await databases.open();
    app = await testApp(db, { logLevel: 'info', requestLogSample: 5 }, { plugins: [failingRoutes(db)], logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry['msg'] === 'request completed');

  it('logs one in five quick reads (marked), and every refused call and every write', async () => {
    lines.length = 0;
    for (let n = 0; n < 20; n += 1) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const reads = requestLines();
    expect(reads).toHaveLength(4);
    for (const read of reads) expect(read).toMatchObject({ sample: 5, req: { method: 'GET', path: '/api/health' }, res: { statusCode: 200 } });

    lines.length = 0;
    for (let n = 0; n < 3; n += 1) expect((await app.inject({ method: 'GET', url: '/api/users/privileges' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/test-log/db', payload: {} })).statusCode).toBeGreaterThanOrEqual(400);
    const kept = requestLines();
    expect(kept.map((entry) => (entry['res'] as { statusCode: number }).statusCode)).toEqual([401, 401, 401, expect.any(Number)]);
    for (const entry of kept) expect(entry).not.toHaveProperty('sample');
  });

  it('writes a summary of every request since the last one, logged or not, when the app closes', async () => {
    lines.length = 0;
    for (let n = 0; n < 7; n += 1) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/users/privileges' });
    await app.close();
    const summaries = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry['msg'] === 'requests since the last summary');
    expect(summaries).toHaveLength(1);
    const { requests } = summaries[0] as { requests: Record<string, number> };
    // The first test's 24 requests and these 8: every one is counted, the unlogged reads too.
    expect(requests['count']).toBe(32);
    expect(requests['4xx']).toBeGreaterThanOrEqual(4);
    expect(requests['unlogged']).toBe(16 + 6);
  });
});

