import type { Database } from '@propdesk/server-kit';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSort } from '../model/index.js';
import { orderSql, selectRecords } from './select.js';
import { all, fixtureApp, fixtureDatabase, fixtureRegistry } from './test/fixtures.js';

// The engine at volume: batched imports that still name every bad row, capped counts on big
// tables, sort order served by indexes, and the hand-written CSV matching csv-stringify's.
let db: Database;
let app: FastifyInstance;
let userId: string;
const privileges = all(['sourcetype', 'source', 'project', 'unit']);

async function call(method: 'GET' | 'POST', url: string, csv?: string) {
  const response = await app.inject({
    method,
    url,
    ...(csv === undefined ? {} : { payload: csv }),
    headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges), ...(csv === undefined ? {} : { 'content-type': 'text/csv' }) },
  });
  return { status: response.statusCode, body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.body };
}

const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;

beforeAll(async () => {
  db = await fixtureDatabase();
  userId = (await db.query<{ id: string }>("insert into users (username, full_name) values ('scale', 'Scale Tester') returning id::text as id")).rows[0]!.id;
  app = await fixtureApp(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('records engine at volume', () => {
  const names = Array.from({ length: 1_200 }, (_unused, index) => `Type ${String(index).padStart(4, '0')}`);

  it('imports in batches yet names a row the database refuses, and writes nothing in a dry run', async () => {
    // Row 1,101 of the sheet (the 1,100th data row, in the third batch of 500) repeats the 5th one's name: only the database can tell.
    const rows = names.map((name, index) => (index === 1_099 ? names[4]!.toUpperCase() : name));
    const file = `Name,Description\n${rows.map((name) => `${name},imported`).join('\n')}\n`;
    const dry = await call('POST', '/api/source-types/import?dryRun=true', file);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, committed: false, total: 1_200, valid: 1_199, invalid: 1 });
    expect(dry.body.data.rows).toEqual([{ row: 1_101, errors: [expect.objectContaining({ field: 'name', message: expect.stringContaining('Already used by') })] }]);
    const refused = await call('POST', '/api/source-types/import?dryRun=false', file);
    expect(refused.body.data).toMatchObject({ committed: false, invalid: 1, created: 0 });
    expect(await count('select count(*)::int as n from source_types')).toBe(0);
    expect(await count("select count(*)::int as n from record_history where resource = 'source-types'")).toBe(0);
  });

  it('commits a clean file with one history entry per record, and upserts by the unique key', async () => {
    const file = `Name,Description\n${names.map((name) => `${name},"first, ""quoted"""`).join('\n')}\n`;
    const commit = await call('POST', '/api/source-types/import?dryRun=false', file);
    expect(commit.body.data).toMatchObject({ committed: true, created: 1_200, valid: 1_200, invalid: 0 });
    expect(await count('select count(*)::int as n from source_types')).toBe(1_200);
    const history = await db.query<{ n: number; source: string; actor: string }>(
      "select count(*)::int as n, min(source) as source, min(actor_id::text) as actor from record_history where resource = 'source-types' and action = 'create'",
    );
    expect(history.rows[0]).toEqual({ n: 1_200, source: 'import', actor: userId });
    const one = await db.query<{ changes: Record<string, { after: unknown }> }>(
      "select h.changes from record_history h join source_types s on s.id = h.record_id where s.name = 'Type 0007'",
    );
    expect(one.rows[0]!.changes).toMatchObject({ name: { after: 'Type 0007' }, description: { after: 'first, "quoted"' } });

    // The key finds existing records (case-insensitively); a name not there yet is created.
    const upsert = await call('POST', '/api/source-types/import?dryRun=false&key=name', 'Name,Description\ntype 0001,changed\nType 9999,new\n');
    expect(upsert.body.data).toMatchObject({ committed: true, created: 1, updated: 1 });
    expect((await db.query("select name, description from source_types where lower(name) = 'type 0001'")).rows).toEqual([{ name: 'type 0001', description: 'changed' }]);
  });

  it('writes CSV exactly as csv-stringify does', async () => {
    const exported = await call('GET', `/api/source-types/export?format=csv&sort=name&where=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'startsWith', value: 'Type 002' }))}`);
    const lines = String(exported.body).replace(/^\ufeff/, '');
    const expected = stringify([['Name', 'Description'], ...names.slice(20, 30).map((name) => [name, 'first, "quoted"'])]);
    expect(lines).toBe(expected);
  });

  it('sorts empty values first ascending and last descending', async () => {
    for (const [name, code, launchDate] of [['Alpha', 'A', '2026-01-01'], ['Beta', 'B', null], ['Gamma', 'C', '2025-01-01']] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/projects',
        payload: { name, code, ...(launchDate ? { launchDate } : {}) },
        headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) },
      });
      expect(created.statusCode).toBe(201);
    }
    const names = async (sort: string) => (await call('GET', `/api/projects?sort=${sort}`)).body.data.map((row: { name: string }) => row.name);
    expect(await names('launchDate')).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await names('-launchDate')).toEqual(['Alpha', 'Gamma', 'Beta']);
  });

  it('counts exactly on a small table, and stops at 1,000 on a big one', async () => {
    expect((await call('GET', '/api/source-types?pageSize=1')).body).toMatchObject({ total: 1_201 });
    expect((await call('GET', '/api/source-types?pageSize=1')).body).not.toHaveProperty('totalExact');
    // About 12 MB of rows: past the 8 MB under which every count is exact.
    await db.query("insert into source_types (name, description) select 'Bulk ' || g, repeat('x', 120) from generate_series(1, 70000) g");
    const big = await call('GET', '/api/source-types?pageSize=25');
    expect(big.body).toMatchObject({ total: 1_000, totalExact: false, page: 1 });
    expect(big.body.data).toHaveLength(25);
    const deep = await call('GET', '/api/source-types?pageSize=25&page=60');
    expect(deep.body).toMatchObject({ total: 1_500, totalExact: false });
    const few = await call('GET', `/api/source-types?where=${encodeURIComponent(JSON.stringify({ field: 'name', op: 'startsWith', value: 'Type 001' }))}&pageSize=25`);
    expect(few.body).toMatchObject({ total: 10 });
    expect(few.body).not.toHaveProperty('totalExact');
  }, 60_000);

  it('walks the creation-time index for a page sorted by it, both ways', async () => {
    await db.query('analyze source_types');
    const def = fixtureRegistry.get('source-types');
    for (const order of ['-createdOn', 'createdOn']) {
      const sort = parseSort(def, order);
      const page = selectRecords(fixtureRegistry, def, null, { sort }).orderBy(orderSql(fixtureRegistry, def, sort)).limit(25).compile();
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain ${page.sql}`, [...page.parameters])).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('source_types__createdOn__sort');
      expect(plan).not.toContain('Seq Scan on source_types');
    }
  });

  it('reads labels by key for the rows returned, joining only the references the page sorts by', async () => {
    const def = fixtureRegistry.get('sources');
    const joins = (options: Parameters<typeof selectRecords>[3]) => (selectRecords(fixtureRegistry, def, null, options).compile().sql.match(/left join/g) ?? []).length;
    expect(joins({})).toBe(0);
    expect(joins({ sort: parseSort(def, 'name') })).toBe(0);
    expect(joins({ sort: parseSort(def, 'sourceType,name') })).toBe(1);
    expect(joins({ joinAll: true })).toBe(1);
    // Either way the rows carry the same labels.
    const typeId = (await db.query<{ id: string }>("select id::text as id from source_types where name = 'Type 0003'")).rows[0]!.id;
    for (const name of ['Billboards', 'Radio']) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/sources',
        payload: { name, sourceType: typeId },
        headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) },
      });
      expect(created.statusCode).toBe(201);
    }
    const rows = async (query: string) =>
      (await call('GET', `/api/sources?${query}`)).body.data.map((row: { name: string; refLabels: Record<string, string | null> }) => `${row.name}: ${row.refLabels['sourceType']}`);
    expect(await rows('sort=name')).toEqual(['Billboards: Type 0003', 'Radio: Type 0003']);
    expect(await rows('sort=-sourceType,-name')).toEqual(['Radio: Type 0003', 'Billboards: Type 0003']);
  });
});
