// Leads at volume (issue 8): 100,000 leads over 20 agents; an agent's leads page (own + the pool)
// and a team manager's page (the team's leads), median and p95 through the API next to the same SQL
// (row scope included) straight through the driver; and the duplicate check's latency as it is
// called while a phone is typed. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Loopback only; every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appRegistry, buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { fmt, timeIt } from './lib/load.mjs';
import { signedIn } from './lib/client.mjs';
import { onBothDatabases, printSummary } from './lib/report.mjs';

const TOTAL = Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const EXTRA_AGENTS = 18;
const GOALS = { pageMs: 100, duplicateMs: 50 };

// The sales package is the server's dependency, not the bench's: resolve it from there.
const fromServer = createRequire(createRequire(import.meta.url).resolve('@propdesk/server'));
const sales = await import(pathToFileURL(fromServer.resolve('@propdesk/sales/server')).href);
const records = await import('@propdesk/records/server');
const model = await import('@propdesk/records/model');

/** 100,000 leads (the demo's 5,000 included) spread over 20 agents, 12% in the pool; 6 agents in the manager's team. */
export async function fillLeads(db) {
  const ids = async (sql, params = []) => (await db.query(sql, params)).rows.map((row) => row.id);
  const hash = (await db.query("select password_hash from users where username = 'sales.agent'")).rows[0].password_hash;
  for (let index = 0; index < EXTRA_AGENTS; index += 1) {
    await db.query("insert into users (username, full_name, password_hash) values ($1, $2, $3) on conflict do nothing", [`bench.agent${index}`, `Bench Agent ${index}`, hash]);
  }
  const agents = await ids("select id::text as id from users where username in ('sales.agent', 'nadia.sales') or username like 'bench.agent%' order by username");
  const team = (await ids("select id::text as id from sales_teams where name = 'New Cairo team'"))[0];
  const teamMembers = await ids("select id::text as id from users where username in ('sales.agent', 'nadia.sales', 'bench.agent0', 'bench.agent1', 'bench.agent2', 'bench.agent3')");
  await db.query('update sales_teams set members_ids = $2::uuid[] where id = $1', [team, teamMembers]);
  const sources = await ids('select id::text as id from sources order by name');
  const statuses = await ids('select id::text as id from lead_statuses order by sort_order');
  const existing = (await db.query('select count(*)::int as n from leads')).rows[0].n;
  for (let from = existing + 1; from <= TOTAL; from += 25_000) {
    const to = Math.min(TOTAL, from + 24_999);
    await db.query(
      `insert into leads (full_name, phone, email, source_id, status_id, assigned_to_id, sales_team_id, valid_until, created_on, modified_on, reminder_sent_for)
       select 'Bench Lead ' || g, '+2011' || lpad((g * 7 % 100000000)::text, 8, '0'), 'bench' || g || '@example.com',
              ($3::uuid[])[1 + g % cardinality($3::uuid[])], ($4::uuid[])[1 + g % cardinality($4::uuid[])],
              case when g % 100 < 12 then null else ($5::uuid[])[1 + g % cardinality($5::uuid[])] end,
              case when g % 100 < 12 then null when ($5::uuid[])[1 + g % cardinality($5::uuid[])] = any($7::uuid[]) then $6::uuid else null end,
              case when g % 100 < 12 then null else now() + make_interval(days => 1 + g % 40) end,
              now() - make_interval(secs => g * 300), now() - make_interval(secs => g * 300),
              case when g % 100 < 12 then null else now() + make_interval(days => 1 + g % 40) end
         from generate_series($1::int, $2::int) g`,
      [from, to, sources, statuses, agents, team, teamMembers],
    );
  }
  // As autovacuum leaves a table between bursts of writes: statistics and the visibility map (index-only counts).
  await db.query('vacuum analyze leads');
  return { agents, team };
}

