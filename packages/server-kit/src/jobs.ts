import { randomUUID } from 'node:crypto';
import type { Database } from './db.js';
import type { Migration } from './migrations.js';
import { OUTBOX_CHANNEL, onOutboxCommit } from './outbox.js';

/**
 * Timed work as jobs: one `scheduled_jobs` row per named job (interval, next due time, lease, last
 * outcome). Every process ticks; a tick claims due rows with `FOR UPDATE SKIP LOCKED` in a short
 * transaction and takes a lease on each, so one process runs a due job once, whatever the number of
 * processes; the row's `next_run_at` survives restarts, so a job that fell due while no process ran
 * runs at the first tick after start (catch-up).
 */
export const jobMigrations: Migration[] = [
  {
    id: 'server-kit/0002_scheduled_jobs',
    up: `
      create table scheduled_jobs (
        name text primary key,
        every_ms bigint not null check (every_ms > 0),
        lease_ms bigint not null check (lease_ms > 0),
        next_run_at timestamptz not null,
        leased_by text,
        lease_until timestamptz,
        last_started_at timestamptz,
        last_run_at timestamptz,
        last_duration_ms integer,
        last_error text,
        failures integer not null default 0,
        runs bigint not null default 0,
        last_result jsonb
      );
    `,
  },
];

/** What a job's handler gets. The handler's work must be idempotent ("process what is due now"). */
export type JobContext = {
  /** The database (not a transaction): the handler opens its own transactions, in batches if it likes. */
  db: Database;
  name: string;
  /** When this run fell due (`next_run_at` as claimed; for `runNow`, the moment it was claimed). */
  dueAt: Date;
};

export type JobDefinition = {
  /** Unique across domains: prefix it with the domain, e.g. `sales.lead-expiry`. */
  name: string;
  /** The interval between the end of one run and the next due time. */
  everyMs: number;
  /** How long after a job's row was created it first falls due (default `everyMs`). */
  firstRunAfterMs?: number;
  /** After a failed run, the next attempt (default `everyMs`): never sooner than the next tick. */
  retryAfterMs?: number;
  /**
   * How long a claim holds (default 15 minutes): a process that dies mid-run leaves the job due, and
   * another process takes it once the lease is over. A run longer than its lease may overlap with
   * another process's run of the same job (the work is idempotent, so that costs time, not doubles).
   */
  leaseMs?: number;
  /**
   * An outbox kind (`outbox.ts`): once a transaction of this process commits rows of it, the job runs
   * at once (as `runNow`), not at its next due time; started runners only, ticking or not. A runner
   * with `listenForOutbox` is also woken by the commits of other processes.
   */
  wakeOnOutbox?: string;
  /**
   * With `wakeOnOutbox`: how long a woken run waits before it starts (default 0), so the commits of a
   * burst are sent by one run rather than one run each (a run costs its claims and records as
   * statements, which on PGlite wait behind the API's own writes).
   */
  wakeDelayMs?: number;
  /** The work. What it returns (JSON) is kept as `last_result`; a throw is kept as `last_error`. */
  run: (ctx: JobContext) => Promise<unknown>;
};

/** Checks a definition and fills its defaults. */
export function defineJob(job: JobDefinition): JobDefinition {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(job.name)) throw new Error(`Job name ${JSON.stringify(job.name)}: lower-case letters, digits, '.', '_' and '-'.`);
  if (job.wakeDelayMs !== undefined && !(Number.isInteger(job.wakeDelayMs) && job.wakeDelayMs >= 0)) throw new Error(`Job ${job.name}: wakeDelayMs must be an integer of 0 or more.`);
  for (const key of ['everyMs', 'firstRunAfterMs', 'retryAfterMs', 'leaseMs'] as const) {
    const value = job[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) throw new Error(`Job ${job.name}: ${key} must be a positive integer.`);
  }
  return job;
}

/** The outcome of one run. */
export type JobRun = { name: string; dueAt: Date; ok: boolean; error?: string; result?: unknown; durationMs: number };

export type JobRunnerOptions = {
  /** How often this process looks for due jobs (default 5 s); 0: never by itself (`runDue`/`runNow` by hand). */
  tickMs?: number | undefined;
  /** Told of a failed run (the row keeps the error too) and of a tick that could not reach the database. */
  onError?: ((error: unknown, job: string | null) => void) | undefined;
  /**
   * LISTEN on `OUTBOX_CHANNEL`: a commit of outbox rows in ANY process (an API process that runs no
   * jobs) wakes the kind's job at once, not at the next tick. For a runner in a process of its own (the
   * worker, PostgreSQL); the API's own runner is woken in-process and does not listen. When the listening
   * connection comes back after a loss, every outbox job runs once (the NOTIFYs meanwhile are lost).
   */
  listenForOutbox?: boolean | undefined;
};

