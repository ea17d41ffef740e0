import { randomUUID } from 'node:crypto';
import { afterCommit, isTransaction } from './commit.js';
import type { Database, Queryable } from './db.js';
import { foregroundBusy, whenForegroundIdle } from './foreground.js';
import type { JobDefinition } from './jobs.js';
import type { Migration } from './migrations.js';

/**
 * The transactional outbox (issue 27; reused by customer messages, issue 28). A change that must
 * reach the outside world (a webhook delivery, an e-mail) writes an `outbox` row in the SAME
 * transaction as the change: a rolled-back write leaves no row, a committed one always has its row.
 * The app's job runner sends the rows: a run claims due rows with `FOR UPDATE SKIP LOCKED` and a
 * lease (so two processes never hold one row at once), sends them outside any transaction, and
 * records each try in `outbox_attempts`. A process that dies mid-send leaves its rows leased; once
 * the lease is over another process sends them again with the SAME id, which is the idempotency key
 * the receiver dedupes on (at-least-once delivery, exactly-once effect for a receiver that checks it).
 *
 * Rows of one `stream` (a webhook subscription, a customer) go out in the order they were written:
 * only the oldest pending row of a stream is ever claimed, so a failing row holds the ones after it
 * until it is sent or given up. A failed try is retried with backoff (30 s, 2 min, 10 min, 1 h, 3 h,
 * 6 h …) until `give_up_at` (a day after it was written, by default), when it is marked `failed` and
 * the kind's `onGiveUp` runs (in the same transaction as that mark).
 */
export const outboxMigrations: Migration[] = [
  {
    id: 'server-kit/0003_outbox',
    up: `
      create table outbox (
        id uuid primary key,
        seq bigserial not null unique,
        kind text not null,
        stream text not null,
        idempotency_key text,
        payload jsonb not null,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        next_attempt_at timestamptz not null default now(),
        give_up_at timestamptz not null,
        leased_by text,
        lease_until timestamptz,
        last_code integer,
        last_error text,
        sent_at timestamptz,
        by_hand boolean not null default false
      );
      create unique index outbox_kind_key on outbox (kind, idempotency_key) where idempotency_key is not null;
      create index outbox_pending_due on outbox (kind, next_attempt_at) where status = 'pending';
      create index outbox_pending_stream on outbox (kind, stream, seq) where status = 'pending';
      create index outbox_stream_all on outbox (kind, stream, seq);
      create table outbox_attempts (
        id bigserial primary key,
        message_id uuid not null references outbox (id) on delete cascade,
        attempt integer not null,
        by_hand boolean not null default false,
        started_at timestamptz not null,
        finished_at timestamptz not null default now(),
        ok boolean not null,
        code integer,
        error text,
        duration_ms integer not null
      );
      create index outbox_attempts_message on outbox_attempts (message_id, id);
    `,
  },
];

/** The default backoff: the delay before try n+1 after n failed tries (the last repeats). */
export const OUTBOX_BACKOFF_MS: readonly number[] = [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000];
/** How long a row is retried before it is given up (a day). */
export const OUTBOX_GIVE_UP_AFTER_MS = 24 * 3_600_000;
/**
 * Rows of one stream a claim takes (sent one after the other; a stream still sending at half the lease
 * gives the rest back). Large, so a backlog costs few claims: each claim is a statement that on PGlite
 * waits its turn behind the API's writes.
 */
export const OUTBOX_WINDOW = 100;
/** How long a run woken by a commit waits for the commits that follow it (jobs.ts, `wakeDelayMs`). */
export const OUTBOX_WAKE_DELAY_MS = 200;
/** How long a claim holds: longer than any send may take (a send is cut well before). */
export const OUTBOX_LEASE_MS = 60_000;

/**
 * While people's requests are being served in this process (`foreground.ts`), sends go one at a time
 * (every kind's, across runs), each after an idle moment of the API or this long at the latest: the
 * floor that keeps deliveries moving under a load that never pauses. Idle, sends run `concurrency` at once.
 */
export const OUTBOX_BUSY_PAUSE_MS = 5;
let busyPause: number | null = OUTBOX_BUSY_PAUSE_MS;

