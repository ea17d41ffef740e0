// What one reservation costs (issue 26, the reservation burst): the statements one
// `POST /api/reservations` runs (their count and text, in order: a reservation from the agent's approved
// hold, and one on a free unit, as on launch day), then the CPU a burst of them costs per call: the
// server's (this process: the app runs in it, driven by `app.inject`, so no sockets or HTTP client are
// counted) and PostgreSQL's (the backends of the bench's own scratch database, from /proc; the
// checkpointer and WAL writer are left out). Figures robust to a shared machine: statements are exact,
// CPU per call moves far less with load than latency does. On PGlite, then on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database, dropped at the end).
//
//   node bench/reservation-cost.mjs
//   BENCH_COST_CALLS=100 BENCH_COST_WARMUP=20 BENCH_COST_DATABASES=pglite,postgres node bench/reservation-cost.mjs
//
// BENCH_SEED_FROM=<a seeded embedded data folder, stopped> starts PGlite from a copy of it, and
// BENCH_PG_TEMPLATE=<a seeded database's name> the scratch database from a copy of that (else each
// seeds the demo first, a minute each); BENCH_PG_KEEP=1 keeps the scratch database (its name is
// printed) to serve as such a template, BENCH_PG_PREFIX=<prefix> names it (default propdesk_bench_cost). BENCH_COST_LIST=0 leaves the statements' list out.
// BENCH_COST_PROFILE=<dir> writes a CPU profile of the measured burst there (node:inspector), sampled every
// BENCH_COST_PROFILE_INTERVAL µs (100).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { outsideTransaction } from '@propdesk/server-kit';
import { fmt } from './lib/load.mjs';
import { scratchDatabase } from './lib/postgres.mjs';

const CALLS = Number(process.env.BENCH_COST_CALLS ?? 100);
const WARMUP = Number(process.env.BENCH_COST_WARMUP ?? 20);
const DATABASES = (process.env.BENCH_COST_DATABASES ?? 'pglite,postgres').split(',');
const PROJECT = process.env.BENCH_PROJECT ?? 'North Coast Bay';
const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
const LIST = process.env.BENCH_COST_LIST !== '0';
const PROFILE = process.env.BENCH_COST_PROFILE;
const PROFILE_INTERVAL = Number(process.env.BENCH_COST_PROFILE_INTERVAL ?? 100);

/** Every statement the app runs, in order, and whether inside a transaction (as apps/server's test/statements.ts). */
function countingDatabase(db) {
  const seen = [];
  const wrap = (target, tx) => ({
    query: (sql, params) => (seen.push({ sql, tx }), target.query(sql, params)),
    exec: (sql) => (seen.push({ sql, tx }), target.exec(sql)),
  });
  const logged = (tx) => Object.assign(tx, wrap({ query: tx.query.bind(tx), exec: tx.exec.bind(tx) }, true));
  const proxy = {
    ...wrap(db, false),
    kind: db.kind,
    // The transaction's own object with its methods counted in place: its commit hooks and kept reads are keyed by it.
    transaction: (fn) => db.transaction((tx) => fn(logged(tx))),
    // What runs after the commit on the same connection (a create's answer) counts as outside the transaction.
    transactionThen: (fn, then) => db.transactionThen((tx) => fn(logged(tx)), (after, result) => then(outsideTransaction(wrap(after, false)), result)),
    listen: (channel, onPayload, hooks) => db.listen(channel, onPayload, hooks),
    snapshot: (fn) => db.snapshot(fn),
    close: () => db.close(),
  };
  return { db: proxy, seen };
}

