// Customer messages (issue 28): N installments falling due in 3 days (default 10,000; BENCH_MESSAGES
// or --messages N for fewer), each of its own customer with an e-mail address, on top of the demo
// data; the daily reminder job queues them and the job runner delivers them to a local SMTP server
// (smtp-server on 127.0.0.1, an ephemeral port). Prints: the job's queueing time, messages per second
// delivered, duplicates seen by the server, the process's peak memory (RSS and heap) during the run,
// and the API's own latency (a list call) before and while the job sends. On PGlite, and on
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { cairoDay, queueReminders } from '@propdesk/sales/server';
import { SMTPServer } from 'smtp-server';
import { fmt, percentile } from './lib/load.mjs';
import { signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

const flag = process.argv.indexOf('--messages');
const TOTAL = Number(flag > 0 ? process.argv[flag + 1] : (process.env.BENCH_MESSAGES ?? 10_000));
const GOALS = { latencyGrowthPct: 50 };
// While the job sends, the API is probed by a list call every PROBE_MS (default 200: five calls a second, a busy
// office on one process); 0 calls back to back (a saturating client, which the embedded database's sender gives
// way to, decision 193, so it measures that policy rather than the sender).
const PROBE_MS = Number(process.env.BENCH_MESSAGES_PROBE_MS ?? 200);

/** A real SMTP server that counts what it accepts, by Message-ID (duplicates too). */
async function startSmtp() {
  const seen = new Set();
  let duplicates = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).subarray(0, 4096).toString('utf8');
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `none-${Math.random()}`;
        if (seen.has(id)) duplicates += 1;
        seen.add(id);
        const now = Date.now();
        if (!first) first = now;
        last = now;
        callback(null, `Ok: queued as ${seen.size}`);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    stats: () => ({ received: seen.size, duplicates, first, last }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `rounds` list calls one after the other (`gapMs` apart); their latencies (ms), sorted. */
async function listLatencies(call, rounds, gapMs = 0) {
  const latencies = [];
  for (let index = 0; index < rounds; index += 1) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const started = performance.now();
    const response = await call('/api/customers?pageSize=25');
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`list: ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/** N customers with e-mail addresses, each with an open installment due in 3 days on a demo contract (bench data, written directly). */
async function seedDue(db, total) {
  const contract = (await db.query("select id::text as id, schedule_version from contracts where status = 'active' order by number limit 1")).rows[0];
  if (!contract) throw new Error('The demo has no active contract');
  await db.query(
    `insert into customers (kind, full_name, national_id, phone, email, language)
     select 'individual', 'Bench buyer ' || n, '2990101' || lpad(n::text, 7, '0'), '+2011' || lpad(n::text, 8, '0'), 'buyer' || n || '@bench.example', case when n % 2 = 0 then 'ar' else 'en' end
       from generate_series(1, $1::int) n`,
    [total],
  );
  await db.query(
    `insert into installments (label, contract_id, schedule_version, seq, kind, due_date, amount, paid, covered, status, overdue, customer_id)
     select 'Bench #' || c.n, $1::uuid, $2::int, 100000 + c.n, 'installment', current_date + 3, 12500.00, 0, 0, 'open', false, c.id
       from (select id, row_number() over (order by id) as n from customers where email like '%@bench.example') c`,
    [contract.id, contract.schedule_version],
  );
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-messages-'));
  const smtp = await startSmtp();
  process.env.PROPDESK_SMTP_URL = smtp.url;
  process.env.PROPDESK_MAIL_FROM = 'Bench <bench@propdesk.test>';
  const config = {
    ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROPDESK_DEMO: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
    rateLimitPerMinute: 10_000_000,
    userRateLimitPerMinute: 10_000_000,
  };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0, jobs: { tickMs: 1_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const admin = await signedIn(base, 'admin');
    // Whatever the demo's own events queued goes first (not counted).
    const drainUntil = Date.now() + 120_000;
    while (Date.now() < drainUntil && (await db.query("select count(*)::int as n from outbox where kind = 'message' and status = 'pending' and next_attempt_at <= now()")).rows[0].n > 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const before = smtp.stats().received;
    await seedDue(db, TOTAL);
    await listLatencies(admin, 20);
    const idle = await listLatencies(admin, 100);

    let peakRss = 0;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const memory = process.memoryUsage();
      peakRss = Math.max(peakRss, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
    }, 100);
    const started = Date.now();
    const queued = await queueReminders(db, cairoDay(new Date()));
    const queuedMs = Date.now() - started;
    // The API while the runner sends (woken by the job's commits).
    const busy = [];
    const deadline = Date.now() + Math.max(300_000, TOTAL * 90);
    while (smtp.stats().received - before < TOTAL && Date.now() < deadline) busy.push(...(await listLatencies(admin, 10, PROBE_MS)));
    clearInterval(sampler);
    busy.sort((a, b) => a - b);
    const stats = smtp.stats();
    const received = stats.received - before;
    const seconds = (stats.last - started) / 1000;
    const sent = (await db.query("select count(*)::int as n from customer_messages m join outbox o on o.id = m.outbox_id where m.template = 'installment_due' and o.status = 'sent'")).rows[0].n;
    const result = {
      kind,
      total: TOTAL,
      queued: queued.due,
      queuedMs,
      received,
      sent,
      duplicates: stats.duplicates,
      perSecond: received / seconds,
      peakRssMb: peakRss / 2 ** 20,
      peakHeapMb: peakHeap / 2 ** 20,
      idle: { median: percentile(idle, 50), p95: percentile(idle, 95) },
      busy: { median: percentile(busy, 50), p95: percentile(busy, 95), n: busy.length },
    };
    console.log(`  ${kind}: ${TOTAL} due installments: ${queued.due} reminders queued by the job in ${fmt(queuedMs / 1000)} s; ${received} delivered (${stats.duplicates} duplicates) in ${fmt(seconds)} s: ${fmt(result.perSecond)} messages/s`);
    console.log(`  ${kind}: peak RSS ${fmt(result.peakRssMb)} MiB, heap ${fmt(result.peakHeapMb)} MiB; GET /api/customers median ${fmt(result.idle.median)} ms (p95 ${fmt(result.idle.p95)}) idle, ${fmt(result.busy.median)} ms (p95 ${fmt(result.busy.p95)}) while sending`);
    return result;
  } finally {
    await app.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMessages() {
  console.log('\nCustomer messages');
  const results = await onBothDatabases(run, 'propdesk_bench_messages');
  const growth = (result) => ((result.busy.median - result.idle.median) / result.idle.median) * 100;
  const summary = results.flatMap((result) => [
    { figure: `${result.kind}: reminders queued by the daily job / due installments`, value: `${result.queued} / ${result.total}`, goal: 'all', met: result.queued === result.total },
    { figure: `${result.kind}: job's queueing time s`, value: Number(fmt(result.queuedMs / 1000)), goal: 'reference', met: true },
    { figure: `${result.kind}: e-mails received by the SMTP server / sent in the outbox`, value: `${result.received} / ${result.sent}`, goal: 'all', met: result.received === result.total && result.sent === result.total },
    { figure: `${result.kind}: duplicate e-mails (same Message-ID)`, value: result.duplicates, goal: '0', met: result.duplicates === 0 },
    { figure: `${result.kind}: messages per second`, value: Number(fmt(result.perSecond)), goal: 'reference', met: true },
    { figure: `${result.kind}: peak RSS / heap MiB`, value: `${fmt(result.peakRssMb)} / ${fmt(result.peakHeapMb)}`, goal: 'reference', met: true },
    { figure: `${result.kind}: list call median ms, idle / while sending`, value: `${fmt(result.idle.median)} / ${fmt(result.busy.median)}`, goal: `≤ +${GOALS.latencyGrowthPct}%`, met: growth(result) <= GOALS.latencyGrowthPct },
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMessages();
}
