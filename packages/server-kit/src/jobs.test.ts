import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.js';
import { createJobRunner, defineJob, jobMigrations, type JobDefinition, type JobRunner } from './jobs.js';
import { runMigrations } from './migrations.js';
import { OUTBOX_CHANNEL, enqueueOutbox, outboxMigrations } from './outbox.js';
import { DB_KINDS, databaseFactory } from './test/databases.js';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Row = { runs: number; failures: number; last_error: string | null; leased_by: string | null; last_result: unknown; ahead_ms: number; last_run_at: Date | null };

async function row(db: Database, name: string): Promise<Row> {
  const result = await db.query<Row>(
    `select runs::int as runs, failures, last_error, leased_by, last_result, last_run_at,
            (extract(epoch from next_run_at - now()) * 1000)::int as ahead_ms
       from scheduled_jobs where name = $1`,
    [name],
  );
  return result.rows[0]!;
}

const makeDue = (db: Database, name: string) => db.query(`update scheduled_jobs set next_run_at = now() - interval '1 hour' where name = $1`, [name]);

/** A job that counts its runs in memory. */
function counting(name: string, extra: Partial<JobDefinition> = {}) {
  const calls: Date[] = [];
  const job = defineJob({
    name,
    everyMs: MINUTE,
    run: async (ctx) => {
      calls.push(ctx.dueAt);
      return { n: calls.length };
    },
    ...extra,
  });
  return { job, calls };
}

