import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { Lifecycle } from './lifecycle.js';
import { createRecord, engineTransaction, fullRecord, stillAsRead, updateRecord, type Caller, type EngineContext } from './records.js';
import { fixtureDatabase } from './test/fixtures.js';

/**
 * The update's opt-in economies (issue 26): `afterFromWrite` (the record after from the UPDATE, not
 * read again, for plain values only) and `readsAnswer` (no check after the hooks). Each answers what a
 * read would, writes the same history, and leaves the transaction's kept read current.
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
  hasActive: true,
  labelField: 'code',
  fields: {
    code: { kind: 'text', label: 'Code', required: true, unique: true },
    owner: { kind: 'reference', label: 'Owner', ref: 'owners' },
    note: { kind: 'text', label: 'Note' },
    pages: { kind: 'integer', label: 'Pages' },
    status: { kind: 'enum', label: 'Status', options: ['draft', 'signed'], default: 'draft', readOnly: true },
  },
  defaultSort: ['code'],
  listColumns: ['code', 'status'],
  statusField: 'status',
};

const registry = createRegistry([owners, deeds]);
const system: Caller = { auth: null, source: 'system' };
let db: Database;
let engine: EngineContext;
let ada = '';
let bo = '';

beforeAll(async () => {
  db = await fixtureDatabase(registry);
  // A hook that writes the row behind the engine's back (raw SQL) when asked to.
  const lifecycle = new Lifecycle(registry).add('deeds', {
    afterUpdate: async (tx, id, _extra, changes) => {
      if (changes.after.note === 'stamp me') await tx.query("update deeds set note = 'stamped' where id = $1", [id]);
    },
  });
  engine = { db, registry, lifecycle };
  await engineTransaction(engine, async (tx) => {
    ada = (await createRecord(engine, tx, owners, system, { name: 'ADA' })).id;
    bo = (await createRecord(engine, tx, owners, system, { name: 'BO' })).id;
  });
});
afterAll(async () => {
  await db.close();
});

const history = async (id: string) =>
  (await db.query<{ action: string; changes: Record<string, unknown> }>("select action, changes from record_history where resource = 'deeds' and record_id = $1 and action <> 'create' order by id", [id])).rows;

describe('an update’s opt-in economies', () => {
  it('afterFromWrite answers plain values as a read would, with the same history, and keeps that read for the transaction', async () => {
    const answers = [];
    for (const afterFromWrite of [false, true]) {
      const deed = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: `D-PLAIN-${afterFromWrite}`, owner: ada, note: 'plain', pages: 3 }));
      const outcome = await engineTransaction(engine, async (tx) => {
        const updated = await updateRecord(engine, tx, deeds, system, deed.id, { status: 'signed', note: null, active: false }, { ignoreVersion: true, allowReadOnly: true, afterFromWrite });
        const read = await fullRecord(engine, tx, deeds, deed.id);
        // The transaction's kept read is the row as it now stands (found by its `ctid`, not read again).
        const kept = (await stillAsRead(tx, deeds, [deed.id])).get(deed.id);
        return { updated, read, kept };
      });
      expect(outcome.updated).toEqual(outcome.read);
      expect(outcome.kept).toEqual(outcome.read);
      expect(outcome.updated).toMatchObject({ status: 'signed', note: null, active: false, pages: 3, owner: ada, version: deed.version + 1, refLabels: { owner: 'ADA' } });
      answers.push(await history(deed.id));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]).toEqual([{ action: 'update', changes: { status: { before: 'draft', after: 'signed' }, note: { before: 'plain', after: null }, active: { before: true, after: false } } }]);
  });

  it('afterFromWrite reads the record again when a value is not plain (a reference, a number)', async () => {
    const deed = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: 'D-REF', owner: ada, pages: 3 }));
    const moved = await engineTransaction(engine, async (tx) => {
      const updated = await updateRecord(engine, tx, deeds, system, deed.id, { owner: bo, pages: 4 }, { ignoreVersion: true, afterFromWrite: true });
      return { updated, read: await fullRecord(engine, tx, deeds, deed.id) };
    });
    expect(moved.updated).toEqual(moved.read);
    expect(moved.updated).toMatchObject({ owner: bo, pages: 4, refLabels: { owner: 'BO' } });
  });

  it('readsAnswer does not check the row after the hooks; without it the answer shows what a hook wrote', async () => {
    const answers: Record<string, unknown>[] = [];
    for (const readsAnswer of [false, true]) {
      const deed = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: `D-HOOK-${readsAnswer}` }));
      answers.push(await engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, deed.id, { note: 'stamp me' }, { ignoreVersion: true, afterFromWrite: true, readsAnswer })));
      // What is stored is the hook's either way.
      expect((await db.query<{ note: string }>('select note from deeds where id = $1', [deed.id])).rows[0]!.note).toBe('stamped');
    }
    expect(answers[0]!.note).toBe('stamped');
    expect(answers[1]!.note).toBe('stamp me');
  });
});
