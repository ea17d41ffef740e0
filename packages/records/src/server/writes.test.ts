import type { Database, Queryable } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { runAction } from './actions.js';
import { Lifecycle } from './lifecycle.js';
import { createRecord, engineTransaction, memoized, updateRecord, type Caller, type EngineContext } from './records.js';
import { fixtureDatabase } from './test/fixtures.js';

/**
 * What the engine saves per write (issue 17's bulk publish) without changing what it writes: reads
 * memoized per transaction, a record read again only where it changed, labels looked up only for
 * references that moved.
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
  fields: {
    code: { kind: 'text', label: 'Code', required: true, unique: true },
    owner: { kind: 'reference', label: 'Owner', ref: 'owners' },
    witness: { kind: 'reference', label: 'Witness', ref: 'owners' },
    note: { kind: 'text', label: 'Note' },
    status: { kind: 'enum', label: 'Status', options: ['draft', 'signed'], default: 'draft', readOnly: true },
  },
  defaultSort: ['code'],
  listColumns: ['code', 'status'],
  statusField: 'status',
  actions: {
    sign: { label: 'Sign', from: ['draft'], to: 'signed' },
    // Offered only on a stamped deed (an action's `when`, beyond its states).
    register: { label: 'Register', from: ['signed'], to: 'signed', when: { field: 'note', in: ['stamped'], otherwise: 'the deed is not stamped' } },
  },
};

const registry = createRegistry([owners, deeds]);
const system: Caller = { auth: null, source: 'system' };
let db: Database;
let engine: EngineContext;
const owner = { ada: '', bo: '', cy: '' };

beforeAll(async () => {
  db = await fixtureDatabase(registry);
  const lifecycle = new Lifecycle(registry)
    // A handler that changes the row behind the engine's back (raw SQL), and a hook that moves a reference the same way.
    .add('deeds', {
      actions: { sign: { before: async (tx, id) => void (await tx.query("update deeds set note = 'stamped' where id = $1", [id])) } },
      afterUpdate: async (tx, id, _extra, changes) => {
        if (changes.after.note === 'swap witness') await tx.query('update deeds set witness_id = $2 where id = $1', [id, owner.cy]);
      },
    });
  engine = { db, registry, lifecycle };
  await engineTransaction(engine, async (tx) => {
    for (const name of ['ada', 'bo', 'cy'] as const) owner[name] = (await createRecord(engine, tx, owners, system, { name: name.toUpperCase() })).id;
  });
});
afterAll(async () => {
  await db.close();
});

const historyOf = async (id: string) =>
  (await db.query<{ action: string; changes: Record<string, { before: unknown; after: unknown; beforeLabel?: unknown; afterLabel?: unknown }> }>("select action, changes from record_history where resource = 'deeds' and record_id = $1 order by id desc", [id])).rows;

describe('the engine’s economies per write', () => {
  it('reads a memoized value once per transaction, again once the transaction writes what it depends on, and always afresh outside one', async () => {
    let reads = 0;
    const load = (tx: Queryable) => memoized(tx, 'owner-count', ['owners'], async () => {
      reads += 1;
      return (await tx.query<{ n: number }>('select count(*)::int as n from owners')).rows[0]!.n;
    });
    await engineTransaction(engine, async (tx) => {
      expect(await load(tx)).toBe(3);
      expect(await load(tx)).toBe(3);
      expect(reads).toBe(1);
      await createRecord(engine, tx, owners, system, { name: 'Dee' });
      expect(await load(tx)).toBe(4);
      expect(reads).toBe(2);
      // A write of another resource keeps it.
      await createRecord(engine, tx, deeds, system, { code: 'D-MEMO' });
      expect(await load(tx)).toBe(4);
      expect(reads).toBe(2);
    });
    expect(await load(db)).toBe(4);
    expect(await load(db)).toBe(4);
    expect(reads).toBe(4);
  });

  it('starts an action’s state change from the row its handlers left, so its entry holds the state change alone', async () => {
    const deed = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: 'D-1', owner: owner.ada, note: 'plain' }));
    const signed = await engineTransaction(engine, (tx) => runAction(engine, tx, deeds, system, deed.id, 'sign', deeds.actions!.sign!, {}));
    expect(signed).toMatchObject({ status: 'signed', note: 'stamped', version: 2 });
    const [entry] = await historyOf(deed.id);
    expect(entry!.action).toBe('sign');
    expect(Object.keys(entry!.changes)).toEqual(['status']);
  });

  it('labels the references an update moves, keeps the others’, and reads a reference a hook moved', async () => {
    const deed = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: 'D-2', owner: owner.ada, witness: owner.bo }));
    const moved = await engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, deed.id, { owner: owner.bo }, { ignoreVersion: true }));
    expect(moved.refLabels).toEqual({ owner: 'BO', witness: 'BO' });
    expect((await historyOf(deed.id))[0]!.changes.owner).toEqual({ before: owner.ada, after: owner.bo, beforeLabel: 'ADA', afterLabel: 'BO' });
    const swapped = await engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, deed.id, { note: 'swap witness' }, { ignoreVersion: true }));
    expect(swapped).toMatchObject({ witness: owner.cy, refLabels: { owner: 'BO', witness: 'CY' } });
  });

  it('still refuses a unique value taken by another record (409 naming it), and lets other fields change beside it', async () => {
    await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: 'D-3' }));
    const other = await engineTransaction(engine, (tx) => createRecord(engine, tx, deeds, system, { code: 'D-4' }));
    await expect(engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, other.id, { code: 'd-3' }, { ignoreVersion: true }))).rejects.toMatchObject({ statusCode: 409 });
    const noted = await engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, other.id, { note: 'kept', code: 'D-4' }, { ignoreVersion: true }));
    expect(noted).toMatchObject({ code: 'D-4', note: 'kept' });
  });
});

describe('an action offered on a condition (`when`)', () => {
  it('runs where the condition holds, and is refused with its reason, nothing written, where it does not', async () => {
    const stamped = await engineTransaction(engine, async (tx) => {
      const deed = await createRecord(engine, tx, deeds, system, { code: 'D-5' });
      return runAction(engine, tx, deeds, system, deed.id, 'sign', deeds.actions!.sign!, {});
    });
    expect(stamped.note).toBe('stamped');
    const registered = await engineTransaction(engine, (tx) => runAction(engine, tx, deeds, system, stamped.id, 'register', deeds.actions!.register!, {}));
    expect((await historyOf(stamped.id))[0]!.action).toBe('register');
    expect(registered.version).toBe(stamped.version + 1);

    const plain = await engineTransaction(engine, (tx) => updateRecord(engine, tx, deeds, system, stamped.id, { note: 'unstamped' }, { ignoreVersion: true }));
    await expect(engineTransaction(engine, (tx) => runAction(engine, tx, deeds, system, plain.id, 'register', deeds.actions!.register!, {}))).rejects.toMatchObject({
      statusCode: 422,
      message: 'Register is not possible: the deed is not stamped.',
    });
    const after = await db.query<{ version: number }>('select version from deeds where id = $1', [plain.id]);
    expect(after.rows[0]!.version).toBe(plain.version);
  });
});
