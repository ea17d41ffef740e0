// Contracts and the ledger (issues 17 and 18): (a) generating the installment ledgers of 2,000
// contracts (finance's schedule of the net price under the contract's plan, one engine record per
// row with its history, one transaction per contract), total and median per contract; (b) a
// contract's PDF in Arabic (`GET /api/contracts/{id}/print?lang=ar`: template, Typst, kept print),
// median over PRINTS prints; (c) a receipt allocated through the API (`POST /api/receipts` on a
// contract: its open installments locked and paid oldest due first, items, settle), median and p95
// over RECEIPTS receipts. The ledgers are written over the demo's contracts as new schedule versions
// (1000 + n: the same work per ledger as a new contract's, without 2,000 units to sell first). On
// PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Loopback only;
// every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { fmt, percentile, timeIt } from './lib/load.mjs';
import { signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

// The engine as the server composes it, and the ledger writer, from their built packages.
const { createEngine } = await import('../apps/server/dist/domains.js');
const { writeSchedule } = await import('../packages/sales/dist/server/index.js');
const { engineTransaction } = await import('../packages/records/dist/server/index.js');

const LEDGERS = Number(process.env.BENCH_LEDGERS ?? 2000);
const PRINTS = Number(process.env.BENCH_PRINTS ?? 30);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 200);
const SYSTEM = { auth: null, source: 'system' };

/** (a) LEDGERS ledgers, each in its own transaction, round robin over the demo contracts. */
async function generateLedgers(db) {
  const services = { notify: async () => undefined, argon2: undefined, announceAuthChange: async () => undefined };
  const { engine } = createEngine(db, services);
  const contracts = (
    await db.query(
      `select id::text as id, number, customer_id::text as customer_id, net_price::text as net_price, payment_plan_id::text as plan_id, to_char(contract_date, 'YYYY-MM-DD') as start
         from contracts where status <> 'cancelled' and payment_plan_id is not null order by number`,
    )
  ).rows;
  if (contracts.length === 0) throw new Error('no demo contracts');
  const before = (await db.query('select count(*)::int as n from installments')).rows[0].n;
  const times = [];
  const started = performance.now();
  for (let index = 0; index < LEDGERS; index += 1) {
    const contract = contracts[index % contracts.length];
    const one = performance.now();
    await engineTransaction(engine, (tx) =>
      writeSchedule(engine, tx, SYSTEM, {
        contractId: contract.id,
        contractNumber: contract.number,
        customerId: contract.customer_id,
        version: 1000 + index,
        netPrice: contract.net_price,
        planId: contract.plan_id,
        startDate: contract.start,
      }),
    );
    times.push(performance.now() - one);
  }
  const totalMs = performance.now() - started;
  times.sort((a, b) => a - b);
  const rows = (await db.query('select count(*)::int as n from installments')).rows[0].n - before;
  // Each ledger adds up to its net price exactly (checked on the written rows, not assumed).
  const wrong = (
    await db.query(
      `select count(*)::int as n from (select i.contract_id, i.schedule_version, sum(i.amount) as total from installments i where i.schedule_version >= 1000 group by 1, 2) s
         join contracts c on c.id = s.contract_id where s.total <> c.net_price`,
    )
  ).rows[0].n;
  if (wrong > 0) throw new Error(`${wrong} ledgers do not add up to their net price`);
  // Back to the demo's own ledgers for the parts that follow.
  await db.query('delete from installments where schedule_version >= 1000');
  return { ledgers: LEDGERS, contracts: contracts.length, rows, totalMs, median: percentile(times, 50), p95: percentile(times, 95) };
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-contracts-'));
  const config = { ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl, PROPDESK_DEMO: '1' } : {}) }), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const ledgers = await generateLedgers(db);
    console.log(`  ${kind} ${ledgers.ledgers} ledgers (${ledgers.rows} installment rows): ${fmt(ledgers.totalMs / 1000, 2)} s in all, median ${fmt(ledgers.median)} ms p95 ${fmt(ledgers.p95)} per contract`);

    const admin = await signedIn(base, 'admin');
    const active = (await db.query("select id::text as id, customer_id::text as customer from contracts where status = 'active' order by number")).rows;
    if (active.length === 0) throw new Error('no active demo contract');
    const pdf = await timeIt(async () => {
      const response = await admin(`/api/contracts/${active[0].id}/print?lang=ar`);
      if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') throw new Error(`print ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }, PRINTS);
    console.log(`  ${kind} a contract's PDF in Arabic: median ${fmt(pdf.median)} ms p95 ${fmt(pdf.p95)} (${PRINTS} prints)`);

    let next = 0;
    const today = new Date().toISOString().slice(0, 10);
    const receipt = await timeIt(async () => {
      const contract = active[next++ % active.length];
      const response = await admin('/api/receipts', { method: 'POST', body: JSON.stringify({ customer: contract.customer, contract: contract.id, receiptDate: today, method: 'cash', amount: '1250.50' }) });
      if (response.status !== 201) throw new Error(`receipt ${response.status}: ${await response.text()}`);
      const body = await response.json();
      if (body.data.allocated !== '1250.50') throw new Error(`receipt allocated ${body.data.allocated}, not all of it`);
    }, RECEIPTS);
    console.log(`  ${kind} a receipt allocated oldest due first through the API: median ${fmt(receipt.median)} ms p95 ${fmt(receipt.p95)} (${RECEIPTS} receipts over ${active.length} contracts)`);
    return { kind, ledgers, pdf, receipt };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchContracts() {
  console.log('\nContracts and the ledger');
  const results = await onBothDatabases(run, 'propdesk_bench_contracts');
  const summary = results.flatMap((result) => [
    { figure: `${result.kind}: ${result.ledgers.ledgers} contract ledgers (${result.ledgers.rows} rows), total s`, value: Number(fmt(result.ledgers.totalMs / 1000, 2)), goal: '–', met: true },
    { figure: `${result.kind}: one contract's ledger, median ms`, value: Number(fmt(result.ledgers.median)), goal: '–', met: true },
    { figure: `${result.kind}: contract PDF (Arabic), median ms`, value: Number(fmt(result.pdf.median)), goal: '–', met: true },
    { figure: `${result.kind}: receipt allocation via API, median ms`, value: Number(fmt(result.receipt.median)), goal: '–', met: true },
    { figure: `${result.kind}: receipt allocation via API, p95 ms`, value: Number(fmt(result.receipt.p95)), goal: '–', met: true },
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchContracts();
}
