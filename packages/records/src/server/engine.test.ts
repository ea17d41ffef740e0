import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

let db: Database;
let app: FastifyInstance;
let userId: string;
// Writing the protected base price is granted; reading it is not, unless a test adds it.
const privileges = [...all(['sourcetype', 'source', 'project', 'unit']), { entityName: 'unit', fieldName: 'basePrice', action: 'update' }];

async function call(method: string, url: string, payload?: unknown, privs = privileges, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : typeof payload === 'string' ? { payload, headers: { 'content-type': 'text/csv' } } : { payload: payload as object }),
    headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privs), ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}), ...headers },
  });
  return { status: response.statusCode, body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.body, headers: response.headers };
}

beforeAll(async () => {
  db = await fixtureDatabase();
  const user = await db.query<{ id: string }>("insert into users (username, full_name) values ('tester', 'Tess Tester') returning id::text as id");
  userId = user.rows[0]!.id;
  app = await fixtureApp(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('records engine over HTTP', () => {
  let digital: { id: string; version: number };
  it('creates, reads and lists with reference labels', async () => {
    const created = await call('POST', '/api/source-types', { name: 'Digital', description: 'Online' });
    expect(created.status).toBe(201);
    digital = created.body.data;
    const source = await call('POST', '/api/sources', { name: 'Facebook', sourceType: digital.id });
    expect(source.status).toBe(201);
    expect(source.body.data.refLabels.sourceType).toBe('Digital');
    const listed = await call('GET', '/api/sources?q=face');
    expect(listed.body.total).toBe(1);
    expect(listed.body.data[0].refLabels.sourceType).toBe('Digital');
  });

  it('answers a duplicate with 409 on the field, linking the clashing record', async () => {
    const duplicate = await call('POST', '/api/source-types', { name: 'digital' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({ field: 'name', link: `/settings/leads/sourceTypes?record=${digital.id}` });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const bad = await call('POST', '/api/projects', { name: '', code: 'X'.repeat(11), status: 'nope', launchDate: '2026-02-30', extra: 1 });
    expect(bad.status).toBe(400);
    const fields = bad.body.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'code', 'status', 'launchDate']));
    const count = await db.query<{ n: number }>('select count(*)::int as n from projects');
    expect(count.rows[0]!.n).toBe(0);
  });

  it('runs the cross-field rule', async () => {
    const bad = await call('POST', '/api/projects', { name: 'P', code: 'P', launchDate: '2026-05-01', deliveryDate: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'deliveryDate', message: 'Delivery comes after launch' }]);
  });

  it('updates with the version, refuses a stale version with the current record', async () => {
    const fresh = await call('PATCH', `/api/source-types/${digital.id}`, { description: 'Online ads', version: digital.version });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.version).toBe(digital.version + 1);
    const stale = await call('PATCH', `/api/source-types/${digital.id}`, { description: 'Other', version: digital.version });
    expect(stale.status).toBe(409);
    expect(stale.body.current.description).toBe('Online ads');
  });

  it('keeps a history of who changed what, from where', async () => {
    const history = await call('GET', `/api/source-types/${digital.id}/history`);
    expect(history.body.data[0]).toMatchObject({ action: 'update', actorName: 'Tess Tester', changes: { description: { before: 'Online', after: 'Online ads' } } });
    expect(history.body.data.at(-1).action).toBe('create');
  });

  it('deactivates instead of deleting a record others use, and says by what', async () => {
    const removed = await call('DELETE', `/api/source-types/${digital.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ deleted: false, deactivated: true, usage: [{ resource: 'sources', count: 1 }] });
    expect(removed.body.message).toContain('used by 1 sources');
    const options = await call('GET', '/api/source-types/options?q=dig');
    expect(options.body.data).toEqual([]);
    const lonely = await call('POST', '/api/source-types', { name: 'Lonely' });
    expect((await call('DELETE', `/api/source-types/${lonely.body.data.id}`)).body.data.deleted).toBe(true);
  });

  it('filters with AND/OR trees, operators and sorts, and refuses unknown fields', async () => {
    const project = await call('POST', '/api/projects', { name: 'Palm', code: 'PH' });
    for (let floor = 0; floor < 6; floor += 1) {
      const created = await call('POST', '/api/units', { code: `A-${floor}`, project: project.body.data.id, floor, areaM2: `${100 + floor}.5`, basePrice: '1000000.00' });
      expect(created.status).toBe(201);
    }
    const where = JSON.stringify({ join: 'or', children: [{ field: 'floor', op: 'lte', value: 1 }, { field: 'code', op: 'eq', value: 'a-5' }] });
    const tree = await call('GET', `/api/units?where=${encodeURIComponent(where)}&sort=-floor`);
    expect(tree.body.data.map((unit: { code: string }) => unit.code)).toEqual(['A-5', 'A-1', 'A-0']);
    const ranged = await call('GET', '/api/units?filter[floor][gte]=2&filter[floor][lt]=4&sort=code');
    expect(ranged.body.data.map((unit: { code: string }) => unit.code)).toEqual(['A-2', 'A-3']);
    const inList = await call('GET', '/api/units?filter[code][in]=A-1,A-4&pageSize=1&page=2&sort=code');
    expect(inList.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(inList.body.data[0].code).toBe('A-4');
    expect((await call('GET', '/api/units?filter[secret]=1')).status).toBe(400);
    expect((await call('GET', '/api/units?sort=nope')).status).toBe(400);
    expect((await call('GET', '/api/units?filter[floor][gte]=abc')).body.errors[0].field).toBe('floor');
  });

  it('leaves protected fields out without the field grant, and refuses writing them (423)', async () => {
    const listed = await call('GET', '/api/units?pageSize=1');
    expect(listed.body.data[0]).not.toHaveProperty('basePrice');
    const granted = [...privileges, { entityName: 'unit', fieldName: 'basePrice', action: 'read' }];
    expect((await call('GET', '/api/units?pageSize=1', undefined, granted)).body.data[0].basePrice).toBe('1000000.00');
    const unit = listed.body.data[0];
    const write = await call('PATCH', `/api/units/${unit.id}`, { basePrice: '1.00', version: unit.version }, all(['unit']));
    expect(write.status).toBe(423);
    const exported = await call('GET', '/api/units/export?format=csv&columns=code,basePrice');
    expect(exported.body).not.toContain('1000000');
  });

  it('refuses calls without the privilege (423) or a session (401)', async () => {
    expect((await call('GET', '/api/units', undefined, all(['source']))).status).toBe(423);
    expect((await app.inject({ method: 'GET', url: '/api/units' })).statusCode).toBe(401);
  });

  it('exports every matching row as CSV and XLSX', async () => {
    const csv = await call('GET', '/api/units/export?format=csv&sort=code&filter[floor][gte]=1');
    expect(csv.headers['x-total-count']).toBe('5');
    const lines = String(csv.body).replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('Code,Project,Floor,Area (m²),Status');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe('A-1,Palm,1,101.5,available');
    const xlsx = await app.inject({ method: 'GET', url: '/api/units/export?format=xlsx', headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('imports CSV: a dry run names every bad row and writes nothing; a good file commits', async () => {
    const file = 'Name,Source type,Description\nGoogle,Digital,ads\nBillboard,Outdoor,\n,Digital,no name\nfacebook,Digital,dup\n';
    const dry = await call('POST', '/api/sources/import?dryRun=true', file);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, committed: false, total: 4, valid: 1, invalid: 3 });
    expect(dry.body.data.rows).toEqual([
      { row: 3, errors: [{ field: 'sourceType', message: 'Unknown source type: Outdoor' }] },
      { row: 4, errors: [{ field: 'name', message: 'Required' }] },
      { row: 5, errors: [expect.objectContaining({ field: 'name', message: 'Already used by Facebook' })] },
    ]);
    const failed = await call('POST', '/api/sources/import?dryRun=false', file);
    expect(failed.body.data.committed).toBe(false);
    expect((await call('GET', '/api/sources')).body.total).toBe(1);
    const good = await call('POST', '/api/sources/import?dryRun=false', 'Name,Source type\nGoogle,Digital\nFacebook,digital\n&key=', undefined);
    expect(good.status).toBe(200);
    const upsert = await call('POST', '/api/sources/import?dryRun=false&key=name', 'Name,Source type,Description\nGoogle,Digital,search\nFacebook,Digital,social\n');
    expect(upsert.body.data).toMatchObject({ committed: true, created: 1, updated: 1 });
    const history = await call('GET', `/api/sources?q=facebook`);
    const entries = await call('GET', `/api/sources/${history.body.data[0].id}/history`);
    expect(entries.body.data[0]).toMatchObject({ source: 'import', changes: { description: { before: null, after: 'social' } } });
  });

  it('runs workflow actions only from their states, with a reason', async () => {
    const unit = (await call('GET', '/api/units?filter[code]=A-0')).body.data[0];
    expect((await call('POST', `/api/units/${unit.id}/actions/reserve`, {})).status).toBe(400);
    expect((await call('POST', `/api/units/${unit.id}/actions/reserve`, { reason: 'VIP' })).body.data.status).toBe('reserved');
    const again = await call('POST', `/api/units/${unit.id}/actions/reserve`, { reason: 'VIP' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Reserve is not possible while the unit is reserved.');
  });

  it('changes many rows at once by filter', async () => {
    const bulk = await call('POST', '/api/units/bulk', { where: { field: 'floor', op: 'gte', value: 4 }, action: 'deactivate' });
    expect(bulk.body.data.changed).toBe(2);
    expect((await call('GET', '/api/units?active=true')).body.total).toBe(4);
    expect((await call('POST', '/api/units/bulk', { ids: [], action: 'set', field: 'floor', value: 'x' })).status).toBe(400);
  });

  it('saves views on the server, with a default per user', async () => {
    const saved = await call('POST', '/api/views', { resource: 'units', name: 'High floors', shared: true, isDefault: true, state: { where: { field: 'floor', op: 'gte', value: 3 }, sort: '-floor' } });
    expect(saved.status).toBe(201);
    const listed = await call('GET', '/api/views?resource=units');
    expect(listed.body.data).toEqual([expect.objectContaining({ name: 'High floors', isDefault: true, mine: true })]);
    const bad = await call('POST', '/api/views', { resource: 'units', name: 'Bad', state: { where: { field: 'nope', op: 'eq', value: 1 } } });
    expect(bad.status).toBe(400);
  });
});
