import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, seededDatabases, testApp } from './test/harness.js';

/**
 * Every operation of the OpenAPI document, called by a signed-in administrator with malformed
 * input: wrong types, nulls, huge strings, deep nesting, NUL, lone surrogates, prototype keys.
 * Nothing may answer 5xx, every refusal is the error envelope, and no table changes.
 */
type Operation = { method: string; path: string; hasBody: boolean; queryNames: string[] };

// Calls that end or rotate the caller's own session, mark everything read (they take no input),
// or stream forever are left out.
const SKIP = new Set(['POST /api/users/logout', 'GET /api/users/restore-session', 'POST /api/notifications/read-all', 'GET /api/notifications/stream/{userId}', 'GET /api/notifications/stream/department/{departmentId}']);

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });

const BODIES: unknown[] = [
  [],
  'text',
  42,
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { name: 'a\u0000b', title: '\ud800', username: null, version: 'one', page: -1 },
  { name: 'x'.repeat(300_000), description: 'y'.repeat(300_000) },
  deep(400),
  { lines: [{ id: 'not-an-id', quantity: 'lots' }], where: { join: 'xor', children: 'none' } },
];

const QUERIES = ['page=abc&pageSize=-5&sort=%24gt', `q=${encodeURIComponent('a\u0000')}&where=%7Bbad`, `filter%5B__proto__%5D=1&active=maybe&format=exe`, `q=${'z'.repeat(5000)}`];

function fillPath(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

describe.each(DB_KINDS)('malformed input on every operation on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agent: ReturnType<typeof createAgent>;
  let operations: Operation[] = [];

  async function tableCounts() {
    const tables = await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('login_throttle', 'audit_log') order by table_name",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = (await db.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
    return counts;
  }

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    agent = createAgent(app);
    expect((await agent.login('admin')).statusCode).toBe(200);
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[] }>>;
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (SKIP.has(key) || !path.startsWith('/api/')) continue;
        operations.push({
          method: method.toUpperCase(),
          path,
          hasBody: ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
          queryNames: (spec.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        });
      }
    }
    operations = operations.sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('never answers 5xx, always the error envelope, and writes nothing', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const before = await tableCounts();
    const failures: string[] = [];
    for (const operation of operations) {
      const urls = [
        fillPath(operation.path, 'not-an-id'),
        fillPath(operation.path, '%00'),
        fillPath(operation.path, '%ED%A0%80'),
        fillPath(operation.path, '00000000-0000-4000-8000-000000000000'),
      ];
      const calls: { url: string; payload?: unknown }[] = [];
      for (const url of urls) {
        calls.push({ url });
        for (const query of QUERIES) calls.push({ url: `${url}?${query}` });
        if (operation.hasBody) for (const payload of BODIES) calls.push({ url, payload });
      }
      for (const call of calls) {
        const response = await agent.request({
          method: operation.method as 'GET',
          url: call.url,
          ...(call.payload === undefined ? {} : { payload: JSON.stringify(call.payload), headers: { 'content-type': 'application/json' } }),
        });
        const where = `${operation.method} ${call.url.slice(0, 120)} ${call.payload === undefined ? '' : JSON.stringify(call.payload).slice(0, 60)}`;
        if (response.statusCode >= 500) failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          const body = (() => {
            try {
              return response.json() as { status?: string; message?: string };
            } catch {
              return null;
            }
          })();
          if (body?.status !== 'ERROR' || typeof body.message !== 'string') failures.push(`${where} → ${response.statusCode} without the envelope: ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 600_000);
});
