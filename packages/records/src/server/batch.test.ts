import { openDatabase, runMigrations, type Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { createMany, settleRollups, updateMany } from './batch.js';
import { engineMigrations, resourceMigrations } from './ddl.js';
import { Lifecycle, type Rollup } from './lifecycle.js';
import { createRecord, engineTransaction, type Caller, type EngineContext } from './records.js';

/**
 * The engine's set-based writes (issue 17): createMany / updateMany / settleRollups write what the
 * one-record paths write (numbers, versions, one history row per record, hooks, roll-ups), refuse a
 * whole batch naming the row, on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
const owners: ResourceDef = {
  name: 'owners',
  table: 'owners',
  label: 'Owners',
  singular: 'Owner',
  entity: 'owner',
  hasActive: false,
  labelField: 'name',
  fields: { name: { kind: 'text', label: 'Name', required: true } },
  defaultSort: ['name'],
  listColumns: ['name'],
};
const deeds: ResourceDef = {
  name: 'deeds',
  table: 'deeds',
  label: 'Deeds',
  singular: 'Deed',
  entity: 'deed',
  hasActive: false,
  labelField: 'code',
  numbering: { prefix: 'DD', field: 'number' },
  fields: {
    number: { kind: 'text', label: 'Number', readOnly: true, unique: true },
    code: { kind: 'text', label: 'Code', required: true, unique: true },
    owner: { kind: 'reference', label: 'Owner', ref: 'owners' },
    note: { kind: 'text', label: 'Note' },
    paid: { kind: 'money', label: 'Paid', readOnly: true, default: 0 },
    status: { kind: 'enum', label: 'Status', options: ['draft', 'signed'], default: 'draft', readOnly: true },
  },
  defaultSort: ['code'],
  listColumns: ['code', 'status'],
  statusField: 'status',
  actions: { sign: { label: 'Sign', from: ['draft'], to: 'signed' } },
  rule: (values) => (values.note === 'forbidden' ? [{ field: 'note', message: 'Not this note' }] : []),
};
const deedPayments: ResourceDef = {
  name: 'deed-payments',
  table: 'deed_payments',
  label: 'Deed payments',
  singular: 'Deed payment',
  entity: 'deedPayment',
  hasActive: false,
  labelField: 'amount',
  fields: {
    deed: { kind: 'reference', label: 'Deed', ref: 'deeds', required: true },
    amount: { kind: 'money', label: 'Amount', required: true },
  },
  defaultSort: ['amount'],
  listColumns: ['amount'],
};

const registry = createRegistry([owners, deeds, deedPayments]);
const caller: Caller = { auth: null, source: 'action' };
const paidRollup: Rollup = {
  target: 'deeds',
  source: 'deed-payments',
  via: 'deed',
  label: 'payment',
  compute: async (tx, id) => ({ paid: (await tx.query<{ paid: string }>('select coalesce(sum(amount), 0)::numeric(16, 2)::text as paid from deed_payments where deed_id = $1', [id])).rows[0]!.paid }),
  computeMany: async (tx, ids) => {
    const rows = await tx.query<{ id: string; paid: string }>(
      'select d.id::text as id, coalesce(sum(p.amount), 0)::numeric(16, 2)::text as paid from unnest($1::uuid[]) as d(id) left join deed_payments p on p.deed_id = d.id group by d.id',
      [ids],
    );
    return new Map(rows.rows.map((row) => [row.id, { paid: row.paid }]));
  },
};

const KINDS = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(KINDS)('the engine’s batch writes (%s)', (kind) => {
  let db: Database;
  let engine: EngineContext;
  let dropName: string | null = null;
  const calls = { perRow: 0, batches: 0, batchRows: 0 };
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    if (kind === 'postgres') {
      const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: '' });
      dropName = `propdesk_batch_${Math.random().toString(36).slice(2, 10)}`;
      await admin.exec(`create database ${dropName}`);
      await admin.close();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${dropName}`;
      db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    } else {
      db = await openDatabase({ dataDir: 'memory://' });
    }
    await runMigrations(db, [
      { id: 'test/users', up: `create table if not exists users (id uuid primary key default gen_random_uuid(), username text not null, full_name text not null default '')` },
      ...engineMigrations,
      ...resourceMigrations(registry),
    ]);
    const lifecycle = new Lifecycle(registry)
      // One contribution with a per-row hook, one with a batch variant: both run for a batch.
      .add('deeds', { afterUpdate: async () => void (calls.perRow += 1) })
      .add('deeds', {
        afterUpdate: async () => {
          throw new Error('the batch variant runs instead');
        },
        afterUpdateMany: async (_tx, rows) => {
          calls.batches += 1;
          calls.batchRows += rows.length;
        },
      })
      .addRollup(paidRollup);
    engine = { db, registry, lifecycle };
  });
  afterAll(async () => {
    await db.close();
    if (dropName) {
      const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: '' });
      await admin.exec(`drop database if exists ${dropName} with (force)`);
      await admin.close();
    }
  });

  const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  const history = async (ids: readonly string[]) =>
    (await db.query<{ record_id: string; action: string; source: string; reason: string | null; changes: Record<string, { after: unknown }> }>(
      "select record_id::text as record_id, action, source, reason, changes from record_history where resource = 'deeds' and record_id = any($1::uuid[]) order by id",
      [ids],
    )).rows;

  it('numbers a batch gap-free and consecutive after the one-by-one numbers, with one version and one history row per record', async () => {
    const first = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, caller, { code: 'A-0' }));
    expect(first.number).toBe(`DD-${year}-00001`);
    const owner = await engineTransaction(engine, (tx) => createRecord(engine, tx, owners, caller, { name: 'Ada' }));
    const made = await engineTransaction(engine, (tx) =>
      createMany(engine, tx, deeds, caller, Array.from({ length: 5 }, (_, index) => ({ values: { code: `A-${index + 1}`, owner: owner.id } })), { reason: 'bulk test' }),
    );
    expect(made.map((record) => record.number)).toEqual([2, 3, 4, 5, 6].map((n) => `DD-${year}-0000${n}`));
    expect(made.map((record) => record.code)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
    expect(made.every((record) => record.version === 1 && record.status === 'draft' && record.refLabels.owner === 'Ada')).toBe(true);
    const entries = await history(made.map((record) => record.id));
    expect(entries).toHaveLength(5);
    expect(entries.every((entry) => entry.action === 'create' && entry.source === 'action' && entry.reason === 'bulk test')).toBe(true);
    expect(entries[0]!.changes.code).toMatchObject({ after: 'A-1' });
    const next = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, caller, { code: 'A-6' }));
    expect(next.number).toBe(`DD-${year}-00007`);
  });

  it('refuses the whole batch when one row fails, naming its index; nothing is written and no number is used', async () => {
    const before = await count('deeds');
    const bad = engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, [{ values: { code: 'B-1' } }, { values: { code: 'B-2' } }, { values: { code: 'B-3', note: 'forbidden' } }]));
    await expect(bad).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'rows.2.note', message: 'Not this note' }] });
    const missing = engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, [{ values: { code: 'B-1' } }, { values: { note: 'no code' } }]));
    await expect(missing).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'rows.1.code' }] });
    const nowhere = engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, [{ values: { code: 'B-1', owner: '00000000-0000-4000-8000-000000000000' } }]));
    await expect(nowhere).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'rows.0.owner', message: 'No such owner' }] });
    expect(await count('deeds')).toBe(before);
    const next = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, caller, { code: 'B-9' }));
    expect(next.number).toBe(`DD-${year}-00008`);
  });

  it('refuses a unique clash within the batch and with a stored record, naming the rows', async () => {
    const before = await count('deeds');
    const twice = engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, [{ values: { code: 'C-1' } }, { values: { code: 'C-2' } }, { values: { code: 'c-1' } }]));
    await expect(twice).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Rows 0 and 2 of the batch have the same code/), errors: [{ field: 'rows.2.code' }] });
    const taken = engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, [{ values: { code: 'C-1' } }, { values: { code: 'a-3' } }]));
    await expect(taken).rejects.toMatchObject({ statusCode: 409, message: 'Row 1: a deed with this code already exists: A-3.', errors: [{ field: 'rows.1.code' }] });
    expect(await count('deeds')).toBe(before);
  });

  it('refuses a resource with create hooks unless the caller does their work', async () => {
    const hooked: EngineContext = { ...engine, lifecycle: new Lifecycle(registry).add('owners', { beforeCreate: async () => ({}) }) };
    await expect(engineTransaction(hooked, (tx) => createMany(hooked, tx, owners, caller, [{ values: { name: 'X' } }]))).rejects.toThrow(/create hooks/);
    const made = await engineTransaction(hooked, (tx) => createMany(hooked, tx, owners, caller, [{ values: { name: 'X' } }], { hooks: 'caller' }));
    expect(made[0]).toMatchObject({ name: 'X', version: 1 });
  });

  it('changes many records at once: versions bumped, one history row each with the row’s reason, every update hook run', async () => {
    const made = await engineTransaction(engine, (tx) => createMany(engine, tx, deeds, caller, Array.from({ length: 4 }, (_, index) => ({ values: { code: `D-${index}` } }))));
    Object.assign(calls, { perRow: 0, batches: 0, batchRows: 0 });
    const signed = await engineTransaction(engine, (tx) =>
      updateMany(engine, tx, deeds, caller, made.map((record, index) => ({ id: record.id, values: { status: 'signed' }, ...(index === 0 ? { reason: 'first' } : {}) })), { action: 'sign', reason: 'batch', allowReadOnly: true }),
    );
    expect(signed.map((record) => [record.status, record.version])).toEqual(made.map(() => ['signed', 2]));
    expect(calls).toEqual({ perRow: 4, batches: 1, batchRows: 4 });
    const entries = (await history(made.map((record) => record.id))).filter((entry) => entry.action === 'sign');
    expect(entries.map((entry) => [entry.source, entry.reason])).toEqual([['action', 'first'], ['action', 'batch'], ['action', 'batch'], ['action', 'batch']]);
    expect(entries[0]!.changes).toEqual({ status: { before: 'draft', after: 'signed' } });
    // A person's edit is held to the rule, named by row; nothing of the batch stays.
    const refused = engineTransaction(engine, (tx) => updateMany(engine, tx, deeds, caller, made.map((record, index) => ({ id: record.id, values: { note: index === 3 ? 'forbidden' : 'ok' } }))));
    await expect(refused).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'rows.3.note' }] });
    const clash = engineTransaction(engine, (tx) => updateMany(engine, tx, deeds, caller, [{ id: made[1]!.id, values: { code: 'A-1' } }]));
    await expect(clash).rejects.toMatchObject({ statusCode: 409, errors: [{ field: 'rows.0.code' }] });
    const notes = await db.query<{ n: number }>("select count(*)::int as n from deeds where note = 'ok' or code = 'A-1'");
    expect(notes.rows[0]!.n).toBe(1);
  });

  it('settles roll-ups set-based: folded into the creation of records made in the transaction, a version and an entry for the others', async () => {
    const old = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, caller, { code: 'E-old' }));
    const fresh = await engineTransaction(engine, async (tx) => {
      const made = await createMany(engine, tx, deeds, caller, [{ values: { code: 'E-1' } }, { values: { code: 'E-2' } }]);
      await createMany(engine, tx, deedPayments, caller, [
        { values: { deed: made[0]!.id, amount: '100.50' } },
        { values: { deed: made[0]!.id, amount: '0.25' } },
        { values: { deed: made[1]!.id, amount: '7' } },
        { values: { deed: old.id, amount: '12.30' } },
      ]);
      await settleRollups(engine, tx);
      return made;
    });
    const rows = await db.query<{ code: string; paid: string; version: number }>("select code, paid::text as paid, version from deeds where code like 'E-%' order by code");
    expect(rows.rows).toEqual([
      { code: 'E-1', paid: '100.75', version: 1 },
      { code: 'E-2', paid: '7.00', version: 1 },
      { code: 'E-old', paid: '12.30', version: 2 },
    ]);
    const freshEntries = await history(fresh.map((record) => record.id));
    expect(freshEntries.map((entry) => entry.action)).toEqual(['create', 'create']);
    expect(freshEntries[0]!.changes.paid).toMatchObject({ after: '100.75' });
    const oldEntries = await history([old.id]);
    expect(oldEntries.map((entry) => entry.action)).toEqual(['create', 'payment']);
  });
});