/**
 * The pause for senders that do not set their own (`OutboxSender.busyPauseMs`); `null`: sends never give
 * way (the sender as it was before, `concurrency` at once whatever the API does). For the webhook bench's
 * side-by-side phases; the product keeps the default.
 */
export function setOutboxBusyPause(pauseMs: number | null): void {
  busyPause = pauseMs;
}

let giveWayOnEveryDatabase = false;

/**
 * Whether senders give way on PostgreSQL too (the product: on the embedded database only, decision 195).
 * For the webhook bench's `--give-way-everywhere`, which measures that choice.
 */
export function setOutboxGiveWayOnEveryDatabase(on: boolean): void {
  giveWayOnEveryDatabase = on;
}

// The one lane of sends while the API is busy (a chain: each send waits for the one before it).
let lane: Promise<unknown> = Promise.resolve();

/**
 * Runs `send` giving way to the API: always after the event loop's pending I/O (`setImmediate`, so the
 * answers to the API's statements run first); while a request is being served, in the one lane and after
 * an idle moment or `OUTBOX_BUSY_PAUSE_MS`.
 */
async function givingWay<T>(send: () => Promise<T>, pauseMs: number | null): Promise<T> {
  if (pauseMs === null) return send();
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!foregroundBusy()) return send();
  const turn = lane.then(async () => {
    await whenForegroundIdle(pauseMs);
    return send();
  });
  lane = turn.catch(() => undefined);
  return turn;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export type OutboxInput = {
  kind: string;
  /** Rows of one stream go out in order (a subscription's id, a customer's id). */
  stream: string;
  payload: unknown;
  /** Writing a second row with the same kind and key does nothing (a job that runs twice queues once). */
  idempotencyKey?: string | null;
  /** Retried until this long after it was written (default a day). */
  giveUpAfterMs?: number;
  /** Not sent before this time (an SMS written at night waits for the morning); its give-up time counts from then. */
  notBefore?: Date | null;
};

export type OutboxMessage = {
  id: string;
  kind: string;
  stream: string;
  payload: unknown;
  /** Tries so far, this one included. */
  attempts: number;
  createdAt: Date;
  byHand: boolean;
};

/**
 * What a send reports; a throw counts as `{ ok: false, error }`. `deferUntil` (with `ok: false`): not
 * tried now and not a failure (a quiet hour): the row waits until then, its try not counted.
 */
export type OutboxOutcome = { ok: boolean; code?: number | null; error?: string | null; deferUntil?: Date | null };

type Waker = () => void;
const wakers = new Map<string, Set<Waker>>();

/**
 * The channel on which a commit that wrote outbox rows tells the other processes (a worker, issue 27):
 * `pg_notify(OUTBOX_CHANNEL, kind)` runs inside the writing transaction, so it is delivered only on
 * commit (nothing for a rollback), and PostgreSQL delivers one per transaction per kind however many
 * rows or statements wrote it. A job runner started with `listenForOutbox` wakes the kind's job on it.
 */
export const OUTBOX_CHANNEL = 'propdesk_outbox';