export type JobRunner = {
  /**
   * Registers the jobs' rows (resolves once they exist), then ticks every `tickMs`, the first tick at
   * once: a job that fell due while no process ran runs now (catch-up). Idempotent.
   */
  start(): Promise<void>;
  /** Stops ticking and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs every job due now (claimed one at a time, so other processes share the work); their outcomes. */
  runDue(): Promise<JobRun[]>;
  /** Runs one job now, due or not, and moves its next due time on; `null` when another process holds it. */
  runNow(name: string): Promise<JobRun | null>;
  readonly jobs: readonly JobDefinition[];
};

const DEFAULT_TICK_MS = 5_000;
const DEFAULT_LEASE_MS = 15 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

type Claimed = { name: string; due_at: Date | string };

/** One runner per process for every domain's jobs. */
export function createJobRunner(db: Database, definitions: readonly JobDefinition[], options: JobRunnerOptions = {}): JobRunner {
  const byName = new Map<string, JobDefinition>();
  for (const job of definitions) {
    defineJob(job);
    if (byName.has(job.name)) throw new Error(`Duplicate job ${job.name}`);
    byName.set(job.name, job);
  }
  const names = [...byName.keys()].sort();
  const report = (error: unknown, job: string | null) => {
    try {
      options.onError?.(error, job);
    } catch {
      // A failing logger must not take the runner down.
    }
  };
  const owner = randomUUID();
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  let registered: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pass: Promise<unknown> | undefined;
  // One run at a time in this process: a tick never overlaps a `runNow`, nor another tick.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  /** Creates missing rows; a changed interval or lease is taken over, and a shorter interval brings the next run closer. */
  const register = () =>
    (registered ??= db
      .transaction(async (tx) => {
        for (const name of names) {
          const job = byName.get(name)!;
          await tx.query(
            `insert into scheduled_jobs (name, every_ms, lease_ms, next_run_at)
             values ($1, $2, $3, now() + $4 * interval '1 millisecond')
             on conflict (name) do update set every_ms = excluded.every_ms, lease_ms = excluded.lease_ms,
               next_run_at = least(scheduled_jobs.next_run_at, now() + excluded.every_ms * interval '1 millisecond')`,
            [name, job.everyMs, job.leaseMs ?? DEFAULT_LEASE_MS, job.firstRunAfterMs ?? job.everyMs],
          );
        }
      })
      .catch((error: unknown) => {
        registered = undefined;
        throw error;
      }));

  const claim = async (candidates: readonly string[], name: string | null): Promise<Claimed | null> => {
    await register();
    return claimJob(db, owner, candidates, name);
  };
  const execute = (claimed: Claimed) => executeJob(db, owner, byName.get(claimed.name)!, claimed, report);

  /** One pass over the due jobs; a pass the timer started ends early once `stop()` is called. */
  const duePass = (fromTick: boolean) =>
    serially(async () => {
      const runs: JobRun[] = [];
      // Each job at most once per pass, so a job with a short interval cannot hold the pass.
      const left = new Set(names);
      while (!(fromTick && stopped)) {
        const claimed = await claim([...left], null);
        if (!claimed) break;
        left.delete(claimed.name);
        runs.push(await execute(claimed));
      }
      return runs;
    });

  const runNow = (name: string) => {
    if (!byName.has(name)) return Promise.reject(new Error(`Unknown job ${name}`));
    return serially(async () => {
      const claimed = await claim([name], name);
      return claimed ? execute(claimed) : null;
    });
  };

  // Outbox commits in this process wake their job (`createWaker`); with `listenForOutbox`, those of every process.
  const unsubscribe: (() => void)[] = [];
  const waker = createWaker(byName, runNow, report);
  const outboxJobs = [...byName.values()].filter((job) => job.wakeOnOutbox);
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;
  const listen = () =>
    db
      .listen(OUTBOX_CHANNEL, (kind) => {
        // '' : the listening connection is back after a loss; what was notified meanwhile is looked for.
        for (const job of outboxJobs) if (kind === '' || kind === job.wakeOnOutbox) waker.wake(job.name);
      })
      .catch((error: unknown) => {
        // Not listening: the jobs still run at every tick.
        report(error, null);
        return undefined;
      });

  const tick = () => {
    if (stopped || pass) return;
    pass = duePass(true)
      .catch((error: unknown) => report(error, null))
      .finally(() => {
        pass = undefined;
      });
  };

  return {
    jobs: definitions,
    async start() {
      await register();
      if (!stopped && unsubscribe.length === 0)
        for (const job of outboxJobs) unsubscribe.push(onOutboxCommit(job.wakeOnOutbox!, () => waker.wake(job.name)));
      if (!stopped && options.listenForOutbox && outboxJobs.length > 0 && !unlisten) {
        unlisten = listen();
        await unlisten;
      }
      if (stopped || timer || tickMs <= 0) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      for (const off of unsubscribe.splice(0)) off();
      const listening = unlisten;
      unlisten = undefined;
      await (await listening)?.().catch((error: unknown) => report(error, null));
      waker.stop();
      if (timer) clearInterval(timer);
      timer = undefined;
      await pass;
      await queue;
    },
    runDue: () => duePass(false),
    runNow,
  };
}

