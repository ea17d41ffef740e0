import { unprocessable, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { Lifecycle } from './lifecycle.js';
import { createRecord, engineTransaction, updateRecord, type EngineContext } from './records.js';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

/** A document with lines, editable only as a draft, whose total the engine keeps from its lines. */
const bills: ResourceDef = {
  name: 'bills',
  table: 'bills',
  label: 'Bills',
  singular: 'Bill',
  entity: 'bill',
  hasActive: false,
  labelField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true },
    status: { kind: 'enum', label: 'Status', options: ['draft', 'submitted', 'approved', 'paid'], default: 'draft', readOnly: true },
    total: { kind: 'money', label: 'Total', readOnly: true },
    approvedNote: { kind: 'text', label: 'Approval note', readOnly: true },
  },
  defaultSort: ['title'],
  listColumns: ['title', 'status', 'total'],
  statusField: 'status',
  editableStates: ['draft'],
  actions: {
    submit: { label: 'Submit', from: ['draft'], to: 'submitted' },
    approve: { label: 'Approve', from: ['submitted'], to: 'approved', privilege: 'approve' },
    pay: { label: 'Pay', from: ['approved'], to: 'paid' },
  },
  children: { lines: { resource: 'bill-lines', parentField: 'bill' } },
};

const billLines: ResourceDef = {
  name: 'bill-lines',
  table: 'bill_lines',
  label: 'Bill lines',
  singular: 'Bill line',
  entity: 'bill',
  hasActive: false,
  labelField: 'description',
  fields: {
    bill: { kind: 'reference', label: 'Bill', ref: 'bills', required: true },
    description: { kind: 'text', label: 'Description', required: true },
    amount: { kind: 'money', label: 'Amount', required: true },
  },
  defaultSort: ['description'],
  listColumns: ['description', 'amount'],
};

const registry = createRegistry([bills, billLines]);
const calls: string[] = [];
let db: Database;
let app: FastifyInstance;
let engine: EngineContext;
let userId: string;
const privileges = [...all(['bill'], ['read', 'create', 'update'])];
const approver = [...privileges, { entityName: 'bill', action: 'approve' }];

async function call(method: string, url: string, payload?: unknown, privs = privileges) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privs) },
  });
  return { status: response.statusCode, body: response.json() };
}

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

