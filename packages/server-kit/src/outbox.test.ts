import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.js';
import { foregroundBusy, foregroundEnded, foregroundStarted } from './foreground.js';
import { runMigrations } from './migrations.js';
import { deliverOutbox, enqueueOutbox, outboxMigrations, requeueOutbox, type OutboxInput, type OutboxMessage, type OutboxSender } from './outbox.js';
import { DB_KINDS, databaseFactory } from './test/databases.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outbox on its own (issue 27): a row only with a committed change, one key queued once, in order
 * per stream, and a process that dies mid-send: the row is not sent by anyone else while its lease
 * holds, then sent again with the same id.
 */
describe.each(DB_KINDS)('outbox on %s', (kind) => {
  const factory = databaseFactory(kind);
  let db: Database;
  beforeAll(async () => {
    await factory.prepare();
    db = await factory.fresh();
    await runMigrations(db, outboxMigrations);
  });
  afterAll(async () => {
    await factory.cleanup();
  });

  const sender = (kindName: string, send: OutboxSender['send'], extra: Partial<OutboxSender> = {}): OutboxSender => ({ kind: kindName, send, ...extra });

  it('writes rows only with the committed change, and a key once', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueOutbox(tx, [{ kind: 'unit-a', stream: 's', payload: { n: 1 } }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.query("select 1 from outbox where kind = 'unit-a'")).rows).toHaveLength(0);
    const first = await db.transaction((tx) => enqueueOutbox(tx, [{ kind: 'unit-a', stream: 's', payload: { n: 2 }, idempotencyKey: 'reminder:42' }]));
    const again = await db.transaction((tx) => enqueueOutbox(tx, [{ kind: 'unit-a', stream: 's', payload: { n: 3 }, idempotencyKey: 'reminder:42' }]));
    expect(first[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toEqual([null]);
    expect((await db.query("select payload from outbox where kind = 'unit-a'")).rows).toEqual([{ payload: { n: 2 } }]);
  });

  it('sends each stream in order, several streams at once', async () => {
    const rows: OutboxInput[] = [];
    for (let n = 0; n < 30; n += 1) rows.push({ kind: 'unit-b', stream: `s${n % 3}`, payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    const seen: number[] = [];
    const run = await deliverOutbox(db, sender('unit-b', async (message) => {
      await sleep(1);
      seen.push((message.payload as { n: number }).n);
      return { ok: true, code: 200 };
    }));
    expect(run).toEqual({ sent: 30, failed: 0, tries: 30 });
    for (const stream of [0, 1, 2]) {
      const order = seen.filter((n) => n % 3 === stream);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('claims racing from many processes never lease one row twice: each row sent once, one try each', async () => {
    // Many small claims at once (2 streams each, 1 row per window), from 8 runs: a claim whose snapshot saw a
    // row free must not lease it once another claim has leased it and committed.
    const rows: OutboxInput[] = [];
    for (let n = 0; n < 240; n += 1) rows.push({ kind: 'unit-race', stream: `r${n % 60}`, payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    const sends = new Map<number, number>();
    const racing = sender(
      'unit-race',
      async (message) => {
        const n = (message.payload as { n: number }).n;
        sends.set(n, (sends.get(n) ?? 0) + 1);
        await sleep(n % 3);
        return { ok: true, code: 200 };
      },
      { batch: 2, window: 1, concurrency: 2 },
    );
    for (let round = 0; round < 20 && sends.size < rows.length; round += 1) await Promise.all(Array.from({ length: 8 }, () => deliverOutbox(db, racing)));
    expect(sends.size).toBe(rows.length);
    expect([...sends.values()].filter((count) => count > 1)).toEqual([]);
    const state = await db.query<{ status: string; attempts: number; n: number }>("select status, attempts, count(*)::int as n from outbox where kind = 'unit-race' group by status, attempts");
    expect(state.rows).toEqual([{ status: 'sent', attempts: 1, n: rows.length }]);
  });

  it('gives way to the API: while a request is served, one send at a time at the floor pace; idle, several at once', async () => {
    const rows: OutboxInput[] = [];
    for (let n = 0; n < 12; n += 1) rows.push({ kind: 'unit-busy', stream: `s${n % 4}`, payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    let open = 0;
    let peak = 0;
    const starts: number[] = [];
    const send: OutboxSender['send'] = async () => {
      starts.push(performance.now());
      open += 1;
      peak = Math.max(peak, open);
      await sleep(2);
      open -= 1;
      return { ok: true, code: 200 };
    };
    const request = {};
    foregroundStarted(request);
    expect(foregroundBusy()).toBe(true);
    try {
      const busy = await deliverOutbox(db, sender('unit-busy', send, { busyPauseMs: 20 }));
      expect(busy).toEqual({ sent: 12, failed: 0, tries: 12 });
    } finally {
      foregroundEnded(request);
    }
    expect(foregroundBusy()).toBe(false);
    // One lane, each send after the pause (the floor: the request never ended, yet all 12 went).
    expect(peak).toBe(1);
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(18);
    // A request that ends lets the waiting send go at once.
    await db.transaction((tx) => enqueueOutbox(tx, [{ kind: 'unit-busy', stream: 'late', payload: { n: 99 } }]));
    const other = {};
    foregroundStarted(other);
    const started = performance.now();
    setTimeout(() => foregroundEnded(other), 30);
    starts.length = 0;
    await deliverOutbox(db, sender('unit-busy', send, { busyPauseMs: 5_000 }));
    expect(starts).toHaveLength(1);
    expect(starts[0]! - started).toBeLessThan(2_000);
    // Idle: the streams go at once again.
    rows.length = 0;
    for (let n = 0; n < 12; n += 1) rows.push({ kind: 'unit-busy', stream: `t${n % 4}`, payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    peak = 0;
    await deliverOutbox(db, sender('unit-busy', send));
    expect(peak).toBeGreaterThan(1);
  });

  it('prepares once per claim what the sends need; a failed prepare gives the rows back untried', async () => {
    const rows: OutboxInput[] = [];
    for (let n = 0; n < 12; n += 1) rows.push({ kind: 'unit-prep', stream: `p${n % 4}`, payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    const broken: OutboxSender<never> = { kind: 'unit-prep', prepare: async () => Promise.reject(new Error('database away')), send: async () => ({ ok: true }) };
    await expect(deliverOutbox(db, broken)).rejects.toThrow('database away');
    const untouched = await db.query<{ attempts: number; leased: boolean }>("select attempts, leased_by is not null as leased from outbox where kind = 'unit-prep'");
    expect(untouched.rows.filter((row) => row.attempts !== 0 || row.leased)).toEqual([]);

    let prepares = 0;
    const got: string[] = [];
    const run = await deliverOutbox(db, {
      kind: 'unit-prep',
      prepare: async (messages) => {
        prepares += 1;
        return new Map(messages.map((message) => [message.id, `ready ${(message.payload as { n: number }).n}`]));
      },
      send: async (message, prepared: Map<string, string>) => {
        got.push(prepared.get(message.id)!);
        return { ok: true, code: 200 };
      },
    });
    expect(run).toEqual({ sent: 12, failed: 0, tries: 12 });
    expect(prepares).toBe(1);
    expect(got.sort()).toEqual(Array.from({ length: 12 }, (_, n) => `ready ${n}`).sort());
  });

  it('a stream still sending at half its lease gives the rest back; they go out in order on the next claim, each try counted once', async () => {
    const rows: OutboxInput[] = [];
    for (let n = 0; n < 6; n += 1) rows.push({ kind: 'unit-slow', stream: 'slow', payload: { n } });
    await db.transaction((tx) => enqueueOutbox(tx, rows));
    const seen: number[] = [];
    const leaseLeft: number[] = [];
    // A lease of 1 s and sends of 300 ms: without the cut, the fourth row of a claim would start after its lease.
    const run = await deliverOutbox(db, sender('unit-slow', async (message) => {
      const left = await db.query<{ ms: number }>('select (extract(epoch from lease_until - now()) * 1000)::float8 as ms from outbox where id = $1', [message.id]);
      leaseLeft.push(Number(left.rows[0]!.ms));
      await sleep(300);
      seen.push((message.payload as { n: number }).n);
      return { ok: true, code: 200 };
    }, { leaseMs: 1_000 }));
    expect(leaseLeft.filter((ms) => ms <= 0)).toEqual([]);
    expect(run).toEqual({ sent: 6, failed: 0, tries: 6 });
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    const stored = await db.query<{ attempts: number; status: string; tries: string }>(
      `select o.attempts, o.status, (select count(*) from outbox_attempts a where a.message_id = o.id)::text as tries from outbox o where kind = 'unit-slow' order by seq`,
    );
    expect(stored.rows).toEqual(Array.from({ length: 6 }, () => ({ attempts: 1, status: 'sent', tries: '1' })));
  });

  it('a process that dies mid-send: nobody sends the row while the lease holds, then it goes again with the same id', async () => {
    const [id] = await db.transaction((tx) => enqueueOutbox(tx, [{ kind: 'unit-c', stream: 'only', payload: { n: 1 } }]));
    const tries: string[] = [];
    // The first "process" takes the row and never comes back (its send hangs; its run is abandoned).
    void deliverOutbox(db, sender('unit-c', async (message) => {
      tries.push(message.id);
      return new Promise(() => undefined);
    }));
    while (tries.length === 0) await sleep(10);
    const second = sender('unit-c', async (message) => {
      tries.push(message.id);
      return { ok: true, code: 204 };
    });
    expect(await deliverOutbox(db, second)).toEqual({ sent: 0, failed: 0, tries: 0 });
    // The lease runs out: another process sends it, with the same id (the receiver's key).
    await db.query("update outbox set lease_until = now() - interval '1 second' where id = $1", [id]);
    expect(await deliverOutbox(db, second)).toEqual({ sent: 1, failed: 0, tries: 1 });
    expect(tries).toEqual([id, id]);
    const state = await db.query<{ status: string; attempts: number }>('select status, attempts from outbox where id = $1', [id]);
    expect(state.rows[0]).toEqual({ status: 'sent', attempts: 2 });
    // Sent again by hand: pending, due now, tried once more.
    expect(await db.transaction((tx) => requeueOutbox(tx, id!, 'unit-c'))).toBe(true);
    expect(await deliverOutbox(db, second)).toEqual({ sent: 1, failed: 0, tries: 1 });
    expect((await db.query<{ n: number }>('select count(*)::int as n from outbox_attempts where message_id = $1 and by_hand', [id])).rows[0]!.n).toBe(1);
  });

  it('a failure waits for its backoff and holds its stream; given up after its deadline', async () => {
    const ids = await db.transaction((tx) =>
      enqueueOutbox(tx, [
        { kind: 'unit-d', stream: 'one', payload: { n: 1 } },
        { kind: 'unit-d', stream: 'one', payload: { n: 2 } },
      ]),
    );
    const given: OutboxMessage[] = [];
    const failing = sender('unit-d', async () => ({ ok: false, code: 500 }), { onGiveUp: async (_tx, message) => void given.push(message) });
    expect(await deliverOutbox(db, failing)).toEqual({ sent: 0, failed: 0, tries: 1 });
    const rows = await db.query<{ id: string; attempts: number; wait: number; leased_by: string | null }>(
      `select id::text as id, attempts, extract(epoch from next_attempt_at - now())::int as wait, leased_by from outbox where kind = 'unit-d' order by seq`,
    );
    expect(rows.rows.map((row) => [row.attempts, row.leased_by])).toEqual([
      [1, null],
      [0, null],
    ]);
    expect(rows.rows[0]!.wait).toBeGreaterThanOrEqual(28);
    expect(await deliverOutbox(db, failing)).toEqual({ sent: 0, failed: 0, tries: 0 });
    await db.query("update outbox set next_attempt_at = now(), give_up_at = now() where id = $1", [ids[0]]);
    const run = await deliverOutbox(db, failing);
    expect(run.failed).toBe(1);
    expect(given.map((message) => message.id)).toEqual([ids[0]]);
  });
});
