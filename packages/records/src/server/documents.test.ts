import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

let db: Database;
let app: FastifyInstance;
let userId: string;
const privileges = all(['poheader'], ['read', 'create', 'update']);

async function call(method: string, url: string, payload?: unknown, privs = privileges) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privs) },
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  db = await fixtureDatabase();
  userId = (await db.query<{ id: string }>("insert into users (username, full_name) values ('buyer', 'Bea Buyer') returning id::text as id")).rows[0]!.id;
  app = await fixtureApp(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('documents on the records engine', () => {
  const year = new Date().getUTCFullYear();

  it('creates a header with its lines in one request, numbered gap-free per year', async () => {
    const created = await call('POST', '/api/orders', { supplier: 'Acme', lines: [{ description: 'Cement', quantity: '10', unitPrice: '95.50' }, { description: 'Steel', quantity: '2.5', unitPrice: '1200.00' }] });
    expect(created.status).toBe(201);
    expect(created.body.data.number).toBe(`PO-${year}-00001`);
    expect(created.body.data.lines.map((line: { description: string }) => line.description)).toEqual(['Cement', 'Steel']);
    const listed = await call('GET', `/api/orders/${created.body.data.id}/lines`);
    expect(listed.body.data).toHaveLength(2);
  });

  it('writes nothing when one line is wrong, and names the line and field', async () => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;
    const bad = await call('POST', '/api/orders', { supplier: 'Acme', lines: [{ description: 'Sand', quantity: '1', unitPrice: '5.00' }, { description: 'Gravel', quantity: 'lots', unitPrice: '5.00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'lines.1.quantity', message: 'Must be a number' }]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n).toBe(before);
    expect((await db.query<{ n: number }>("select count(*)::int as n from order_lines where description = 'Sand'")).rows[0]!.n).toBe(0);
    // The number a refused document would have taken is not lost: the next one gets it.
    const next = await call('POST', '/api/orders', { supplier: 'Beta', lines: [] });
    expect(next.body.data.number).toBe(`PO-${year}-00002`);
  });

  it('edits lines with the header: changes kept lines, adds new ones, deletes missing ones', async () => {
    const created = (await call('POST', '/api/orders', { supplier: 'Gamma', lines: [{ description: 'A', quantity: '1', unitPrice: '1.00' }, { description: 'B', quantity: '1', unitPrice: '1.00' }] })).body.data;
    const [a] = created.lines;
    const updated = await call('PATCH', `/api/orders/${created.id}`, { version: created.version, supplier: 'Gamma Ltd', lines: [{ id: a.id, quantity: '3' }, { description: 'C', quantity: '2', unitPrice: '4.00' }] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.supplier).toBe('Gamma Ltd');
    expect(updated.body.data.lines.map((line: { description: string; quantity: string }) => `${line.description}:${line.quantity}`)).toEqual(['A:3', 'C:2']);
    const foreign = await call('PATCH', `/api/orders/${created.id}`, { version: updated.body.data.version, lines: [{ id: '00000000-0000-4000-8000-000000000000', quantity: '1' }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].field).toBe('lines.0.id');
  });

  it('gives concurrent creations distinct consecutive numbers', async () => {
    const before = (await db.query<{ last: number }>('select last from document_counters where prefix = $1 and year = $2', ['PO', year])).rows[0]!.last;
    const results = await Promise.all(Array.from({ length: 20 }, (_unused, index) => call('POST', '/api/orders', { supplier: `Parallel ${index}`, lines: [] })));
    const numbers = results.map((result) => result.body.data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_unused, index) => `PO-${year}-${String(before + index + 1).padStart(5, '0')}`));
  });

  it('runs a workflow action only from its states and with its own privilege', async () => {
    const order = (await call('POST', '/api/orders', { supplier: 'Delta', lines: [] })).body.data;
    expect((await call('POST', `/api/orders/${order.id}/actions/approve`, {})).status).toBe(423);
    expect((await call('POST', `/api/orders/${order.id}/actions/submit`, {})).body.data.status).toBe('submitted');
    const approver = [...privileges, { entityName: 'poheader', action: 'approve' }];
    expect((await call('POST', `/api/orders/${order.id}/actions/approve`, {}, approver)).body.data.status).toBe('approved');
    const again = await call('POST', `/api/orders/${order.id}/actions/submit`, {});
    expect(again.status).toBe(422);
    expect((await call('POST', `/api/orders/${order.id}/actions/nope`, {})).status).toBe(404);
    const history = await call('GET', `/api/orders/${order.id}/history`);
    expect(history.body.data.map((entry: { action: string }) => entry.action)).toEqual(['approve', 'submit', 'create']);
  });
});
