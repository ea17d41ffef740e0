import { notify } from '@propdesk/notifications-core/server';
import { engineTransaction, updateRecord } from '@propdesk/records/server';
import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, seededDatabases } from './test/harness.js';
import { loggingDatabase } from './test/statements.js';

const fullReadOf = (table: string) => (sql: string) => sql.includes(`from "${table}" as "t"`) && sql.includes('t.version as version');
const ctidCheckOf = (table: string) => (sql: string) => /^select ctid::text as ctid from "(\w+)"/.exec(sql)?.[1] === table;

/**
 * Issue 26: inside a transaction the engine reads a record it has read already, and whose row is
 * still the version it read, with one `ctid` statement instead of a read with every label. A write
 * the engine did not make (raw SQL in a hook) makes a new row version, so the record is read again.
 */
describe.each(DB_KINDS)('the engine’s kept reads on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let logged: ReturnType<typeof loggingDatabase>;
  let sourceId: string;

  beforeAll(async () => {
    db = await databases.open();
    logged = loggingDatabase(db);
    sourceId = (await db.query<{ id: string }>("select id::text as id from sources where name = 'Facebook'")).rows[0]!.id;
  });
  afterAll(async () => {
    await databases.cleanup();
  });

  it('reuses a read whose row is unchanged, and reads again after a write of its own or of raw SQL', async () => {
    const { engine } = createEngine(logged.db, { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined });
    const sources = engine.registry.get('sources');
    const system = { auth: null, source: 'system' as const };
    const { statements, result } = await logged.during(() =>
      engineTransaction(engine, async (tx) => {
        const first = await updateRecord(engine, tx, sources, system, sourceId, { description: 'first' }, { ignoreVersion: true });
        const second = await updateRecord(engine, tx, sources, system, sourceId, { description: 'second' }, { ignoreVersion: true });
        // A hook's raw write: the engine's read of the row is no longer the row.
        await tx.query("update sources set description = 'raw' where id = $1", [sourceId]);
        const third = await updateRecord(engine, tx, sources, system, sourceId, { name: 'Facebook Ads' }, { ignoreVersion: true });
        return { first, second, third };
      }),
    );
    const inOrder = statements.filter((sql) => fullReadOf('sources')(sql) || ctidCheckOf('sources')(sql) || /^update "?sources"?/.test(sql));
    const shape = inOrder.map((sql) => (fullReadOf('sources')(sql) ? 'read' : ctidCheckOf('sources')(sql) ? (sql.includes('for update') ? 'ctid-lock' : 'ctid') : 'update'));
    // 1st update: read with its lock, write, read the new row. 2nd: the kept read (its lock by the ctid
    // statement), write, read. Raw write. 3rd: the ctid differs, so a full read; write; read.
    expect(shape).toEqual(['read', 'update', 'read', 'ctid-lock', 'update', 'read', 'update', 'ctid-lock', 'read', 'update', 'read']);
    expect(result.first.description).toBe('first');
    expect(result.second.description).toBe('second');
    // The raw write is seen: the third update's record and its history start from it.
    expect(result.third.description).toBe('raw');
    expect(result.third.name).toBe('Facebook Ads');
    expect(result.third.refLabels['sourceType']).toBe(result.first.refLabels['sourceType']);
    const history = await db.query<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      "select changes from record_history where resource = 'sources' and record_id = $1 order by id desc limit 1",
      [sourceId],
    );
    expect(history.rows[0]!.changes['name']).toEqual({ before: 'Facebook', after: 'Facebook Ads' });
    expect(history.rows[0]!.changes['description']).toBeUndefined();
  });
});
