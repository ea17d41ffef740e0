import { RECORD_CHANGES_CHANNEL, notify, publishRecordChanges } from '@propdesk/notifications-core/server';
import type { RecordChangeEvent } from '@propdesk/records/model';
import { createMany, createRecord, engineTransaction, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';
import { cookieHeader, listenOnFreePort, openSse, type SseClient } from './test/sse.js';

type Agent = ReturnType<typeof createAgent>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };
const SYSTEM: Caller = { auth: null, source: 'system' };
/** What an event may say of a record: its resource, id, version and the kind of change. Never a field's value. */
const CHANGE_KEYS = new Set(['resource', 'id', 'version', 'op']);

function userIdOf(login: { json(): { data: string } }): string {
  const payload = JSON.parse(Buffer.from(String(login.json().data).split('.')[1] ?? '', 'base64url').toString('utf8')) as { data: { id: string } };
  return payload.data.id;
}

const changesOf = (events: readonly { event: string; data: string }[]) => events.filter((event) => event.event === 'change').map((event) => JSON.parse(event.data) as RecordChangeEvent);

describe.each(DB_KINDS)('"record changed" events on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let engine: EngineContext;
  const streams: SseClient[] = [];
  const people: Record<'admin' | 'reader' | 'outsider', { agent: Agent; userId: string }> = {} as never;

  const streamOf = async (who: keyof typeof people) => {
    const { agent, userId } = people[who];
    const path = `/api/notifications/stream/${userId}`;
    const client = await openSse(`${base}${path}`, { cookie: cookieHeader(agent.jar, path) });
    expect(client.status).toBe(200);
    streams.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { notifications: { heartbeatMs: 150, sweepMs: 600_000 } });
    base = await listenOnFreePort(app);
    engine = createEngine(db, services, { publishChanges: publishRecordChanges }).engine;
    const reader = await createTestUser(db, [{ entityName: 'bank', action: 'read' }]);
    const outsider = await createTestUser(db, [{ entityName: 'source', action: 'read' }]);
    for (const [who, username] of [['admin', 'admin'], ['reader', reader.username], ['outsider', outsider.username]] as const) {
      const agent = createAgent(app);
      const login = await agent.login(username);
      expect(login.statusCode).toBe(200);
      people[who] = { agent, userId: userIdOf(login) };
    }
  });
  afterAll(async () => {
    for (const client of streams) client.destroy();
    await app?.close();
    await databases.cleanup();
  });

  it("names what a write changed in its answer (X-Record-Changes): resource, id, version, never a field's value", async () => {
    const name = unique('Bank of change');
    const created = await people.admin.agent.request({ method: 'POST', url: '/api/banks', payload: { name, code: unique('C').slice(-12) } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const header = String(created.headers['x-record-changes']);
    expect(JSON.parse(header)).toEqual({ changes: [{ resource: 'banks', id, version: 1, op: 'create' }] });
    expect(header).not.toContain(name);

    const patched = await people.admin.agent.request({ method: 'PATCH', url: `/api/banks/${id}`, payload: { branch: 'Heliopolis', version: 1 } });
    expect(patched.statusCode).toBe(200);
    expect(JSON.parse(String(patched.headers['x-record-changes']))).toEqual({ changes: [{ resource: 'banks', id, version: 2, op: 'update' }] });
    expect(String(patched.headers['x-record-changes'])).not.toContain('Heliopolis');

    // A read and a refused write change nothing, and say nothing.
    expect((await people.admin.agent.request({ method: 'GET', url: `/api/banks/${id}` })).headers['x-record-changes']).toBeUndefined();
    const stale = await people.admin.agent.request({ method: 'PATCH', url: `/api/banks/${id}`, payload: { branch: 'Maadi', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['x-record-changes']).toBeUndefined();
  });

  it('reaches the open stream of every user who may read the resource, and not the others', async () => {
    const readerStream = await streamOf('reader');
    const outsiderStream = await streamOf('outsider');
    const name = unique('Streamed bank');
    const created = await people.admin.agent.request({ method: 'POST', url: '/api/banks', payload: { name, code: unique('S').slice(-12) } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    await readerStream.waitFor(() => changesOf(readerStream.events).some((event) => event.changes.some((change) => change.id === id)), 10_000, 'the change event');
    const event = readerStream.events.find((candidate) => candidate.event === 'change' && candidate.data.includes(id))!;
    // No id: the stream's position (its notifications' seq) is not moved by a change event.
    expect(event.id).toBeUndefined();
    expect(event.data).not.toContain(name);
    for (const change of changesOf([event]).flatMap((parsed) => parsed.changes)) expect(Object.keys(change).every((key) => CHANGE_KEYS.has(key))).toBe(true);
    // Every stream of this process is written in the same turn: had the outsider's been meant to get it, it would be there now.
    await sleep(200);
    expect(changesOf(outsiderStream.events).some((parsed) => parsed.changes.some((change) => change.resource === 'banks'))).toBe(false);
  });

  it('is published when the transaction commits, and never for a rolled-back write', async () => {
    const heard: RecordChangeEvent[] = [];
    const unlisten = await db.listen(RECORD_CHANGES_CHANNEL, (payload) => {
      if (payload) heard.push(JSON.parse(payload) as RecordChangeEvent);
    });
    const ids = () => heard.flatMap((event) => event.changes.map((change) => change.id));
    const banks = engine.registry.get('banks');
    try {
      let written = '';
      let beforeCommit: (string | undefined)[] = [];
      await engineTransaction(engine, async (tx) => {
        written = (await createRecord(engine, tx, banks, SYSTEM, { name: unique('Committed'), code: unique('K').slice(-12) })).id;
        // On PostgreSQL another connection could hear it now if it were sent outside the transaction.
        await sleep(300);
        beforeCommit = ids();
      });
      expect(beforeCommit).not.toContain(written);
      await expect.poll(ids, { timeout: 10_000 }).toContain(written);

      let rolledBack = '';
      await expect(
        engineTransaction(engine, async (tx) => {
          rolledBack = (await createRecord(engine, tx, banks, SYSTEM, { name: unique('Rolled back'), code: unique('R').slice(-12) })).id;
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A later commit is heard; the rolled-back write before it never is.
      let marker = '';
      await engineTransaction(engine, async (tx) => {
        marker = (await createRecord(engine, tx, banks, SYSTEM, { name: unique('Marker'), code: unique('M').slice(-12) })).id;
      });
      await expect.poll(ids, { timeout: 10_000 }).toContain(marker);
      expect(rolledBack).not.toBe('');
      expect(ids()).not.toContain(rolledBack);
      expect(await db.query('select 1 from banks where id = $1', [rolledBack])).toEqual({ rows: [] });
    } finally {
      await unlisten();
    }
  });

  it('coalesces a set-based write: one event per transaction, a resource of many records named once', async () => {
    const heard: RecordChangeEvent[] = [];
    const unlisten = await db.listen(RECORD_CHANGES_CHANNEL, (payload) => {
      if (payload) heard.push(JSON.parse(payload) as RecordChangeEvent);
    });
    const banks = engine.registry.get('banks');
    const paymentTypes = engine.registry.get('payment-types');
    try {
      let single = '';
      await engineTransaction(engine, async (tx) => {
        await createMany(engine, tx, banks, SYSTEM, Array.from({ length: 300 }, (_, index) => ({ values: { name: unique(`Bulk ${index}`), code: `B${index}${Date.now().toString(36)}`.slice(-12) } })));
        single = (await createRecord(engine, tx, paymentTypes, SYSTEM, { name: unique('Type'), kind: 'other' })).id;
      });
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await sleep(200);
      expect(heard).toHaveLength(1);
      expect(heard[0]!.changes).toEqual(expect.arrayContaining([{ resource: 'banks', op: 'many' }, { resource: 'payment-types', id: single, version: 1, op: 'create' }]));
      expect(heard[0]!.changes).toHaveLength(2);
    } finally {
      await unlisten();
    }
  });
});