/** Takes the lease on one job (the next due one, or `name` whether due or not) in a short transaction. */
async function claimJob(db: Database, owner: string, candidates: readonly string[], name: string | null): Promise<Claimed | null> {
  if (candidates.length === 0) return null;
  return db.transaction(async (tx) => {
    const found = await tx.query<Claimed>(
      `select name, case when $2::text is null then next_run_at else now() end as due_at from scheduled_jobs
        where name = any($1::text[]) and (($2::text is null and next_run_at <= now()) or name = $2::text)
          and (lease_until is null or lease_until <= now())
        order by next_run_at, name limit 1 for update skip locked`,
      [candidates, name],
    );
    const row = found.rows[0];
    if (!row) return null;
    await tx.query(
      `update scheduled_jobs set leased_by = $2, lease_until = now() + lease_ms * interval '1 millisecond', last_started_at = now()
        where name = $1`,
      [row.name, owner],
    );
    return row;
  });
}

/** Runs a claimed job and records its outcome and next due time (only while the lease is still ours). */
async function executeJob(db: Database, owner: string, job: JobDefinition, claimed: Claimed, report: (error: unknown, job: string | null) => void): Promise<JobRun> {
  const dueAt = new Date(claimed.due_at);
  const started = performance.now();
  let outcome: { ok: true; result: unknown } | { ok: false; error: string };
  try {
    outcome = { ok: true, result: await job.run({ db, name: job.name, dueAt }) };
  } catch (error) {
    outcome = { ok: false, error: describe(error).slice(0, MAX_ERROR_LENGTH) };
    report(error, job.name);
  }
  const durationMs = Math.round(performance.now() - started);
  const after = outcome.ok ? job.everyMs : (job.retryAfterMs ?? job.everyMs);
  // A run that outlived its lease leaves the row to whoever took it.
  await db.query(
    `update scheduled_jobs set leased_by = null, lease_until = null, last_run_at = now(), last_duration_ms = $3,
            next_run_at = now() + $4 * interval '1 millisecond', runs = runs + 1,
            last_error = $5, failures = case when $5::text is null then 0 else failures + 1 end, last_result = $6::jsonb
      where name = $1 and leased_by = $2`,
    [job.name, owner, durationMs, after, outcome.ok ? null : outcome.error, outcome.ok ? toJson(outcome.result) : null],
  );
  return { name: job.name, dueAt, ok: outcome.ok, durationMs, ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }) };
}

/**
 * Outbox commits in this process wake their job: a run waits `wakeDelayMs` first (commits meanwhile
 * join it), one run at a time, and a run woken while one is under way follows it.
 */
function createWaker(byName: ReadonlyMap<string, JobDefinition>, runNow: (name: string) => Promise<unknown>, report: (error: unknown, job: string | null) => void) {
  const waking = new Map<string, 'running' | 'again'>();
  const delayed = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  const wake = (name: string) => {
    if (stopped) return;
    if (waking.has(name)) {
      waking.set(name, 'again');
      return;
    }
    waking.set(name, 'running');
    const start = () => {
      if (stopped) {
        waking.delete(name);
        return;
      }
      void runNow(name)
        .catch((error: unknown) => report(error, name))
        .finally(() => {
          const again = waking.get(name) === 'again';
          waking.delete(name);
          if (again) wake(name);
        });
    };
    const delay = byName.get(name)?.wakeDelayMs ?? 0;
    if (delay <= 0) return start();
    const wait = setTimeout(() => {
      delayed.delete(wait);
      // Woken again while waiting: this run sends those commits too.
      waking.set(name, 'running');
      start();
    }, delay);
    wait.unref();
    delayed.add(wait);
  };
  return {
    wake,
    stop() {
      stopped = true;
      for (const wait of delayed) clearTimeout(wait);
      delayed.clear();
    },
  };
}

/** The error as text PostgreSQL can store (no NUL). */
function describe(error: unknown): string {
  const text = error instanceof Error ? (error.message ? `${error.name}: ${error.message}` : error.name) : String(error);
  return text.replaceAll('\u0000', '');
}

/** `last_result` as JSON text, or null when the value has no JSON form jsonb accepts (jsonb refuses `\u0000`). */
function toJson(value: unknown): string | null {
  if (value === undefined) return null;
  try {
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined || text.includes('\\u0000') ? null : text;
  } catch {
    return null;
  }
}