/** The SQL the engine runs for a leads page of `userId` (row scope included), compiled by the engine, run on the driver. */
function directPage(db, userId) {
  const def = appRegistry.get('leads');
  const auth = { userId, checker: { can: (entity, action) => entity === 'lead' && action !== 'readAll', canField: () => false, canAny: () => true, privileges: [] } };
  const scope = sales.salesRowScope(def, auth);
  const condition = records.whereSql(def, { where: null, scope });
  const sort = model.parseSort(def, '-createdOn');
  const page = records.selectRecords(appRegistry, def, auth, { sort }).where(condition).orderBy(records.orderSql(appRegistry, def, sort)).limit(25).offset(0).compile();
  // The count as the engine runs it: exact on a small table, capped on a big one.
  const count = records.countQuery(def, condition, records.countCapFor(1, 25)).compile();
  return () => Promise.all([db.query(page.sql, page.parameters), db.query(count.sql, count.parameters)]);
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-leads-'));
  const config = { ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl, PROPDESK_DEMO: '1' } : {}) }), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const filled = performance.now();
    await fillLeads(db);
    const fillMs = performance.now() - filled;
    const total = (await db.query('select count(*)::int as n from leads')).rows[0].n;
    const person = async (username) => (await db.query('select id::text as id from users where username = $1', [username])).rows[0].id;
    const pageOf = (call) => async () => {
      const response = await call('/api/leads?sort=-createdOn&page=1&pageSize=25');
      if (response.status !== 200) throw new Error(`leads page ${response.status}`);
      await response.arrayBuffer();
    };
    const agent = await signedIn(base, 'sales.agent');
    const manager = await signedIn(base, 'sales.manager');
    const agentApi = await timeIt(pageOf(agent), ROUNDS);
    const agentSql = await timeIt(directPage(db, await person('sales.agent')), ROUNDS);
    const managerApi = await timeIt(pageOf(manager), ROUNDS);
    const managerSql = await timeIt(directPage(db, await person('sales.manager')), ROUNDS);
    const visible = async (call) => (await (await call('/api/leads?pageSize=1')).json()).total;
    const agentSees = await visible(agent);
    const managerSees = await visible(manager);
    // While a phone is typed: a call per settled keystroke, each a different number (some match, most do not).
    let typed = 0;
    const duplicate = await timeIt(async () => {
      typed += 1;
      const phone = typed % 3 === 0 ? `+2011${String((typed * 7919 * 7) % 100_000_000).padStart(8, '0')}` : `+2012${String(10_000_000 + typed).padStart(8, '0')}`;
      const response = await agent(`/api/leads/duplicates?phone=${encodeURIComponent(phone)}`);
      if (response.status !== 200) throw new Error(`duplicates ${response.status}`);
      await response.arrayBuffer();
    }, ROUNDS * 3);
    console.log(`  ${kind}: ${total.toLocaleString('en-US')} leads (filled in ${fmt(fillMs / 1000)} s); the agent sees ${agentSees.toLocaleString('en-US')}, the manager ${managerSees.toLocaleString('en-US')}`);
    console.log(`  ${kind} agent page: API median ${fmt(agentApi.median)} ms p95 ${fmt(agentApi.p95)} · driver median ${fmt(agentSql.median)} ms p95 ${fmt(agentSql.p95)}`);
    console.log(`  ${kind} manager page: API median ${fmt(managerApi.median)} ms p95 ${fmt(managerApi.p95)} · driver median ${fmt(managerSql.median)} ms p95 ${fmt(managerSql.p95)}`);
    console.log(`  ${kind} duplicate check: median ${fmt(duplicate.median)} ms p95 ${fmt(duplicate.p95)}`);
    return { kind, total, agentSees, managerSees, agentApi, agentSql, managerApi, managerSql, duplicate };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchLeads() {
  console.log('\nLeads');
  const results = await onBothDatabases(run, 'propdesk_bench_leads');
  const summary = results.flatMap((result) => [
    { figure: `${result.kind}: agent's leads page, API median ms (${result.total} leads)`, value: Number(fmt(result.agentApi.median)), goal: `≤ ${GOALS.pageMs}`, met: result.agentApi.median <= GOALS.pageMs },
    { figure: `${result.kind}: agent's leads page, API p95 ms`, value: Number(fmt(result.agentApi.p95)), goal: `≤ ${GOALS.pageMs * 2}`, met: result.agentApi.p95 <= GOALS.pageMs * 2 },
    { figure: `${result.kind}: agent's leads page, same SQL on the driver, median ms`, value: Number(fmt(result.agentSql.median)), goal: 'reference', met: true },
    { figure: `${result.kind}: manager's team page, API median ms`, value: Number(fmt(result.managerApi.median)), goal: `≤ ${GOALS.pageMs}`, met: result.managerApi.median <= GOALS.pageMs },
    { figure: `${result.kind}: manager's team page, API p95 ms`, value: Number(fmt(result.managerApi.p95)), goal: `≤ ${GOALS.pageMs * 2}`, met: result.managerApi.p95 <= GOALS.pageMs * 2 },
    { figure: `${result.kind}: manager's team page, same SQL on the driver, median ms`, value: Number(fmt(result.managerSql.median)), goal: 'reference', met: true },
    { figure: `${result.kind}: duplicate check while typing, median ms`, value: Number(fmt(result.duplicate.median)), goal: `≤ ${GOALS.duplicateMs}`, met: result.duplicate.median <= GOALS.duplicateMs },
  ]);
  printSummary(summary);
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLeads();
}
