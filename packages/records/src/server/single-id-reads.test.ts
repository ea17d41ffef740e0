import type { Database, Queryable } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, currentRecords, engineTransaction, fullRecord, getRecord, type Caller, type EngineContext } from './records.js';
import { Lifecycle } from './lifecycle.js';
import { fixtureDatabase, fixtureRegistry, sources, sourceTypes } from './test/fixtures.js';

const system: Caller = { auth: null, source: 'system' };
let db: Database;
let engine: EngineContext;
const ids: string[] = [];

beforeAll(async () => {
  db = await fixtureDatabase();
  engine = { db, registry: fixtureRegistry, lifecycle: new Lifecycle(fixtureRegistry) };
  await engineTransaction(engine, async (tx) => {
    const type = await createRecord(engine, tx, sourceTypes, system, { name: 'Walk-in' });
    for (const name of ['Gate', 'Lobby']) ids.push((await createRecord(engine, tx, sources, system, { name, sourceType: type.id })).id);
  });
});
afterAll(async () => {
  await db.close();
});

/** The transaction with every statement's text noted (a new object: none of the engine's reads are kept for it). */
const noting = (tx: Queryable, seen: string[]): Queryable => ({ ...tx, query: (text, params) => (seen.push(text), tx.query(text, params)) });

/**
 * A read of one record by id is written `t.id = $1`, not `t.id = any($1)`: PostgreSQL plans an array of unknown
 * length for ten rows, so the prepared statement's generic plan never won and each read planned its select with
 * every label again (issue 26). Several ids keep `= any($1)`.
 */
describe('a read of one record by id', () => {
  it('getRecord reads by `t.id = $1` and answers the record', async () => {
    await engineTransaction(engine, async (tx) => {
      const seen: string[] = [];
      const record = await getRecord(engine, noting(tx, seen), sources, system, ids[0]!);
      expect(record).toEqual(await fullRecord(engine, tx, sources, ids[0]!));
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(/where t\.id = \$1::uuid$/);
    });
  });
});

describe('currentRecords of records this transaction has not read', () => {
  it('reads one record by `t.id = $1` (a plan PostgreSQL keeps) and several by `= any($1)`, as fullRecord reads them', async () => {
    await engineTransaction(engine, async (tx) => {
      const one: string[] = [];
      const single = await currentRecords(engine, noting(tx, one), sources, [ids[0]!], null);
      expect(single.get(ids[0]!)).toEqual(await fullRecord(engine, tx, sources, ids[0]!));
      const read = one.filter((text) => text.includes('from "sources"') && !text.includes('ctid'));
      expect(read).toHaveLength(1);
      expect(read[0]).toMatch(/where t\.id = \$1::uuid$/);

      const many: string[] = [];
      const both = await currentRecords(engine, noting(tx, many), sources, ids, null);
      expect([...both.keys()].sort()).toEqual([...ids].sort());
      expect(both.get(ids[1]!)).toEqual(await fullRecord(engine, tx, sources, ids[1]!));
      expect(many.filter((text) => text.includes('from "sources"') && !text.includes('ctid'))[0]).toMatch(/where t\.id = any\(\$1::uuid\[\]\)$/);
    });
  });
});
