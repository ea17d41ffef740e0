// Reservations (issue 17): creating a reservation through the API (`POST /api/reservations` with
// submit: the unit's lock and claim, the prices, the numbering, the history and the unit's status
// event, in one transaction), median and p95 over a different free unit each time; and 50 reserve
// calls at once on one unit (one wins, 49 get a 409) with the time until all have answered. On
// PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Loopback only;
// every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { fmt, timeIt } from './lib/load.mjs';
import { signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const RACE = 50;

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-reservations-'));
  const config = { ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl, PROPDESK_DEMO: '1' } : {}) }), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    // Free, priced units of the projects with a plan every project may use; the agent's discount (1%) is within authority.
    const units = (
      await db.query(
        `select u.id::text as id from units u where u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
          order by u.code limit $1`,
        [ROUNDS + 2],
      )
    ).rows.map((row) => row.id);
    if (units.length < ROUNDS + 2) throw new Error(`only ${units.length} free units`);
    const plan = (await db.query('select id::text as id from payment_plans where project_id is null order by name limit 1')).rows[0].id;
    const customer = (await db.query('select id::text as id from customers order by created_on, id limit 1')).rows[0].id;
    const agent = await signedIn(base, 'sales.agent');
    const body = (unit) => JSON.stringify({ unit, customer, paymentPlan: plan, discountKind: 'percent', discountValue: '1', submit: true });
    let next = 0;
    const create = await timeIt(async () => {
      const response = await agent('/api/reservations', { method: 'POST', body: body(units[next++]) });
      if (response.status !== 201) throw new Error(`reserve ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }, ROUNDS);
    // The race: every call for one unit at once.
    const contested = units[next];
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: RACE }, () => agent('/api/reservations', { method: 'POST', body: body(contested) }).then(async (response) => (await response.arrayBuffer(), response.status))));
    const raceMs = performance.now() - started;
    const won = answers.filter((status) => status === 201).length;
    const refused = answers.filter((status) => status === 409).length;
    console.log(`  ${kind} create reservation (submit, within authority): median ${fmt(create.median)} ms p95 ${fmt(create.p95)} (${ROUNDS} units)`);
    console.log(`  ${kind} ${RACE} reserve calls on one unit at once: ${won} won, ${refused} refused with 409, all answered in ${fmt(raceMs)} ms`);
    return { kind, create, raceMs, won, refused };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReservations() {
  console.log('\nReservations');
  const results = await onBothDatabases(run, 'propdesk_bench_reservations');
  const summary = results.flatMap((result) => [
    { figure: `${result.kind}: create a reservation through the API, median ms`, value: Number(fmt(result.create.median)), goal: '–', met: true },
    { figure: `${result.kind}: create a reservation through the API, p95 ms`, value: Number(fmt(result.create.p95)), goal: '–', met: true },
    { figure: `${result.kind}: ${RACE} reserve calls on one unit, won / refused`, value: `${result.won} / ${result.refused}`, goal: `1 / ${RACE - 1}`, met: result.won === 1 && result.refused === RACE - 1 },
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchReservations();
}