/** A signed-in agent on the in-process app: cookies kept, the CSRF header on writes. */
async function injectAgent(app, username) {
  const jar = new Map();
  const call = async (method, url, payload) => {
    const headers = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method !== 'GET') headers['x-csrf-token'] = jar.get('XSRF-TOKEN') ?? '';
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
    return { status: response.statusCode, json: response.headers['content-type']?.includes('json') ? response.json() : null };
  };
  await call('GET', '/api/users/csrf-cookie');
  const login = await call('POST', '/api/users/login', { username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  return call;
}

/** CPU ms (user + system) of a process, from /proc; 0 when it has ended. */
function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The CPU ms of the PostgreSQL backends connected to this database (null on PGlite), by pid. */
async function backendCpu(admin, name) {
  if (!admin) return null;
  const rows = (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows;
  return new Map(rows.map((row) => [row.pid, procCpuMs(row.pid)]));
}

/** Backend CPU spent between two readings: a backend met only in the second counts whole. */
function backendDelta(before, after) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const short = (sql) => sql.replace(/\s+/g, ' ').trim();

/**
 * The functions with the most samples of a CPU profile (their own time, not their callees'), by share of
 * the samples taken while the process ran: samples, not time deltas, since on a loaded machine a delta also
 * holds the time the process waited for a core. `(idle)` and the socket writes' `writev`/`writeBuffer`
 * (mostly the wait for PostgreSQL's backend to take the write, on 2 cores) are left out.
 */
function topOfProfile(profile, count = 15) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map();
  let total = 0;
  for (const id of profile.samples) {
    const frame = byNode.get(id);
    if (frame.functionName === '(idle)' || frame.functionName === 'writev' || frame.functionName === 'writeBuffer') continue;
    const where = frame.url ? ` ${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(packages|apps|bench)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
    total += 1;
  }
  return { total, top: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, samples]) => ({ name, share: samples / total })) };
}

async function measure(kind, { dataDir, databaseUrl, admin, databaseName }) {
  const config = {
    ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROPDESK_DEMO: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: undefined }) }),
    rateLimitPerMinute: 1_000_000,
    userRateLimitPerMinute: 1_000_000,
  };
  const raw = await openAppDatabase(config);
  const { db, seen } = countingDatabase(raw);
  const app = await buildApp(config, { database: db, closeDatabase: true, leadExpiryIntervalMs: 0, jobs: { tickMs: 0 } });
  try {
    const project = (await raw.query('select id::text as id from projects where name = $1', [PROJECT])).rows[0]?.id;
    if (!project) throw new Error(`no project ${PROJECT}`);
    const need = CALLS + WARMUP + 2;
    const units = (
      await raw.query(
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
          order by u.code limit $2`,
        [project, need],
      )
    ).rows.map((row) => row.id);
    if (units.length < need) throw new Error(`${PROJECT} has ${units.length} free priced units; ${need} are needed`);
    const plan = (await raw.query('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [project])).rows[0].id;
    const agent = await injectAgent(app, 'sales.agent');
    const stamp = String(Date.now() % 10_000_000).padStart(7, '0');
    const made = await agent('POST', '/api/customers', { kind: 'individual', fullName: 'Cost Buyer', nationalId: `2900115${stamp}`, phone: `+2010${stamp.slice(-7)}9` });
    if (made.status !== 201) throw new Error(`customer: ${made.status} ${JSON.stringify(made.json)}`);
    const customer = made.json.data.id;
    const reserve = (unit, extra = {}) => agent('POST', '/api/reservations', { unit, customer, paymentPlan: plan, submit: true, ...extra });
    const expect201 = (answer, what) => {
      if (answer.status !== 201 || answer.json?.data?.status !== 'confirmed') throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    };

    // Warm up (pool connections, prepared statements, caches), then one of each kind with its statements.
    // All at once, so every pooled connection has run (and prepared) the statements before the burst.
    let next = WARMUP;
    for (const answer of await Promise.all(units.slice(0, WARMUP).map((unit) => reserve(unit)))) expect201(answer, 'warm-up');
    const hold = await agent('POST', '/api/hold-requests', { unit: units[next], customer, hours: 24, reason: 'Cost' });
    if (hold.status !== 201) throw new Error(`hold: ${hold.status}`);
    const logs = {};
    for (const [name, call] of [
      ['from its hold', () => reserve(units[next++], { fromHold: hold.json.data.id })],
      ['on a free unit', () => reserve(units[next++])],
    ]) {
      const from = seen.length;
      expect201(await call(), name);
      logs[name] = seen.slice(from);
    }

    // The burst: every call at once.
    const burstUnits = units.slice(next, next + CALLS);
    const session = PROFILE ? new Session() : null;
    let profileTop = null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      // 100 µs samples (the inspector's default is 1 ms, a few hundred samples for a burst of 60).
      await session.post('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL });
      await session.post('Profiler.start');
    }
    const pgBefore = await backendCpu(admin, databaseName);
    const cpuBefore = process.cpuUsage();
    const fromStatements = seen.length;
    const started = performance.now();
    const answers = await Promise.all(burstUnits.map((unit) => reserve(unit)));
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await backendCpu(admin, databaseName);
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(PROFILE, { recursive: true });
      const file = join(PROFILE, `reservation-cost-${kind.toLowerCase()}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`  profile: ${file}`);
      profileTop = topOfProfile(profile);
      session.disconnect();
    }
    for (const answer of answers) expect201(answer, 'burst');
    const serverMs = (cpu.user + cpu.system) / 1000;
    const pgMs = backendDelta(pgBefore, pgAfter);
    return {
      kind,
      logs,
      profileTop,
      burst: { calls: CALLS, wallMs: wall, serverMsPerCall: serverMs / CALLS, serverUserMsPerCall: cpu.user / 1000 / CALLS, postgresMsPerCall: pgMs === null ? null : pgMs / CALLS, statementsPerCall: (seen.length - fromStatements) / CALLS },
    };
  } finally {
    await app.close();
  }
}

function print(result) {
  console.log(`\n${result.kind}`);
  for (const [name, log] of Object.entries(result.logs)) {
    const inTx = log.filter((entry) => entry.tx).length;
    console.log(`  a reservation ${name}: ${log.length} statements (${inTx} in its transaction)`);
    if (LIST) log.forEach((entry, index) => console.log(`    ${String(index + 1).padStart(2)} ${entry.tx ? 'tx' : '  '} ${short(entry.sql).slice(0, 220)}`));
  }
  const b = result.burst;
  console.log(
    `  burst of ${b.calls} at once: ${fmt(b.wallMs)} ms wall; per call ${fmt(b.statementsPerCall)} statements, server CPU ${fmt(b.serverMsPerCall)} ms (user ${fmt(b.serverUserMsPerCall)})` +
      (b.postgresMsPerCall === null ? '' : `, PostgreSQL backends' CPU ${fmt(b.postgresMsPerCall)} ms`),
  );
  if (result.profileTop) {
    console.log(`  profile's top functions by own samples (of ${result.profileTop.total}; ms per call: share × the server CPU above):`);
    for (const { name, share } of result.profileTop.top) console.log(`    ${(100 * share).toFixed(1).padStart(5)}%  ${fmt(share * b.serverMsPerCall, 2)} ms  ${name}`);
  }
}

export async function benchReservationCost() {
  console.log('\nWhat one reservation costs');
  const results = [];
  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-cost-'));
    if (process.env.BENCH_SEED_FROM) cpSync(process.env.BENCH_SEED_FROM, dataDir, { recursive: true });
    try {
      results.push(await measure('PGlite', { dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    print(results.at(-1));
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (DATABASES.includes('postgres') && adminUrl) {
    const { openDatabase } = await import('@propdesk/server-kit');
    const template = process.env.BENCH_PG_TEMPLATE;
    const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
    const scratch = await scratchDatabase(adminUrl, process.env.BENCH_PG_PREFIX ?? 'propdesk_bench_cost', template);
    const databaseName = new URL(scratch.url).pathname.slice(1);
    try {
      results.push(await measure('PostgreSQL', { dataDir: mkdtempSync(join(tmpdir(), 'propdesk-bench-cost-')), databaseUrl: scratch.url, admin, databaseName }));
    } finally {
      await admin.close();
      if (process.env.BENCH_PG_KEEP === '1') {
        console.log(`  kept the database ${databaseName}`);
        await scratch.keep();
      }
      else await scratch.drop();
    }
    print(results.at(-1));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchReservationCost();
}