beforeAll(async () => {
  db = await fixtureDatabase(registry);
  userId = (await db.query<{ id: string }>("insert into users (username, full_name) values ('clerk', 'Cleo Clerk') returning id::text as id")).rows[0]!.id;
  const lifecycle = new Lifecycle(registry)
    // Two contributions to one resource: both run, in order (no object spread replacing the first).
    .add('bills', { afterCreate: async () => void calls.push('first afterCreate') })
    .add('bills', {
      afterCreate: async () => void calls.push('second afterCreate'),
      actions: {
        approve: {
          before: async (_tx, _id, current) => {
            if (current.title === 'Refuse me') throw unprocessable('This bill may not be approved.');
            return { values: { approvedNote: 'checked' } };
          },
          after: async (_tx, _id, record) => void calls.push(`approved ${String(record.title)}`),
        },
      },
    })
    .add('bills', { actions: { approve: { after: async () => void calls.push('second approve handler') } } })
    .addRollup({
      target: 'bills',
      source: 'bill-lines',
      via: 'bill',
      label: 'total',
      compute: async (tx, billId) => ({
        total: (await tx.query<{ total: string }>('select coalesce(sum(amount), 0)::numeric(16, 2)::text as total from bill_lines where bill_id = $1', [billId])).rows[0]!.total,
      }),
    });
  engine = { db, registry, lifecycle };
  app = await fixtureApp(db, { registry, engine });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('the lifecycle in the engine', () => {
  it('runs every contribution to a resource event, in order', async () => {
    calls.length = 0;
    expect((await call('POST', '/api/bills', { title: 'Two hooks' })).status).toBe(201);
    expect(calls).toEqual(['first afterCreate', 'second afterCreate']);
  });

  it('keeps a roll-up from the lines, written with a version and a history entry, once per request', async () => {
    const created = await call('POST', '/api/bills', { title: 'Rolled', lines: [{ description: 'A', amount: '10.25' }, { description: 'B', amount: '4.75' }] });
    expect(created.status).toBe(201);
    expect(created.body.data.total).toBe('15.00');
    const id = created.body.data.id as string;
    expect(created.body.data.version).toBe(1);
    const history = async () => (await call('GET', `/api/bills/${id}/history`)).body.data as { action: string; changes: Record<string, { after: unknown }> }[];
    // A bill created with its lines has its total in its one creation entry.
    expect((await history()).map((entry) => entry.action)).toEqual(['create']);
    expect((await history())[0]!.changes.total!.after).toBe('15.00');
    const edited = await call('PATCH', `/api/bills/${id}`, { version: created.body.data.version, lines: [{ id: created.body.data.lines[0].id, amount: '20.00' }] });
    expect(edited.body.data.total).toBe('20.00');
    expect(edited.body.data.lines).toHaveLength(1);
    // A later change of its lines keeps the total once per request, with its own entry and version.
    const after = await history();
    expect(after.map((entry) => entry.action)).toEqual(['total', 'update', 'create']);
    expect(after[0]!.changes.total).toEqual({ before: '15.00', after: '20.00' });
    expect(edited.body.data.version).toBe(3);
  });

  it('refuses an edit or delete outside the editable states before writing, naming the state', async () => {
    const bill = (await call('POST', '/api/bills', { title: 'Locked', lines: [{ description: 'A', amount: '1.00' }] })).body.data;
    const submitted = (await call('POST', `/api/bills/${bill.id}/actions/submit`, {})).body.data;
    // A trigger that fails any write to the bill proves the refusal comes before one is attempted.
    await db.exec(`create or replace function refuse_bill_write() returns trigger language plpgsql as $$ begin raise exception 'bill written'; end $$;
      create trigger bills_no_write before update or delete on bills for each row when (old.title = 'Locked') execute function refuse_bill_write();
      create trigger bill_lines_no_write before insert or update or delete on bill_lines for each row execute function refuse_bill_write();`);
    try {
      const edit = await call('PATCH', `/api/bills/${bill.id}`, { version: submitted.version, title: 'Changed' });
      expect(edit.status).toBe(422);
      expect(edit.body.message).toBe('A bill can change only while it is draft; this one is submitted.');
      const line = await call('PATCH', `/api/bill-lines/${bill.lines[0].id}`, { version: 1, amount: '9.00' });
      expect(line.status).toBe(422);
      expect(line.body.message).toContain('this one is submitted');
      const added = await call('POST', '/api/bill-lines', { bill: bill.id, description: 'Late', amount: '1.00' });
      expect(added.status).toBe(422);
      const removed = await call('DELETE', `/api/bills/${bill.id}`);
      expect(removed.status).toBe(422);
      expect(removed.body.message).toBe('A bill can be deleted only while it is draft; this one is submitted.');
    } finally {
      await db.exec('drop trigger bills_no_write on bills; drop trigger bill_lines_no_write on bill_lines;');
    }
    expect(await count("select count(*)::int as n from record_history where record_id = $1 and action = 'update'", [bill.id])).toBe(0);
  });

  it('runs an action’s own handlers: before may refuse or add values, every after runs', async () => {
    calls.length = 0;
    const bill = (await call('POST', '/api/bills', { title: 'Approve me' })).body.data;
    await call('POST', `/api/bills/${bill.id}/actions/submit`, {});
    const approved = await call('POST', `/api/bills/${bill.id}/actions/approve`, {}, approver);
    expect(approved.body.data.status).toBe('approved');
    expect(approved.body.data.approvedNote).toBe('checked');
    expect(calls).toEqual(['first afterCreate', 'second afterCreate', 'approved Approve me', 'second approve handler']);
    const refused = (await call('POST', '/api/bills', { title: 'Refuse me' })).body.data;
    await call('POST', `/api/bills/${refused.id}/actions/submit`, {});
    const answer = await call('POST', `/api/bills/${refused.id}/actions/approve`, {}, approver);
    expect(answer.status).toBe(422);
    expect((await call('GET', `/api/bills/${refused.id}`)).body.data.status).toBe('submitted');
  });

  it('refuses an action from a wrong state with the state named and changes nothing', async () => {
    const bill = (await call('POST', '/api/bills', { title: 'Early' })).body.data;
    const early = await call('POST', `/api/bills/${bill.id}/actions/pay`, {});
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Pay is not possible while the bill is draft.');
    const after = (await call('GET', `/api/bills/${bill.id}`)).body.data;
    expect(after.version).toBe(bill.version);
  });

  it('judges the privilege of an action before its body', async () => {
    const bill = (await call('POST', '/api/bills', { title: 'Body' })).body.data;
    // No approve privilege and a malformed body: the answer is about the privilege (423), not the body.
    expect((await call('POST', `/api/bills/${bill.id}/actions/approve`, { percent: true })).status).toBe(423);
    expect((await call('POST', `/api/bills/${bill.id}/actions/approve`, { percent: true }, approver)).status).toBe(400);
    expect((await call('POST', `/api/bills/${bill.id}/actions/unknown`, { percent: true })).status).toBe(404);
  });

  it('applies hooks and roll-ups to side effects written by other code through the engine', async () => {
    const caller = { auth: null, source: 'action' as const };
    const id = await engineTransaction(engine, async (tx) => {
      const bill = await createRecord(engine, tx, bills, caller, { title: 'Effect' });
      await createRecord(engine, tx, billLines, caller, { bill: bill.id, description: 'X', amount: '3.30' });
      await createRecord(engine, tx, billLines, caller, { bill: bill.id, description: 'Y', amount: '1.20' });
      return bill.id;
    });
    const stored = (await call('GET', `/api/bills/${id}`)).body.data;
    expect(stored.total).toBe('4.50');
    const history = (await call('GET', `/api/bills/${id}/history`)).body.data as { action: string; source: string }[];
    expect(history.map((entry) => `${entry.action}/${entry.source}`)).toEqual(['create/action']);
    // A workflow's own write may change a submitted bill; a person's may not.
    await call('POST', `/api/bills/${id}/actions/submit`, {});
    await engineTransaction(engine, (tx) => updateRecord(engine, tx, bills, caller, id, { approvedNote: 'by workflow' }, { ignoreVersion: true, allowReadOnly: true, action: 'note' }));
    expect((await call('GET', `/api/bills/${id}`)).body.data.approvedNote).toBe('by workflow');
  });

  it('refuses hooks for unknown resources or actions when the app is composed', () => {
    const lifecycle = new Lifecycle(registry);
    expect(() => lifecycle.add('nothing', {})).toThrow(/unknown resource/);
    expect(() => lifecycle.add('bills', { actions: { archive: {} } })).toThrow(/unknown action archive/);
    expect(() => lifecycle.addRollup({ target: 'bills', source: 'bill-lines', via: 'description', compute: async () => ({}) })).toThrow(/must refer to bills/);
    lifecycle.add('bills', { extraCreate: {} });
  });
});
