// Signed webhooks (issue 27): N lead creations through the API (default 10,000; BENCH_WEBHOOK_LEADS
// or --leads N for fewer) with 5 subscriptions to lead.created on a local receiver (127.0.0.1:3466):
// deliveries per second, the delay from commit to delivery (p50, p99), duplicates seen by the
// receiver, and the creations' own latency with the subscriptions next to the same creations
// without any. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// Loopback only (PROPDESK_WEBHOOKS_ALLOW_PRIVATE=1 is set for the receiver); every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
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
    reset: () => ask('reset'),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send('close');
      }),
  };
}

let phones = 0;

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
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-webhooks-'));
  const config = {
    ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROPDESK_DEMO: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
    rateLimitPerMinute: 10_000_000,
    userRateLimitPerMinute: 10_000_000,
  };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0, jobs: { tickMs: 1_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const receiver = await startReceiver();
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
    let started;
    let createdAt;
    const expected = TOTAL * SUBSCRIPTIONS;
    if (ROUNDS > 0) {
      // Interleaved: subscriptions switched on and off between phases (in SQL: a bench's switch, not
      // a product write), each phase without subscriptions after the outbox drained.
      await subscribe();
      await receiver.reset();
      const active = (on) => db.query('update webhooks set active = $1', [on]);
      const per = Math.ceil(TOTAL / ROUNDS);
      const ratios = [];
      started = Date.now();
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
        const medians = {};
        for (const phase of order) {
          if (phase === 'without') {
            await drained(withHooks.length * SUBSCRIPTIONS);
            await active(false);
          }
          const latencies = await createLeads(admin, sourceId, per, `${phase}-${round}`);
          (phase === 'with' ? withHooks : without).push(...latencies);
          medians[phase] = percentile(latencies, 50);
          if (phase === 'without') await active(true);
        }
        ratios.push(medians.with / medians.without);
        console.log(`  ${kind} round ${round + 1} (${order.join(' → ')}): median without ${fmt(medians.without)} ms, with ${fmt(medians.with)} ms (${fmt((medians.with / medians.without - 1) * 100)}%)`);
      }
      without.sort((a, b) => a - b);
      withHooks.sort((a, b) => a - b);
      createdAt = Date.now();
      await drained(withHooks.length * SUBSCRIPTIONS);
      console.log(`  ${kind} median of the rounds' growth: ${fmt((percentile(ratios.sort((a, b) => a - b), 50) - 1) * 100)}%`);
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
    console.log(`  ${kind}: ${TOTAL} leads × ${SUBSCRIPTIONS} subscriptions: ${stats.received}/${expected} delivered (${stats.duplicates} duplicates, ${pending} pending) in ${fmt(seconds)} s: ${fmt(result.perSecond)} deliveries/s; drained ${fmt(result.drainSeconds)} s after the last creation`);
    console.log(`  ${kind} commit → delivery: p50 ${fmt(result.delayP50)} ms p99 ${fmt(result.delayP99)} ms`);
    console.log(`  ${kind} lead creation (${CLIENTS} clients): without subscriptions median ${fmt(result.without.median)} ms p95 ${fmt(result.without.p95)} · with 5 median ${fmt(result.with.median)} ms p95 ${fmt(result.with.p95)}`);
    return result;
  } finally {
    await receiver.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks() {
  console.log('\nWebhooks');
  const results = await onBothDatabases(run, 'propdesk_bench_webhooks');
  const growth = (result) => ((result.with.median - result.without.median) / result.without.median) * 100;
  const summary = results.flatMap((result) => [
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