describe.each(DB_KINDS)('job runner on %s', (kind) => {
  const factory = databaseFactory(kind);
  const runners: JobRunner[] = [];
  const runner = (...args: Parameters<typeof createJobRunner>) => {
    const created = createJobRunner(...args);
    runners.push(created);
    return created;
  };
  const fresh = async () => {
    const db = await factory.fresh();
    await runMigrations(db, jobMigrations);
    return db;
  };
  beforeAll(() => factory.prepare());
  afterAll(async () => {
    for (const created of runners) await created.stop();
    await factory.cleanup();
  });

  it('runs a due job once, keeps its outcome and schedules the next run', async () => {
    const db = await fresh();
    const { job, calls } = counting('test.due');
    const jobs = runner(db, [job], { tickMs: 0 });
    // A new job first falls due one interval after its row is made.
    expect(await jobs.runDue()).toEqual([]);
    expect((await row(db, 'test.due')).ahead_ms).toBeGreaterThan(MINUTE - 5_000);
    await makeDue(db, 'test.due');
    const runs = await jobs.runDue();
    expect(runs).toMatchObject([{ name: 'test.due', ok: true, result: { n: 1 } }]);
    expect(await jobs.runDue()).toEqual([]);
    expect(calls).toHaveLength(1);
    const after = await row(db, 'test.due');
    expect(after).toMatchObject({ runs: 1, failures: 0, last_error: null, leased_by: null, last_result: { n: 1 } });
    expect(after.last_run_at).not.toBeNull();
    expect(after.ahead_ms).toBeGreaterThan(MINUTE - 5_000);
    expect(after.ahead_ms).toBeLessThanOrEqual(MINUTE);
  });

  it('runs a job that fell due while no runner was running as soon as one starts (catch-up)', async () => {
    const db = await fresh();
    const before = counting('test.catch-up');
    const first = runner(db, [before.job], { tickMs: 0 });
    await first.runDue();
    await first.stop();
    // The server was down for an hour: the due time passed with nobody ticking.
    await makeDue(db, 'test.catch-up');
    const { job, calls } = counting('test.catch-up');
    const second = runner(db, [job], { tickMs: 60_000 });
    await second.start();
    await expect.poll(() => calls.length, { timeout: 5_000 }).toBe(1);
    await second.stop();
    expect(before.calls).toHaveLength(0);
    expect((await row(db, 'test.catch-up')).ahead_ms).toBeGreaterThan(MINUTE - 5_000);
  });

  it('a commit of outbox rows wakes its job; the commits within its wake delay are sent by one run', async () => {
    const db = await fresh();
    await runMigrations(db, outboxMigrations);
    const { job, calls } = counting('test.woken', { wakeOnOutbox: 'test-woken', wakeDelayMs: 300 });
    const jobs = runner(db, [job], { tickMs: 0 });
    await jobs.start();
    const commit = (n: number) => db.transaction((tx) => enqueueOutbox(tx, [{ kind: 'test-woken', stream: 's', payload: { n } }]));
    // A burst: five commits inside the delay make one run, not five.
    for (let n = 0; n < 5; n += 1) await commit(n);
    expect(calls).toHaveLength(0);
    await expect.poll(() => calls.length, { timeout: 5_000 }).toBe(1);
    await sleep(600);
    expect(calls).toHaveLength(1);
    // A later commit wakes it again; a rolled-back one never does.
    await db.transaction(async (tx) => {
      await enqueueOutbox(tx, [{ kind: 'test-woken', stream: 's', payload: { rolledBack: true } }]);
      throw new Error('roll back');
    }).catch(() => undefined);
    await sleep(600);
    expect(calls).toHaveLength(1);
    await commit(5);
    await expect.poll(() => calls.length, { timeout: 5_000 }).toBe(2);
    await jobs.stop();
  });

  it('with listenForOutbox, a NOTIFY from another process wakes the kind\'s job; without it, only this process\'s commits do', async () => {
    const db = await fresh();
    const listening = counting('test.listening', { wakeOnOutbox: 'test-listened' });
    const deaf = counting('test.deaf', { wakeOnOutbox: 'test-listened' });
    const jobs = runner(db, [listening.job], { tickMs: 0, listenForOutbox: true });
    const others = runner(db, [deaf.job], { tickMs: 0 });
    await jobs.start();
    await others.start();
    // What another process's commit sends (its enqueueOutbox, outbox.ts); no outbox row, no in-process wake.
    await db.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, 'test-listened']);
    await expect.poll(() => listening.calls.length, { timeout: 5_000 }).toBe(1);
    // Another kind wakes nothing; the runner that does not listen was never woken.
    await db.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, 'another-kind']);
    await sleep(400);
    expect(listening.calls).toHaveLength(1);
    expect(deaf.calls).toHaveLength(0);
    // Stopped: it no longer listens.
    await jobs.stop();
    await db.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, 'test-listened']);
    await sleep(400);
    expect(listening.calls).toHaveLength(1);
    await others.stop();
  });

  it('refuses a negative or fractional wake delay', () => {
    expect(() => defineJob({ name: 'test.bad-delay', everyMs: MINUTE, wakeDelayMs: -1, run: async () => null })).toThrow('wakeDelayMs');
    expect(() => defineJob({ name: 'test.bad-delay', everyMs: MINUTE, wakeDelayMs: 0.5, run: async () => null })).toThrow('wakeDelayMs');
  });

  it('records a failure and reschedules the job instead of losing it or retrying at once', async () => {
    const db = await fresh();
    let fail = true;
    let calls = 0;
    const errors: string[] = [];
    const job = defineJob({
      name: 'test.failing',
      everyMs: 10 * MINUTE,
      retryAfterMs: MINUTE,
      run: async () => {
        calls += 1;
        if (fail) throw new Error('the mail server is down');
        return 'sent';
      },
    });
    const jobs = runner(db, [job], { tickMs: 0, onError: (_error, name) => errors.push(String(name)) });
    await jobs.runDue();
    await makeDue(db, 'test.failing');
    expect(await jobs.runDue()).toMatchObject([{ name: 'test.failing', ok: false, error: 'Error: the mail server is down' }]);
    expect(errors).toEqual(['test.failing']);
    const failed = await row(db, 'test.failing');
    expect(failed).toMatchObject({ runs: 1, failures: 1, last_error: 'Error: the mail server is down', leased_by: null });
    expect(failed.ahead_ms).toBeGreaterThan(MINUTE - 5_000);
    expect(failed.ahead_ms).toBeLessThanOrEqual(MINUTE);
    // Not due again right away: no hot loop.
    expect(await jobs.runDue()).toEqual([]);
    expect(calls).toBe(1);
    fail = false;
    await makeDue(db, 'test.failing');
    expect(await jobs.runDue()).toMatchObject([{ ok: true, result: 'sent' }]);
    const healed = await row(db, 'test.failing');
    expect(healed).toMatchObject({ runs: 2, failures: 0, last_error: null, last_result: 'sent' });
    expect(healed.ahead_ms).toBeGreaterThan(10 * MINUTE - 5_000);
  });

  it('keeps an error or a result with a NUL character as far as PostgreSQL can store it', async () => {
    const db = await fresh();
    let throwIt = true;
    const job = defineJob({
      name: 'test.nul',
      everyMs: MINUTE,
      run: async () => {
        if (throwIt) throw new Error('bad\u0000byte');
        return { text: 'a\u0000b' };
      },
    });
    const jobs = runner(db, [job], { tickMs: 0 });
    expect(await jobs.runNow('test.nul')).toMatchObject({ ok: false });
    expect(await row(db, 'test.nul')).toMatchObject({ last_error: 'Error: badbyte', leased_by: null });
    throwIt = false;
    expect(await jobs.runNow('test.nul')).toMatchObject({ ok: true });
    expect(await row(db, 'test.nul')).toMatchObject({ last_error: null, last_result: null, leased_by: null, runs: 2 });
  });

  it('runs a job now by hand, due or not, and moves its next run on', async () => {
    const db = await fresh();
    const { job, calls } = counting('test.by-hand', { everyMs: 5 * MINUTE });
    const other = counting('test.untouched');
    const jobs = runner(db, [job, other.job], { tickMs: 0 });
    expect(await jobs.runNow('test.by-hand')).toMatchObject({ name: 'test.by-hand', ok: true });
    expect(calls).toHaveLength(1);
    expect(other.calls).toHaveLength(0);
    expect((await row(db, 'test.by-hand')).ahead_ms).toBeGreaterThan(5 * MINUTE - 5_000);
    await expect(jobs.runNow('test.unknown')).rejects.toThrow('Unknown job test.unknown');
  });

  it('leaves a job another process holds alone until its lease runs out', async () => {
    const db = await fresh();
    const { job, calls } = counting('test.leased');
    const jobs = runner(db, [job], { tickMs: 0 });
    await jobs.runDue();
    await db.query(`update scheduled_jobs set next_run_at = now() - interval '1 minute', leased_by = 'elsewhere', lease_until = now() + interval '1 hour'`);
    expect(await jobs.runDue()).toEqual([]);
    expect(await jobs.runNow('test.leased')).toBeNull();
    // The other process died mid-run: once its lease is over the job is taken again.
    await db.query(`update scheduled_jobs set lease_until = now() - interval '1 second'`);
    expect(await jobs.runDue()).toMatchObject([{ name: 'test.leased', ok: true }]);
    expect(calls).toHaveLength(1);
    expect(await row(db, 'test.leased')).toMatchObject({ leased_by: null, runs: 1 });
  });

  it('runs a due job once when two runners on one database race for it', async () => {
    const db = await fresh();
    const a = counting('test.race');
    const b = counting('test.race');
    const first = runner(db, [a.job], { tickMs: 0 });
    const second = runner(db, [b.job], { tickMs: 0 });
    await first.runDue();
    for (let round = 1; round <= 5; round += 1) {
      await makeDue(db, 'test.race');
      await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
      expect(a.calls.length + b.calls.length).toBe(round);
    }
  });

  it('stops ticking on stop() and waits for the run in progress', async () => {
    const db = await fresh();
    let runs = 0;
    let finished = 0;
    const job = defineJob({
      name: 'test.ticking',
      everyMs: 1,
      firstRunAfterMs: 1,
      run: async () => {
        runs += 1;
        await sleep(20);
        finished += 1;
      },
    });
    const jobs = runner(db, [job], { tickMs: 10 });
    await jobs.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    expect(finished).toBe(runs);
    const stoppedAt = runs;
    await sleep(150);
    expect(runs).toBe(stoppedAt);
    expect((await row(db, 'test.ticking')).leased_by).toBeNull();
  });

  it('refuses bad definitions and duplicate names', () => {
    expect(() => defineJob({ name: 'Bad Name', everyMs: 1, run: async () => undefined })).toThrow();
    expect(() => defineJob({ name: 'ok', everyMs: 0, run: async () => undefined })).toThrow('everyMs');
    const { job } = counting('test.twice');
    expect(() => createJobRunner({} as Database, [job, job])).toThrow('Duplicate job test.twice');
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('job runner across processes on postgres', () => {
  const factory = databaseFactory('postgres');
  afterAll(() => factory.cleanup());

  it('runs a job exactly once per due time while two processes tick concurrently', async () => {
    const db = await factory.fresh();
    await runMigrations(db, jobMigrations);
    await db.exec('create table job_log (due_at timestamptz not null, runner text not null, started timestamptz not null, ended timestamptz not null)');
    const other = await factory.another();
    const job = (runnerName: string) =>
      defineJob({
        name: 'test.shared',
        everyMs: 60,
        firstRunAfterMs: 1,
        run: async (ctx) => {
          const started = new Date();
          await sleep(15);
          await ctx.db.query('insert into job_log values ($1, $2, $3, $4)', [ctx.dueAt, runnerName, started, new Date()]);
        },
      });
    // Two pools: two processes as far as PostgreSQL can tell.
    const first = createJobRunner(db, [job('first')], { tickMs: 5 });
    const second = createJobRunner(other, [job('second')], { tickMs: 5 });
    await Promise.all([first.start(), second.start()]);
    await sleep(2_000);
    await Promise.all([first.stop(), second.stop()]);
    const log = await db.query<{ due_at: Date; runner: string; started: Date; ended: Date }>('select * from job_log order by started');
    expect(log.rows.length).toBeGreaterThanOrEqual(5);
    // Each due time ran once, and no two runs overlapped.
    const dueTimes = log.rows.map((entry) => new Date(entry.due_at).getTime());
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    for (let i = 1; i < log.rows.length; i += 1) {
      expect(new Date(log.rows[i]!.started).getTime()).toBeGreaterThanOrEqual(new Date(log.rows[i - 1]!.ended).getTime());
    }
    const state = await db.query<{ runs: number }>(`select runs::int as runs from scheduled_jobs where name = 'test.shared'`);
    expect(state.rows[0]!.runs).toBe(log.rows.length);
  });

  it('runs a due job once when two processes claim it in the same moment, round after round', async () => {
    const db = await factory.fresh();
    await runMigrations(db, jobMigrations);
    const other = await factory.another();
    const a = counting('test.contended');
    const b = counting('test.contended');
    const first = createJobRunner(db, [a.job], { tickMs: 0 });
    const second = createJobRunner(other, [b.job], { tickMs: 0 });
    await Promise.all([first.runDue(), second.runDue()]);
    for (let round = 1; round <= 20; round += 1) {
      await makeDue(db, 'test.contended');
      await Promise.all([first.runDue(), second.runDue()]);
      expect(a.calls.length + b.calls.length).toBe(round);
    }
  });
});
