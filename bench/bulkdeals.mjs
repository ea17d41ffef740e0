// Bulk deals at volume (issue 17): one launch with 2,000 paid EOIs (tokens 1..2,000, one payment
// each) and a project of 2,000 available units; the dry run (matching by preference) and the publish
// (2,000 allocations turned into reservations in one transaction, payments carried over) timed
// through the API. On PGlite (a data directory, as the desktop install) and on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL; loopback only). BENCH_RUNS publishes (3) per database,
// each of a fresh project and launch in the same app; the medians are reported. BENCH_BULK sets the
// count (2,000); BENCH_KINDS=pglite or postgres runs one kind; BENCH_PROFILE=1 lists the publish's
// statements (PostgreSQL); statements per match are always counted on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { fmt } from './lib/load.mjs';
import { withScratchDatabase } from './lib/postgres.mjs';
import { poster, signedIn } from './lib/client.mjs';
import { printSummary } from './lib/report.mjs';

const COUNT = Number(process.env.BENCH_BULK ?? 2000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const GOAL_MS = 5000;
const TYPES = ['Studio', 'Apartment 2BR', 'Apartment 3BR', 'Duplex'];

/**
 * BENCH_PROFILE=1: the publish's statements counted and timed by their text (the pg driver's query
 * wrapped), printed per match; how the per-match costs of issue 17 were found.
 */
function profiler() {
  const stats = new Map();
  let on = false;
  {
    const pg = createRequire(new URL('../packages/server-kit/package.json', import.meta.url))('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, values, callback) {
      const result = query.call(this, config, values, callback);
      if (on && result && typeof result.then === 'function') {
        const text = (typeof config === 'string' ? config : (config?.text ?? '')).replace(/\s+/g, ' ');
        const key = `${(text.match(/from "(\w+)" as "t"/) ?? [])[1] ?? ''} ${text.slice(0, 100)}${/for update/.test(text) ? ' FOR UPDATE' : ''}`;
        const started = performance.now();
        const count = () => {
          const entry = stats.get(key) ?? { n: 0, ms: 0 };
          entry.n += 1;
          entry.ms += performance.now() - started;
          stats.set(key, entry);
        };
        result.then(count, count);
      }
      return result;
    };
  }
  return {
    start: () => {
      stats.clear();
      on = true;
    },
    /** The statements counted since `start` (PostgreSQL's driver only; null on PGlite), listed by time with BENCH_PROFILE. */
    report(matches) {
      on = false;
      const total = [...stats.values()].reduce((sum, entry) => sum + entry.n, 0);
      if (total === 0) return null;
      console.log(`  publish: ${total} statements, ${(total / Math.max(matches, 1)).toFixed(2)} per match${process.env.BENCH_PROFILE ? '; by total time:' : ''}`);
      if (process.env.BENCH_PROFILE) for (const [key, entry] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) console.log(`  ${String(entry.n).padStart(6)} ${entry.ms.toFixed(0).padStart(7)} ms  ${key}`);
      return total;
    },
  };
}
const profile = profiler();

/** A project of COUNT available units and a launch with COUNT paid EOIs, one payment each (multi-row inserts); `run` keeps each run's codes apart. */
async function fill(db, run = 0) {
  const tag = `B${String.fromCharCode(65 + run)}`;
  const one = async (sql, params = []) => (await db.query(sql, params)).rows[0];
  const project = (await one("insert into projects (name, code, status, currency) values ($1, $2, 'launched', 'EGP') returning id::text as id", [`Bench Bay ${tag}`, tag])).id;
  const plan = (await one('select id::text as id from payment_plans order by name limit 1')).id;
  const cash = (await one("select id::text as id from payment_methods where kind = 'cash' limit 1")).id;
  const types = (await db.query('select id::text as id, name from unit_types where name = any($1::text[])', [TYPES])).rows;
  const typeId = new Map(types.map((row) => [row.name, row.id]));
  const units = [[], [], [], []];
  for (let i = 0; i < COUNT; i += 1) {
    [`${tag}-${String(i).padStart(5, '0')}`, String.fromCharCode(65 + (i % 8)), Math.floor(i / 8) % 30, typeId.get(TYPES[i % TYPES.length])].forEach((value, index) => units[index].push(value));
  }
  await db.query(
    `insert into units (code, project_id, block, floor, unit_type_id, base_price, status)
     select code, $5, block, floor, unit_type_id, 2000000 + floor * 10000, 'available' from unnest($1::text[], $2::text[], $3::int[], $4::uuid[]) as v(code, block, floor, unit_type_id)`,
    [...units, project],
  );
  const setup = (await one(
    `insert into eoi_setups (name, project_id, opens_at, closes_at, amount, max_eois_per_customer, refundable, token_prefix, payment_plan_id, status)
     values ($3, $1, now() - interval '1 day', now() + interval '10 days', 50000, 1, true, $4, $2, 'open') returning id::text as id`,
    [project, plan, `Bench launch ${tag}`, tag],
  )).id;
  const customers = [];
  const eois = [[], [], [], [], []];
  for (let i = 0; i < COUNT; i += 1) {
    const id = randomUUID();
    customers.push(id);
    [randomUUID(), `EOI-2099-${run}${String(i + 1).padStart(5, '0')}`, id, i + 1, JSON.stringify([{ unitType: TYPES[i % TYPES.length] }, { unitType: TYPES[(i + 1) % TYPES.length] }])].forEach((value, index) => eois[index].push(value));
  }
  await db.query(
    `insert into customers (id, kind, full_name, national_id, phone)
     select id, 'individual', 'Bench Customer ' || n, '29901' || lpad($2::int::text, 2, '0') || lpad(n::text, 7, '0'), '+2011' || lpad((40000000 + $2::int * 100000 + n)::text, 8, '0') from unnest($1::uuid[]) with ordinality as v(id, n)`,
    [customers, run],
  );
  await db.query(
    `insert into eois (id, number, title, setup_id, project_id, customer_id, token, token_label, preferences, amount_due, paid_amount, refunded_amount, status, paid_at)
     select id, number, 'Bench ' || number, $6, $7, customer_id, token, $8 || '-' || lpad(token::text, 4, '0'), preferences::jsonb, 50000, 50000, 0, 'paid', now() - interval '1 hour' + token * interval '1 second'
       from unnest($1::uuid[], $2::text[], $3::uuid[], $4::int[], $5::text[]) as v(id, number, customer_id, token, preferences)`,
    [...eois, setup, project, tag],
  );
  await db.query('insert into eoi_token_counters (setup_id, last) values ($1, $2)', [setup, COUNT]);
  await db.query(
    `insert into eoi_payments (number, eoi_id, kind, amount, method_id, paid_on, status)
     select 'EOP-2099-' || $3 || lpad(n::text, 5, '0'), id, 'payment', 50000, $2, current_date, 'recorded' from unnest($1::uuid[]) with ordinality as v(id, n)`,
    [eois[0], cash, String(run)],
  );
  return setup;
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-bulk-'));
  const env = { ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROPDESK_DEMO: '1' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const config = { ...loadConfig(env), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const post = poster(await signedIn(base, 'sales.manager'));
    const runs = [];
    for (let round = 0; round < RUNS; round += 1) {
      const setup = await fill(db, round);
      const deal = await post('/api/bulk-deals', { setup });
      let started = performance.now();
      const previewed = await post(`/api/bulk-deals/${deal.id}/actions/dryRun`);
      const dryRunMs = performance.now() - started;
      profile.start();
      started = performance.now();
      const published = await post(`/api/bulk-deals/${deal.id}/actions/publish`);
      const publishMs = performance.now() - started;
      const statements = profile.report(previewed.matched);
      const made = (await db.query("select count(*)::int as n from reservations r join eois e on e.id = r.eoi_id where e.setup_id = $1 and r.status = 'confirmed'", [setup])).rows[0].n;
      const allocated = (await db.query("select count(*)::int as n from eois where setup_id = $1 and status = 'allocated'", [setup])).rows[0].n;
      console.log(`  ${kind} run ${round + 1}: ${COUNT} paid EOIs onto ${COUNT} units: dry run ${fmt(dryRunMs)} ms (${previewed.matched} matched, ${previewed.conflicts} conflicts); publish ${fmt(publishMs)} ms (${published.status}, ${made} reservations confirmed, ${allocated} EOIs allocated)`);
      runs.push({ dryRunMs, publishMs, matched: previewed.matched, reservations: made, statements });
    }
    const statements = runs.map((entry) => entry.statements).filter((value) => value !== null);
    return {
      kind,
      count: COUNT,
      runs: runs.length,
      dryRunMs: median(runs.map((entry) => entry.dryRunMs)),
      publishMs: median(runs.map((entry) => entry.publishMs)),
      matched: runs[0].matched,
      reservations: runs[0].reservations,
      statementsPerMatch: statements.length > 0 ? median(statements) / Math.max(runs[0].matched, 1) : null,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBulkDeals() {
  console.log('\nBulk deals');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',');
  const results = [];
  if (kinds.includes('pglite')) results.push(await run('PGlite'));
  if (kinds.includes('postgres')) {
    if (adminUrl) results.push(await withScratchDatabase(adminUrl, (url) => run('PostgreSQL', url), 'propdesk_bench_bulk'));
    else console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }
  const summary = results.flatMap((result) => [
    { figure: `${result.kind}: bulk deal dry run, median ms of ${result.runs} (${result.count} EOIs, ${result.count} units)`, value: Number(fmt(result.dryRunMs)), goal: `≤ ${GOAL_MS}`, met: result.dryRunMs <= GOAL_MS },
    { figure: `${result.kind}: bulk deal publish, median ms of ${result.runs} (${result.reservations} reservations)`, value: Number(fmt(result.publishMs)), goal: `≤ ${GOAL_MS}`, met: result.publishMs <= GOAL_MS },
    ...(result.statementsPerMatch === null ? [] : [{ figure: `${result.kind}: bulk deal publish, SQL statements per match`, value: Number(fmt(result.statementsPerMatch, 2)), goal: 'flat in the batch', met: true }]),
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBulkDeals();
}
