// Signed webhooks (issue 27): N lead creations through the API (default 10,000; BENCH_WEBHOOK_LEADS
// or --leads N for fewer) with 5 subscriptions to lead.created on a local receiver (127.0.0.1:3466):
// deliveries per second, the delay from commit to delivery (p50, p99), duplicates seen by the
// receiver, and the creations' own latency with the subscriptions next to the same creations
// without any. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// Loopback only (PROPDESK_WEBHOOKS_ALLOW_PRIVATE=1 is set for the receiver); every loop is bounded.
// `--worker` (PostgreSQL only): the API with PROPDESK_JOBS=off and the sender in a worker process
// (`apps/server/dist/cli.js worker`; build first), as a PostgreSQL deployment runs them.
import { mkdtempSync, rmSync } from 'node:fs';
import { fork, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { OUTBOX_BUSY_PAUSE_MS, setOutboxBusyPause, setOutboxGiveWayOnEveryDatabase } from '@propdesk/server-kit';
import { fmt, percentile } from './lib/load.mjs';
import { poster, signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

const flag = process.argv.indexOf('--leads');
const TOTAL = Number(flag > 0 ? process.argv[flag + 1] : (process.env.BENCH_WEBHOOK_LEADS ?? 10_000));
const SUBSCRIPTIONS = 5;
const CLIENTS = 4;
const RECEIVER_PORT = Number(process.env.BENCH_WEBHOOK_PORT ?? 3466);
const GOALS = { latencyGrowthPct: 10 };
// `--rounds R` (BENCH_WEBHOOK_ROUNDS): instead of one phase without subscriptions then one with, R
// rounds of TOTAL / R creations each way, the order alternating (without→with, with→without, ...), the
// outbox drained before each phase without: a load that drifts on a shared box falls on both sides.
const roundsFlag = process.argv.indexOf('--rounds');
const ROUNDS = Number(roundsFlag > 0 ? process.argv[roundsFlag + 1] : (process.env.BENCH_WEBHOOK_ROUNDS ?? 0));
// `--held` (with --rounds): a third phase per round with the subscriptions on but the sender held (its
// job's lease taken in SQL), so the creation's own transaction's share (the outbox rows it writes) is
// told apart from the sender's competition; the backlog it leaves is then drained alone, which gives
// the event-loop time a delivery costs (utilisation × time / deliveries, nothing else running).
const HELD = process.argv.includes('--held');
// `--compare` (with --rounds): a phase with the subscriptions on and the sender as it was before it gave
// way to the API (`eager`: 10 streams at once whatever the API does), beside the `with` phase of the product.
const COMPARE = process.argv.includes('--compare');
// `--give-way-everywhere`: the sender gives way to the API on PostgreSQL too (the product: the embedded
// database only, decision 195), so `--compare` shows what that choice costs and buys there.
if (process.argv.includes('--give-way-everywhere')) setOutboxGiveWayOnEveryDatabase(true);
const WEBHOOK_JOB = 'settings.webhook-deliveries';
// `--worker`: every job in a process of its own (PostgreSQL only; the PGlite run is skipped).
const WORKER = process.argv.includes('--worker');
const CLI = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const ONLY = process.env.BENCH_WEBHOOK_ONLY; // 'PGlite' or 'PostgreSQL': one database only

process.env.PROPDESK_WEBHOOKS_ALLOW_PRIVATE = '1';

/** The receiver, in a process of its own (`lib/webhook-receiver.mjs`), asked over IPC for what it saw. */
async function startReceiver() {
  const child = fork(fileURLToPath(new URL('./lib/webhook-receiver.mjs', import.meta.url)), [String(RECEIVER_PORT)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // Answers come back in the order asked; the first message says it listens.
  const waiting = [];
  let exited = null;
  child.on('message', (answer) => waiting.shift()?.resolve(answer));
  child.on('exit', (code) => {
    exited = new Error(`the webhook receiver exited with ${code}`);
    for (const { reject } of waiting.splice(0)) reject(exited);
  });
  const next = () => new Promise((resolve, reject) => (exited ? reject(exited) : waiting.push({ resolve, reject })));
  const ask = (question) => {
    const answer = next();
    child.send(question);
    return answer;
  };
  await next();
  return {
    url: `http://127.0.0.1:${RECEIVER_PORT}`,
    count: async () => (await ask('count')).received,
    stats: () => ask('stats'),
    peak: async () => (await ask('peak')).peak,
    delaysFrom: async (from) => (await ask({ delaysFrom: from })).delays,
    reset: () => ask('reset'),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send('close');
      }),
  };
}

/** The worker process on `databaseUrl` (its own tick 1 s, as the in-process runner's here), once it runs. */
async function startWorkerProcess(databaseUrl) {
  const child = spawn(process.execPath, [CLI, 'worker', '--tick-ms', '1000'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PROPDESK_WEBHOOKS_ALLOW_PRIVATE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('Propdesk worker is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}: ${output}`)));
  });
  const started = process.hrtime.bigint();
  return {
    /** Stops it with SIGTERM (as an operator would) and answers its exit code. */
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      return { code, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    },
  };
}

let phones = 0;

/** Runs `fn` while watching this process's event loop (the server's and the bench clients'): its delay (ms) and utilisation. */
async function watched(fn) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  histogram.enable();
  const value = await fn();
  histogram.disable();
  const used = performance.eventLoopUtilization(elu);
  const spent = process.cpuUsage(cpu);
  return {
    value,
    ms: performance.now() - started,
    loop: { mean: histogram.mean / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, utilisation: used.utilization, activeMs: used.active, cpuMs: (spent.user + spent.system) / 1000 },
  };
}

/** `count` lead creations from `CLIENTS` clients at once; the latency of each (ms), sorted. */
async function createLeads(call, sourceId, count, tag) {
  const post = poster(call);
  const latencies = [];
  let next = 0;
  const client = async () => {
    while (next < count) {
      const n = next++;
      const started = performance.now();
      // A phone of its own per lead across phases (a repeated phone is a repeat, not a creation).
      phones += 1;
      await post('/api/leads', { fullName: `Webhook bench ${tag} ${n}`, phone: `+2015${String(10_000_000 + phones).padStart(8, '0')}`, source: sourceId });
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return latencies.sort((a, b) => a - b);
}

async function run(kind, databaseUrl) {
  if (WORKER && !databaseUrl) {
    console.log(`  ${kind}: skipped (--worker: the worker process needs PostgreSQL)`);
    return null;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-webhooks-'));
  const config = {
    ...loadConfig({
      ...process.env,
      PROPDESK_DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PROPDESK_DEMO: '1',
      PROPDESK_JOBS: WORKER ? 'off' : 'all',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    rateLimitPerMinute: 10_000_000,
    userRateLimitPerMinute: 10_000_000,
  };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0, jobs: { tickMs: 1_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const receiver = await startReceiver();
  const worker = WORKER ? await startWorkerProcess(databaseUrl) : null;
  if (worker) console.log(`  ${kind}: the API runs no job (PROPDESK_JOBS=off); a worker process sends the deliveries`);
  try {
    const admin = await signedIn(base, 'admin');
    const sourceId = (await db.query("select id::text as id from sources order by name limit 1")).rows[0].id;
    // Warm-up, then the creations without any subscription.
    await createLeads(admin, sourceId, Math.min(200, TOTAL), 'warm');
    const post = poster(admin);
    const subscribe = async () => {
      for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
        await post('/api/webhooks', { name: `Bench receiver ${index}`, url: `${receiver.url}/hook/${index}`, events: ['lead.created'], secret: `bench-secret-${index}-0123456789` });
      }
    };
    const drained = async (expected) => {
      // Bounded wait for the outbox to drain: the deliveries still due once the creations ended.
      const deadline = Date.now() + Math.max(120_000, TOTAL * 30);
      while ((await receiver.count()) < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    let without = [];
    let withHooks = [];
    const held = [];
    const eager = [];
    let started;
    let createdAt;
    let expected = TOTAL * SUBSCRIPTIONS;
    if (ROUNDS > 0) {
      // Interleaved: subscriptions switched on and off between phases (in SQL: a bench's switch, not
      // a product write), every phase after the outbox drained.
      await subscribe();
      await receiver.reset();
      const active = (on) => db.query('update webhooks set active = $1', [on]);
      // The sender held: its job's lease taken (a woken run finds it leased and does nothing); released, due at once.
      const hold = (on) =>
        on
          ? db.query(`update scheduled_jobs set leased_by = 'bench-hold', lease_until = now() + interval '1 hour' where name = $1`, [WEBHOOK_JOB])
          : db.query(`update scheduled_jobs set leased_by = null, lease_until = null, next_run_at = now() where name = $1`, [WEBHOOK_JOB]);
      const per = Math.ceil(TOTAL / ROUNDS);
      const ratios = [];
      const heldRatios = [];
      const loops = { without: [], with: [], held: [], eager: [] };
      const eagerRatios = [];
      // Commit → delivery of each phase's deliveries (those received from its start to the next drain).
      const delaysOf = { with: [], held: [], eager: [] };
      let mark = null;
      const closeMark = async () => {
        if (!mark) return;
        delaysOf[mark.phase].push(...(await receiver.delaysFrom(mark.from)));
        mark = null;
      };
      const drains = [];
      let queued = 0;
      started = Date.now();
      const phases = ['without', 'with', ...(HELD ? ['held'] : []), ...(COMPARE ? ['eager'] : [])];
      for (let round = 0; round < ROUNDS; round += 1) {
        // Rotated (two phases: alternating), so each phase takes each place in turn.
        const order = phases.map((_, index) => phases[(index + round) % phases.length]);
        if (phases.length === 2 && round % 2 === 1) order.reverse();
        const medians = {};
        for (const phase of order) {
          await drained(queued);
          await closeMark();
          if (phase !== 'without') mark = { phase, from: await receiver.count() };
          if (phase === 'without') await active(false);
          if (phase === 'held') await hold(true);
          setOutboxBusyPause(phase === 'eager' ? null : OUTBOX_BUSY_PAUSE_MS);
          const seen = await watched(() => createLeads(admin, sourceId, per, `${phase}-${round}`));
          const latencies = seen.value;
          (phase === 'without' ? without : phase === 'with' ? withHooks : phase === 'eager' ? eager : held).push(...latencies);
          loops[phase].push(seen.loop);
          medians[phase] = percentile(latencies, 50);
          if (phase === 'without') await active(true);
          else queued += per * SUBSCRIPTIONS;
          if (phase === 'held') {
            // The held backlog drained with nothing else running: the sender's own cost per delivery.
            const before = await receiver.count();
            await hold(false);
            setOutboxBusyPause(OUTBOX_BUSY_PAUSE_MS);
            const drain = await watched(() => drained(queued));
            const count = (await receiver.count()) - before;
            drains.push({ count, ms: drain.ms, perSecond: (count / drain.ms) * 1000, loopMsPerDelivery: drain.loop.activeMs / count, cpuMsPerDelivery: drain.loop.cpuMs / count, utilisation: drain.loop.utilisation });
          }
        }
        ratios.push(medians.with / medians.without);
        if (HELD) heldRatios.push(medians.held / medians.without);
        if (COMPARE) eagerRatios.push(medians.eager / medians.without);
        const delay = (phase) => `loop delay mean ${fmt(loops[phase].at(-1).mean)} p99 ${fmt(loops[phase].at(-1).p99)} util ${fmt(loops[phase].at(-1).utilisation * 100)}%`;
        console.log(
          `  ${kind} round ${round + 1} (${order.join(' → ')}): median without ${fmt(medians.without)} ms [${delay('without')}], with ${fmt(medians.with)} ms (${fmt((medians.with / medians.without - 1) * 100)}%) [${delay('with')}]` +
            (COMPARE ? `, eager ${fmt(medians.eager)} ms (${fmt((medians.eager / medians.without - 1) * 100)}%) [${delay('eager')}]` : '') +
            (HELD ? `, held ${fmt(medians.held)} ms (${fmt((medians.held / medians.without - 1) * 100)}%) [${delay('held')}]; drained alone ${drains.at(-1).count} at ${fmt(drains.at(-1).perSecond)}/s, loop ${fmt(drains.at(-1).loopMsPerDelivery)} ms cpu ${fmt(drains.at(-1).cpuMsPerDelivery)} ms per delivery` : ''),
        );
      }
      without.sort((a, b) => a - b);
      withHooks.sort((a, b) => a - b);
      createdAt = Date.now();
      await drained(queued);
      await closeMark();
      setOutboxBusyPause(OUTBOX_BUSY_PAUSE_MS);
      const mid = (values) => percentile([...values].sort((a, b) => a - b), 50);
      console.log(`  ${kind} median of the rounds' growth: with ${fmt((mid(ratios) - 1) * 100)}%` + (HELD ? `, held (sender stopped) ${fmt((mid(heldRatios) - 1) * 100)}%` : '') + (COMPARE ? `, eager (the sender before) ${fmt((mid(eagerRatios) - 1) * 100)}%` : ''));
      for (const phase of ['with', 'eager']) {
        const list = delaysOf[phase].sort((a, b) => a - b);
        if (list.length > 0) console.log(`  ${kind} ${phase}: commit → delivery p50 ${fmt(percentile(list, 50))} ms p99 ${fmt(percentile(list, 99))} ms (${list.length} deliveries)`);
      }
      for (const phase of phases) console.log(`  ${kind} ${phase}: event-loop delay mean ${fmt(mid(loops[phase].map((l) => l.mean)))} ms p99 ${fmt(mid(loops[phase].map((l) => l.p99)))} ms, utilisation ${fmt(mid(loops[phase].map((l) => l.utilisation)) * 100)}% (medians of the rounds)`);
      if (HELD) console.log(`  ${kind} sender alone: ${fmt(mid(drains.map((d) => d.perSecond)))} deliveries/s, event-loop ${fmt(mid(drains.map((d) => d.loopMsPerDelivery)))} ms and CPU ${fmt(mid(drains.map((d) => d.cpuMsPerDelivery)))} ms per delivery, utilisation ${fmt(mid(drains.map((d) => d.utilisation)) * 100)}%`);
      console.log(`  ${kind} peak connections at the receiver (concurrent sends): ${await receiver.peak()}`);
      expected = queued;
    } else {
      without = await createLeads(admin, sourceId, TOTAL, 'without');
      await subscribe();
      await receiver.reset();
      started = Date.now();
      withHooks = await createLeads(admin, sourceId, TOTAL, 'with');
      createdAt = Date.now();
      await drained(expected);
    }
    const stats = await receiver.stats();
    const pending = (await db.query("select count(*)::int as n from outbox where kind = 'webhook' and status = 'pending'")).rows[0].n;
    const seconds = (stats.last - started) / 1000;
    const delays = stats.delays.sort((a, b) => a - b);
    const result = {
      kind,
      total: TOTAL,
      received: stats.received,
      expected,
      duplicates: stats.duplicates,
      pending,
      perSecond: stats.received / seconds,
      drainSeconds: Math.max(0, (stats.last - createdAt) / 1000),
      delayP50: percentile(delays, 50),
      delayP99: percentile(delays, 99),
      without: { median: percentile(without, 50), p95: percentile(without, 95), p99: percentile(without, 99) },
      with: { median: percentile(withHooks, 50), p95: percentile(withHooks, 95), p99: percentile(withHooks, 99) },
    };
    if (eager.length > 0) {
      eager.sort((a, b) => a - b);
      console.log(`  ${kind} lead creation with 5 subscriptions and the eager sender (before): median ${fmt(percentile(eager, 50))} ms p95 ${fmt(percentile(eager, 95))}`);
    }
    if (WORKER) console.log(`  ${kind}: sender in a worker process (--worker)`);
    console.log(`  ${kind}: ${TOTAL} leads × ${SUBSCRIPTIONS} subscriptions: ${stats.received}/${expected} delivered (${stats.duplicates} duplicates, ${pending} pending) in ${fmt(seconds)} s: ${fmt(result.perSecond)} deliveries/s; drained ${fmt(result.drainSeconds)} s after the last creation`);
    console.log(`  ${kind} commit → delivery: p50 ${fmt(result.delayP50)} ms p99 ${fmt(result.delayP99)} ms`);
    console.log(`  ${kind} lead creation (${CLIENTS} clients): without subscriptions median ${fmt(result.without.median)} ms p95 ${fmt(result.without.p95)} · with 5 median ${fmt(result.with.median)} ms p95 ${fmt(result.with.p95)}`);
    return result;
  } finally {
    if (worker) {
      const stopped = await worker.stop();
      console.log(`  ${kind}: the worker stopped on SIGTERM with code ${stopped.code} after ${fmt(stopped.seconds)} s`);
    }
    await receiver.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks() {
  console.log('\nWebhooks');
  const results = await onBothDatabases((kind, url) => (ONLY && ONLY !== kind ? null : run(kind, url)), 'propdesk_bench_webhooks');
  const growth = (result) => ((result.with.median - result.without.median) / result.without.median) * 100;
  const summary = results.filter(Boolean).flatMap((result) => [
    { figure: `${result.kind}: deliveries received / expected (${result.total} leads × ${SUBSCRIPTIONS})`, value: `${result.received} / ${result.expected}`, goal: 'all', met: result.received === result.expected },
    { figure: `${result.kind}: duplicate deliveries seen by the receiver`, value: result.duplicates, goal: '0', met: result.duplicates === 0 },
    { figure: `${result.kind}: deliveries per second`, value: Number(fmt(result.perSecond)), goal: 'reference', met: true },
    { figure: `${result.kind}: commit → delivery p50 ms`, value: Number(fmt(result.delayP50)), goal: 'reference', met: true },
    { figure: `${result.kind}: commit → delivery p99 ms`, value: Number(fmt(result.delayP99)), goal: 'reference', met: true },
    { figure: `${result.kind}: lead creation median ms, without / with 5 subscriptions`, value: `${fmt(result.without.median)} / ${fmt(result.with.median)}`, goal: `≤ +${GOALS.latencyGrowthPct}%`, met: growth(result) <= GOALS.latencyGrowthPct },
    { figure: `${result.kind}: lead creation p95 ms, without / with`, value: `${fmt(result.without.p95)} / ${fmt(result.with.p95)}`, goal: 'reference', met: true },
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchWebhooks();
}
