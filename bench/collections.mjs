// Collections (issue 18): `GET /api/collections/dashboard` over a ledger of 100,000 installment rows
// (aim: under 200 ms on PostgreSQL), median and p95 over ROUNDS calls, and a customer's statement.
// The rows are bench data written with one SQL insert over the demo contracts (the API would take
// hours to write them); their mix is the ledger's: current rows open, partly paid and paid, due from
// a year back to three years ahead, and superseded versions. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Loopback only; every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { fmt, timeIt } from './lib/load.mjs';
import { signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

const ROWS = Number(process.env.BENCH_COLLECTIONS_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const GOAL_MS = 200;

/** `ROWS` installment rows over the demo contracts, by one insert (row n: contract n mod count, version 1000 + n / 60). */
async function fillLedger(db) {
  const contracts = (await db.query('select id::text as id, customer_id::text as customer from contracts order by number')).rows;
  if (contracts.length === 0) throw new Error('no demo contracts to hang the ledger on');
  await db.query(
    `insert into installments (label, contract_id, customer_id, schedule_version, seq, kind, due_date, amount, paid, status, overdue)
     select 'Bench #' || g, c.ids[1 + g % c.n], c.customers[1 + g % c.n], 1000 + g / 60, g % 60, 'installment',
            (now() at time zone 'Africa/Cairo')::date - 400 + (g % 1500),
            25000 + (g % 97) * 100,
            case when g % 10 = 1 then 10000 when g % 10 in (2, 3, 4) then 25000 + (g % 97) * 100 else 0 end,
            case when g % 10 = 0 then 'superseded' when g % 10 = 1 then 'partly_paid' when g % 10 in (2, 3, 4) then 'paid' else 'open' end,
            false
       from generate_series(1, $1::int) g,
            (select array_agg(id order by number) as ids, array_agg(customer_id order by number) as customers, count(*)::int as n from contracts) c`,
    [ROWS],
  );
  // As autovacuum leaves a table in use: statistics and the visibility map (index-only scans) up to date.
  await db.query('vacuum analyze installments');
  const count = (await db.query('select count(*)::int as n from installments')).rows[0].n;
  return { contracts: contracts.length, rows: count, customer: contracts[0].customer };
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-collections-'));
  const config = { ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl, PROPDESK_DEMO: '1' } : {}) }), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const filled = await fillLedger(db);
    const admin = await signedIn(base, 'admin');
    const get = (path) => async () => {
      const response = await admin(path);
      if (response.status !== 200) throw new Error(`${path} ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    await get('/api/collections/dashboard')(); // warm: plans, the compiler of the first query
    const dashboard = await timeIt(get('/api/collections/dashboard'), ROUNDS);
    const statement = filled.customer ? await timeIt(get(`/api/customers/${filled.customer}/statement`), Math.min(ROUNDS, 10)) : null;
    console.log(`  ${kind} collections dashboard over ${filled.rows} installment rows (${filled.contracts} contracts): median ${fmt(dashboard.median)} ms p95 ${fmt(dashboard.p95)}`);
    // The demo has few contracts, so this customer's statement carries a large share of the bench rows.
    const lines = filled.customer ? (await (await admin(`/api/customers/${filled.customer}/statement`)).json()).data.lines.length : 0;
    if (statement) console.log(`  ${kind} a customer's statement (${lines} lines): median ${fmt(statement.median)} ms p95 ${fmt(statement.p95)}`);
    return { kind, rows: filled.rows, dashboard, statement, lines };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCollections() {
  console.log('\nCollections');
  const results = await onBothDatabases(run, 'propdesk_bench_collections');
  const summary = results.flatMap((result) => [
    {
      figure: `${result.kind}: collections dashboard over ${result.rows} installments, median ms`,
      value: Number(fmt(result.dashboard.median)),
      goal: result.kind === 'PostgreSQL' ? `< ${GOAL_MS}` : '–',
      met: result.kind === 'PostgreSQL' ? result.dashboard.median < GOAL_MS : true,
    },
    { figure: `${result.kind}: collections dashboard, p95 ms`, value: Number(fmt(result.dashboard.p95)), goal: '–', met: true },
    ...(result.statement ? [{ figure: `${result.kind}: a customer's statement of ${result.lines} lines, median ms`, value: Number(fmt(result.statement.median)), goal: '–', met: true }] : []),
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCollections();
}