/** Calls `fn` in this process once a transaction that wrote `kind` rows has committed (to send them at once); returns the unsubscribe. */
export function onOutboxCommit(kind: string, fn: Waker): () => void {
  let set = wakers.get(kind);
  if (!set) wakers.set(kind, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

function wake(kind: string) {
  for (const fn of wakers.get(kind) ?? []) {
    try {
      fn();
    } catch (error) {
      console.error('An outbox waker failed.', error);
    }
  }
}

/**
 * Writes outbox rows in `tx` (the transaction of the change that causes them); their ids, in order
 * (null for a row whose idempotency key was written before). Pass a transaction: outside one the
 * row commits on its own, which is what the outbox is there to avoid.
 */
export async function enqueueOutbox(tx: Queryable, rows: readonly OutboxInput[]): Promise<(string | null)[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(() => randomUUID());
  const kinds = new Set(rows.map((row) => row.kind));
  // The NOTIFY rides on the insert (no statement of its own, no round trip more): once per kind, inside
  // this transaction (a NOTIFY when every row was already there only wakes a run that finds nothing).
  const inserted = await tx.query<{ id: string }>(
    `with written as (
       insert into outbox (id, kind, stream, idempotency_key, payload, next_attempt_at, give_up_at)
       select r.id, r.kind, r.stream, r.key, r.payload, greatest(now(), coalesce(r.not_before, now())), greatest(now(), coalesce(r.not_before, now())) + r.after * interval '1 millisecond'
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::bigint[], $7::timestamptz[]) with ordinality as r (id, kind, stream, key, payload, after, not_before, n)
        order by r.n
       on conflict (kind, idempotency_key) where idempotency_key is not null do nothing
       returning id::text as id
     )
     select w.id from written w cross join (select count(pg_notify($8, k)) as notified from unnest($9::text[]) as k) as n`,
    [
      ids,
      rows.map((row) => row.kind),
      rows.map((row) => row.stream),
      rows.map((row) => row.idempotencyKey ?? null),
      rows.map((row) => JSON.stringify(row.payload ?? null)),
      rows.map((row) => row.giveUpAfterMs ?? OUTBOX_GIVE_UP_AFTER_MS),
      rows.map((row) => row.notBefore?.toISOString() ?? null),
      OUTBOX_CHANNEL,
      [...kinds],
    ],
  );
  const written = new Set(inserted.rows.map((row) => row.id));
  const wakeAll = () => kinds.forEach(wake);
  if (isTransaction(tx)) afterCommit(tx, wakeAll);
  else wakeAll();
  return ids.map((id) => (written.has(id) ? id : null));
}

/**
 * Sends a row again (by hand): pending again, due now, retried for another day. A row being sent at
 * this moment keeps its lease (it is tried once more after that try). False when there is no such row.
 */
export async function requeueOutbox(tx: Queryable, id: string, kind: string, giveUpAfterMs = OUTBOX_GIVE_UP_AFTER_MS): Promise<boolean> {
  const updated = await tx.query(
    `with requeued as (
       update outbox set status = 'pending', next_attempt_at = now(), by_hand = true, give_up_at = greatest(give_up_at, now() + $3 * interval '1 millisecond')
        where id = $1 and kind = $2 returning id
     )
     select r.id from requeued r cross join (select count(pg_notify($4, $2)) as notified) as n`,
    [id, kind, giveUpAfterMs, OUTBOX_CHANNEL],
  );
  if (updated.rows.length === 0) return false;
  if (isTransaction(tx)) afterCommit(tx, () => wake(kind));
  else wake(kind);
  return true;
}

export type OutboxSender<Prepared = void> = {
  kind: string;
  /**
   * Reads once for a claimed batch what its sends need (the webhooks' addresses and secrets): one
   * query per claim rather than one per row, each of which on PGlite waits behind the API's writes.
   */
  prepare?: (messages: readonly OutboxMessage[]) => Promise<Prepared>;
  /** Sends one row; must not throw for an answer it got (report `{ ok: false, code }`), and must give up by itself well within the lease. */
  send: (message: OutboxMessage, prepared: Prepared) => Promise<OutboxOutcome>;
  /** Runs in the transaction that marks a row `failed` for good (tell its owner). */
  onGiveUp?: (tx: Queryable, message: OutboxMessage, last: OutboxOutcome) => Promise<void>;
  backoffMs?: readonly number[];
  leaseMs?: number;
  /** Streams claimed at once (default 50), rows of each (default 100, sent one after the other), streams sent at once (default 10). */
  batch?: number;
  window?: number;
  concurrency?: number;
  /** While the API serves requests: the longest wait for an idle moment before each send (default `OUTBOX_BUSY_PAUSE_MS`). */
  busyPauseMs?: number;
};

type ClaimedRow = { id: string; kind: string; stream: string; payload: unknown; attempts: number; created_at: Date | string; by_hand: boolean; seq: string | number };

const MAX_ERROR = 1_000;

/**
 * Claims, with a lease for `owner`, up to `window` consecutive due rows of each stream whose oldest
 * pending row (its head) is due and free: a stream is taken only when this claim locked its head, so
 * two claims never share a stream (its rows stay in order whatever the number of processes).
 *
 * The cost does not grow with the backlog: the streams with pending rows are found by a skip scan of
 * the (kind, stream, seq) index (one probe per stream), each head and each window by a probe that
 * stops at its limit. Reading every pending row to find the heads cost 50,000 index entries a claim
 * once a burst had queued that many.
 *
 * The lock re-checks that the row is still due and free: on PostgreSQL a claim whose snapshot saw a
 * row free could lock it just after another claim had leased it and committed, and lease it a second
 * time (both processes sent it; each counted a try; a held SMS showed one try).
 */
async function claim<P>(db: Database, sender: OutboxSender<P>, owner: string): Promise<OutboxMessage[]> {
  const claimed = await db.transaction(async (tx) => {
    const found = await tx.query<ClaimedRow>(
      `with recursive streams as (
         (select stream from outbox where kind = $1 and status = 'pending' order by stream limit 1)
         union all
         select (select o.stream from outbox o where o.kind = $1 and o.status = 'pending' and o.stream > s.stream order by o.stream limit 1)
           from streams s where s.stream is not null
       ),
       heads as (
         select h.stream, h.id, h.next_attempt_at, h.lease_until from streams s
          cross join lateral (
            select o.stream, o.id, o.next_attempt_at, o.lease_until from outbox o
             where o.kind = $1 and o.status = 'pending' and o.stream = s.stream order by o.seq limit 1
          ) h
       ),
       ready as (
         select stream, id from heads where next_attempt_at <= now() and (lease_until is null or lease_until <= now()) limit $2
       ),
       candidates as (
         select c.id from ready r
          cross join lateral (
            select o.id from outbox o
             where o.kind = $1 and o.stream = r.stream and o.status = 'pending' and o.next_attempt_at <= now() and (o.lease_until is null or o.lease_until <= now())
             order by o.seq limit $5
          ) c
       ),
       locked as (
         -- The conditions again on the row as locked: a claim that committed after this statement's
         -- snapshot was taken has leased it (PostgreSQL re-reads a row it locks, and re-checks these).
         select o.id, o.stream from outbox o
          where o.id in (select id from candidates) and o.status = 'pending' and o.next_attempt_at <= now() and (o.lease_until is null or o.lease_until <= now())
            for update skip locked
       ),
       taken as (
         select l.id from locked l join ready r on r.stream = l.stream where r.id in (select id from locked)
       )
       update outbox o set leased_by = $3, lease_until = now() + $4 * interval '1 millisecond', attempts = o.attempts + 1
         from taken where o.id = taken.id
       returning o.id::text as id, o.kind, o.stream, o.payload, o.attempts, o.created_at, o.by_hand, o.seq`,
      [sender.kind, sender.batch ?? 50, owner, sender.leaseMs ?? OUTBOX_LEASE_MS, sender.window ?? OUTBOX_WINDOW],
    );
    return found.rows;
  });
  return claimed
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((row) => ({ id: row.id, kind: row.kind, stream: row.stream, payload: row.payload, attempts: Number(row.attempts), createdAt: new Date(row.created_at), byHand: row.by_hand }));
}

/** Gives back the lease of rows claimed but not tried (their stream's earlier row failed): due again at once, their try not counted. */
async function release(db: Database, owner: string, messages: readonly OutboxMessage[]) {
  if (messages.length === 0) return;
  await db.query(`update outbox set leased_by = null, lease_until = null, attempts = attempts - 1 where id = any($1::uuid[]) and leased_by = $2`, [messages.map((message) => message.id), owner]);
}

const FINISH_SQL = `
  with tried as (
    insert into outbox_attempts (message_id, attempt, by_hand, started_at, ok, code, error, duration_ms) values ($1, $7, $8, $9, $5, $3, $4, $10)
  )
  update outbox set leased_by = null, lease_until = null, last_code = $3, last_error = $4, by_hand = false,
         status = case when $5 then 'sent' when now() + $6 * interval '1 millisecond' > give_up_at then 'failed' else 'pending' end,
         sent_at = case when $5 then now() else sent_at end,
         next_attempt_at = case when $5 then next_attempt_at else now() + $6 * interval '1 millisecond' end
   where id = $1 and leased_by = $2
   returning status`;

/** Records a failed try (only while the lease is ours: a try that outlived it leaves the row to whoever took it). */
async function finish<P>(db: Database, sender: OutboxSender<P>, owner: string, message: OutboxMessage, outcome: OutboxOutcome, startedAt: Date, durationMs: number): Promise<OutboxStatus | null> {
  const error = outcome.ok ? null : (outcome.error ?? `answered ${outcome.code ?? 'nothing'}`).replaceAll('\u0000', '').slice(0, MAX_ERROR);
  const code = outcome.code ?? null;
  const backoff = sender.backoffMs ?? OUTBOX_BACKOFF_MS;
  const delay = backoff[Math.min(Math.max(message.attempts - 1, 0), backoff.length - 1)]!;
  const params = [message.id, owner, code, error, outcome.ok, delay, message.attempts, message.byHand, startedAt, durationMs];
  // A failure may be the last, whose give-up runs in the same transaction as the mark.
  return db.transaction(async (tx) => {
    const status = (await tx.query<{ status: OutboxStatus }>(FINISH_SQL, params)).rows[0]?.status ?? null;
    if (status === 'failed' && sender.onGiveUp) await sender.onGiveUp(tx, message, { ok: false, code, error });
    return status;
  });
}

/** A row held back without a try (a quiet hour): due again at `until`, retried for as long again from then, its try not counted. */
async function defer(db: Database, owner: string, message: OutboxMessage, until: Date, error: string | null): Promise<OutboxStatus | null> {
  const found = await db.query<{ status: OutboxStatus }>(
    `update outbox set leased_by = null, lease_until = null, attempts = attempts - 1, next_attempt_at = $3, last_error = coalesce($4, last_error),
            give_up_at = greatest(give_up_at, $3::timestamptz + (give_up_at - created_at))
      where id = $1 and leased_by = $2 returning status`,
    [message.id, owner, until.toISOString(), error],
  );
  return found.rows[0]?.status ?? null;
}

/** Sends one row and reports its outcome (a throw is a failed try); records nothing. */
async function tryOne<P>(sender: OutboxSender<P>, message: OutboxMessage, prepared: P): Promise<Tried> {
  const startedAt = new Date();
  const started = performance.now();
  let outcome: OutboxOutcome;
  try {
    outcome = await sender.send(message, prepared);
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message || error.name : String(error) };
  }
  return { message, outcome, startedAt, durationMs: Math.round(performance.now() - started) };
}

type Tried = { message: OutboxMessage; outcome: OutboxOutcome; startedAt: Date; durationMs: number };

/**
 * Records successful tries of one stream in ONE statement (each try in `outbox_attempts`; each row
 * `sent` while the lease is ours); how many rows it marked. One statement per stream's window rather
 * than one per row: on PGlite every statement waits behind the API's own writes.
 */
async function finishSent(db: Database, owner: string, tries: readonly Tried[]): Promise<number> {
  if (tries.length === 0) return 0;
  const marked = await db.query<{ id: string }>(
    `with done as (
       select * from unnest($2::uuid[], $3::int[], $4::int[], $5::boolean[], $6::timestamptz[], $7::int[]) as d (id, code, attempt, by_hand, started_at, duration_ms)
     ),
     tried as (
       insert into outbox_attempts (message_id, attempt, by_hand, started_at, ok, code, error, duration_ms)
       select id, attempt, by_hand, started_at, true, code, null, duration_ms from done
     )
     update outbox o set leased_by = null, lease_until = null, last_code = d.code, last_error = null, by_hand = false, status = 'sent', sent_at = now()
       from done d where o.id = d.id and o.leased_by = $1
     returning o.id::text as id`,
    [
      owner,
      tries.map((t) => t.message.id),
      tries.map((t) => t.outcome.code ?? null),
      tries.map((t) => t.message.attempts),
      tries.map((t) => t.message.byHand),
      tries.map((t) => t.startedAt.toISOString()),
      tries.map((t) => t.durationMs),
    ],
  );
  return marked.rows.length;
}

export type OutboxRun = { sent: number; failed: number; tries: number };

/**
 * Sends what is due of one kind now: claims in batches (up to `window` rows of each stream) and sends
 * them, several streams at once and each stream's rows one after the other, in order, stopping a
 * stream at its first failure; until nothing is due or `budgetMs` has passed. A stream's successes
 * are recorded together when it stops; a stream still sending at half its lease gives the rest back
 * (so no row is sent after its lease could have passed to another process). What a job runs.
 */
export async function deliverOutbox<P>(db: Database, sender: OutboxSender<P>, budgetMs = 20_000): Promise<OutboxRun> {
  const owner = randomUUID();
  const until = performance.now() + budgetMs;
  const total: OutboxRun = { sent: 0, failed: 0, tries: 0 };
  const concurrency = Math.max(1, sender.concurrency ?? 10);
  const leaseMs = sender.leaseMs ?? OUTBOX_LEASE_MS;
  // Giving way on the embedded database only, where the database, the API and the sender share one thread; on
  // PostgreSQL it bought no measured gain and cost delivery delay (decision 195).
  const busyPauseMs = sender.busyPauseMs ?? (db.kind === 'pglite' || giveWayOnEveryDatabase ? busyPause : null);
  while (performance.now() < until) {
    const claimedAt = performance.now();
    const messages = await claim(db, sender, owner);
    if (messages.length === 0) break;
    let prepared: P;
    try {
      prepared = sender.prepare ? await sender.prepare(messages) : (undefined as P);
    } catch (error) {
      // Nothing was tried: the rows go back as they were, and the run ends (the next one reads again).
      await release(db, owner, messages);
      throw error;
    }
    const streams = new Map<string, OutboxMessage[]>();
    for (const message of messages) streams.set(message.stream, [...(streams.get(message.stream) ?? []), message]);
    const queue = [...streams.values()];
    const worker = async () => {
      for (let rows = queue.shift(); rows; rows = queue.shift()) {
        const sent: Tried[] = [];
        let index = 0;
        for (; index < rows.length && performance.now() - claimedAt < leaseMs / 2; index += 1) {
          total.tries += 1;
          const tried = await givingWay(() => tryOne(sender, rows[index]!, prepared), busyPauseMs);
          if (tried.outcome.ok) {
            sent.push(tried);
            continue;
          }
          if (tried.outcome.deferUntil) {
            // Held back without a try (a quiet hour): the stream's later rows wait behind it, in order.
            const earlier = await finishSent(db, owner, sent.splice(0));
            total.sent += earlier;
            total.tries -= 1;
            await defer(db, owner, tried.message, tried.outcome.deferUntil, tried.outcome.error ?? null);
            index += 1;
            break;
          }
          // (Awaited first, then added: `total.sent += await …` would read the count before other workers add theirs.)
          const earlier = await finishSent(db, owner, sent.splice(0));
          total.sent += earlier;
          const status = await finish(db, sender, owner, tried.message, tried.outcome, tried.startedAt, tried.durationMs);
          if (status === 'sent') total.sent += 1;
          if (status === 'failed') total.failed += 1;
          // Given up: the stream goes on. Pending again: its later rows wait for the next claim, in order.
          if (status !== 'failed') {
            index += 1;
            break;
          }
        }
        const marked = await finishSent(db, owner, sent);
        total.sent += marked;
        await release(db, owner, rows.slice(index));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  }
  return total;
}

/**
 * The job that sends one kind's rows (a run every `everyMs` on the app's job runner, once across
 * processes; `onOutboxCommit` wakes it at once after a commit in this process, and a runner with
 * `listenForOutbox` after a commit in any process, through `OUTBOX_CHANNEL`).
 */
export function outboxJob<P>(name: string, sender: OutboxSender<P>, options: { everyMs?: number; budgetMs?: number; wakeDelayMs?: number } = {}): JobDefinition {
  return {
    name,
    everyMs: options.everyMs ?? 5_000,
    // The commits of the next 200 ms are sent by the same run: a burst of writes costs a few runs, not one each.
    wakeDelayMs: options.wakeDelayMs ?? OUTBOX_WAKE_DELAY_MS,
    firstRunAfterMs: 1_000,
    retryAfterMs: options.everyMs ?? 5_000,
    // A run stops claiming after its budget; its last sends end within the send's own cut.
    leaseMs: (options.budgetMs ?? 20_000) + (sender.leaseMs ?? OUTBOX_LEASE_MS),
    wakeOnOutbox: sender.kind,
    run: async ({ db }) => deliverOutbox(db, sender, options.budgetMs),
  };
}
