// Launch day (issue 26): N agents (default 200), each with an account of their own made through the
// API, sign in, open one project's board and keep its stream, reload it, make a customer each, then
// all ask a hold on one of 40 hot units at once, then all reserve at once (a winner from their hold,
// the others a free unit each). Prints p50 / p99 / max per step, the answers by status, the board
// events the streams received, and checks the one live claim per unit (through the API, and in the
// database once the server has stopped). A fresh server process at default settings on the embedded
// database, then on PostgreSQL (a scratch database, created and dropped) when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Loopback only; every wait is bounded.
//
//   node bench/launch-day.mjs
//   BENCH_AGENTS=200 BENCH_HOT_UNITS=40 BENCH_LAUNCH_DATABASES=pglite,postgres BENCH_RATE_LIMIT=1000000 node bench/launch-day.mjs
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate as inflateCallback } from 'node:zlib';
import { join, resolve } from 'node:path';
import { openDatabase } from '@propdesk/server-kit';
import { fmt, percentile } from './lib/load.mjs';
import { scratchDatabase } from './lib/postgres.mjs';
import { printProfile, summarizeProfile } from './lib/profile.mjs';
import { cpuMs, cpuMsOfCommand, startPropdesk } from './lib/server.mjs';
import { openStream, pool } from './lib/sse.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 200);
const HOT = Number(process.env.BENCH_HOT_UNITS ?? 40);
const PORT = Number(process.env.BENCH_LAUNCH_PORT ?? 3127);
const PROJECT = process.env.BENCH_PROJECT ?? 'North Coast Bay';
const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
/** Unset: the server's default limit (and its default log level). Set: PROPDESK_RATE_LIMIT_PER_MINUTE. */
const RATE_LIMIT = process.env.BENCH_RATE_LIMIT;
const DATABASES = (process.env.BENCH_LAUNCH_DATABASES ?? 'pglite,postgres').split(',');
/** A seeded embedded database folder to start from (skips the first start's demo seed); the default is a fresh seed. */
const SEED_FROM = process.env.BENCH_SEED_FROM;
/** A folder: the server runs with `--cpu-prof` into it, and each step's share of the server's CPU is printed by where it went. */
const PROFILE = process.env.BENCH_PROFILE;
/** The monotonic clock in µs, the one V8 stamps a CPU profile's samples with. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!/^\d+$/.test(String(AGENTS)) || AGENTS < 1 || AGENTS > 2000) throw new Error('BENCH_AGENTS: 1 to 2000');

const inflate = { br: promisify(brotliDecompress), gzip: promisify(gunzip), deflate: promisify(inflateCallback) };

/**
 * A browser-like client: its cookies, the CSRF header on writes, JSON bodies, its own kept-alive connections (as a
 * browser's six per host). It speaks node:http rather than fetch: the bench's 200 agents share the server's two
 * cores, and fetch (undici's WHATWG layer: streams, Headers, Response objects) cost the agents more CPU than the
 * server spent answering the board's burst (decision 429); a browser's cost lands on its own machine.
 */
const openClients = [];
function agentClient(base) {
  const jar = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  openClients.push(agent);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = (path, { method = 'GET', body, headers = {} } = {}) =>
    new Promise((resolvePromise, reject) => {
      const started = performance.now();
      const payload = body ? JSON.stringify(body) : undefined;
      const request = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            cookie: cookie(),
            accept: 'application/json',
            'accept-encoding': 'br, gzip',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(method !== 'GET' ? { 'x-csrf-token': jar.get('XSRF-TOKEN') ?? '' } : {}),
            ...headers,
          },
        },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const eq = pair.indexOf('=');
            jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
          }
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', async () => {
            try {
              const raw = Buffer.concat(chunks);
              const decode = inflate[response.headers['content-encoding'] ?? ''];
              const text = (decode ? await decode(raw) : raw).toString('utf8');
              // Timed to the answer's last byte, decompressed (as a browser has it; zlib runs off the event loop).
              // The body is parsed when first read, after the burst: 200 browsers parse their boards on 200
              // machines, while the bench's one process would parse them one after another and count that wait
              // in every later answer's time.
              const ms = performance.now() - started;
              let json;
              resolvePromise({
                status: response.statusCode,
                get json() {
                  if (json === undefined) {
                    try {
                      json = text ? JSON.parse(text) : null;
                    } catch {
                      json = null;
                    }
                  }
                  return json;
                },
                etag: response.headers.etag ?? null,
                ms,
              });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { call, cookie };
}

async function must(answer, what) {
  const result = await answer;
  if (result.status >= 300) throw new Error(`${what}: ${result.status} ${result.json?.message ?? ''}`);
  return result.json?.data;
}

/** One step's answers: times (ms) and statuses. */
function step(name, results) {
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const statuses = {};
  const messages = {};
  for (const result of results) {
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    if (result.status >= 400 && result.status !== 409) messages[result.status] ??= `${result.json?.message ?? ''} ${JSON.stringify(result.json?.errors ?? '')}`.slice(0, 300);
  }
  return { step: name, n: results.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), statuses, messages };
}

/** Runs every task at the same moment (no pool): the launch's burst. */
const burstAll = (count, task) => Promise.all(Array.from({ length: count }, (_, index) => task(index)));

async function setup(base) {
  const admin = agentClient(base);
  await admin.call('/api/users/csrf-cookie');
  await must(admin.call('/api/users/login', { method: 'POST', body: { username: 'admin', password: PASSWORD } }), 'admin login');
  const project = (await must(admin.call(`/api/projects/options?q=${encodeURIComponent(PROJECT)}`), 'project'))[0];
  if (!project) throw new Error(`no project ${PROJECT}`);
  const role = (await must(admin.call('/api/roles?q=Sales%20Agent&pageSize=10'), 'roles')).find((one) => one.name === 'Sales Agent');
  const department = (await must(admin.call('/api/departments?q=Sales&pageSize=10'), 'departments')).find((one) => one.name === 'Sales');
  if (!role || !department) throw new Error('no Sales Agent role or Sales department');
  const board = await must(admin.call(`/api/units/board?project=${project.id}`), 'board');
  const free = board.units.filter((unit) => unit.status === 'available' && !unit.claim && unit.basePrice).sort((a, b) => a.code.localeCompare(b.code));
  if (free.length < AGENTS + HOT) throw new Error(`${PROJECT} has ${free.length} free priced units; ${AGENTS + HOT} are needed`);
  const plan = board.plans[0];
  if (!plan) throw new Error(`${PROJECT} has no payment plan`);
  const stamp = Date.now().toString(36);
  const started = performance.now();
  const users = await pool(AGENTS, 4, async (index) => {
    const username = `launch.${stamp}.${index}`;
    await must(admin.call('/api/users', { method: 'POST', body: { username, fullName: `Launch Agent ${index}`, password: PASSWORD, roles: [role.id], department: department.id } }), `user ${username}`);
    return username;
  });
  return {
    projectId: project.id,
    units: board.units.length,
    hot: free.slice(0, HOT).map((unit) => unit.id),
    spare: free.slice(HOT, HOT + AGENTS).map((unit) => unit.id),
    plan: plan.id,
    users,
    usersSeconds: (performance.now() - started) / 1000,
    admin,
  };
}

/** The board streams of every agent: events counted per stream. */
async function openStreams(base, agents, projectId, positions) {
  const counts = new Array(agents.length).fill(0);
  const streams = await pool(agents.length, 50, (index) =>
    openStream(base, `/api/units/stream?project=${projectId}&lastEventId=${positions[index]}`, agents[index].cookie(), () => {
      counts[index] += 1;
    }).catch(() => null),
  );
  return { counts, streams, opened: streams.filter(Boolean).length };
}

/** Waits until the counts have not moved for `quietMs` (at most `maxMs`). */
async function settle(counts, quietMs = 1500, maxMs = 15_000) {
  const deadline = Date.now() + maxMs;
  let last = counts.reduce((a, b) => a + b, 0);
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await sleep(100);
    const now = counts.reduce((a, b) => a + b, 0);
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return;
  }
}

/** 14 digits: century 2, born 1990-01-15, then 7 digits unique in the run. */
const RUN = Date.now() % 1000;
const nationalId = (index) => `2900115${String(RUN * 10_000 + index).padStart(7, '0')}`;

async function launch(kind, { env, seedFrom, databaseUrl }) {
  const profileDir = PROFILE ? mkdtempSync(join(resolve(PROFILE), `${kind.toLowerCase()}-`)) : null;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startPropdesk({ port: PORT, env, seedFrom, timeoutMs: 600_000, nodeArgs });
  let position = 0;
  const out = { kind, steps: [] };
  // Each step's window on the monotonic clock (for BENCH_PROFILE).
  const windows = [];
  // Each step's CPU: the server's process, PostgreSQL's (every postgres process of the machine), the bench's own agents.
  const cpu = () => ({ server: cpuMs(server.pid), postgres: databaseUrl ? cpuMsOfCommand('postgres') : 0, agents: process.cpuUsage() });
  const burst = async (n, fn) => {
    const from = nowUs();
    const before = cpu();
    const answers = await burstAll(n, fn);
    const after = cpu();
    const to = nowUs();
    windows.push({
      from,
      to,
      cpu: { wall: (to - from) / 1000, server: after.server - before.server, postgres: after.postgres - before.postgres, agents: (after.agents.user + after.agents.system - before.agents.user - before.agents.system) / 1000 },
    });
    return answers;
  };
  try {
    const base = server.url;
    const world = await setup(base);
    out.units = world.units;
    console.log(`  ${kind}: ${world.users.length} agents made through the API in ${fmt(world.usersSeconds)} s; ${PROJECT}: ${world.units} units, ${HOT} hot`);
    if (RATE_LIMIT === undefined) {
      // The setup's calls share the address's window with the agents': start the launch in a fresh one.
      console.log('  waiting 61 s for a fresh rate-limit window');
      await sleep(61_000);
    }
    const agents = world.users.map(() => agentClient(base));

    const signIn = await burst(AGENTS, async (index) => {
      const started = performance.now();
      await agents[index].call('/api/users/csrf-cookie');
      const answer = await agents[index].call('/api/users/login', { method: 'POST', body: { username: world.users[index], password: PASSWORD } });
      return { ...answer, ms: performance.now() - started };
    });
    out.steps.push(step('sign in (CSRF cookie + login)', signIn));

    const board = await burst(AGENTS, (index) => agents[index].call(`/api/units/board?project=${world.projectId}`));
    out.steps.push(step('open the board', board));
    const positions = board.map((answer) => answer.json?.data?.lastEventId ?? 0);
    position = Math.min(...positions);
    const { counts, streams, opened } = await openStreams(base, agents, world.projectId, positions);

    const reload = await burst(AGENTS, (index) => agents[index].call(`/api/units/board?project=${world.projectId}`, { headers: board[index].etag ? { 'if-none-match': board[index].etag } : {} }));
    out.steps.push(step('reload the board (If-None-Match when an ETag came)', reload));

    const customers = await burst(AGENTS, (index) =>
      agents[index].call('/api/customers', { method: 'POST', body: { kind: 'individual', fullName: `Launch Buyer ${index}`, nationalId: nationalId(index), phone: `+2010${String(10_000_000 + index).slice(-8)}` } }),
    );
    out.steps.push(step('make a customer', customers));
    const customerOf = customers.map((answer) => answer.json?.data?.id ?? null);

    const holds = await burst(AGENTS, (index) =>
      agents[index].call('/api/hold-requests', { method: 'POST', body: { unit: world.hot[index % HOT], customer: customerOf[index] ?? undefined, hours: 24, reason: 'Launch day' } }),
    );
    out.steps.push(step(`ask a hold (${HOT} hot units)`, holds));

    const reserve = await burst(AGENTS, (index) => {
      const hold = holds[index].status === 201 ? holds[index].json?.data : null;
      const won = Boolean(hold);
      const body = { unit: won ? world.hot[index % HOT] : world.spare[index], customer: customerOf[index] ?? undefined, paymentPlan: world.plan, submit: true, ...(won ? { fromHold: hold.id } : {}) };
      return agents[index].call('/api/reservations', { method: 'POST', body });
    });
    out.steps.push(step('reserve (a winner from their hold, the others a free unit each)', reserve));
    out.steps.forEach((one, index) => (one.cpu = windows[index].cpu));

    await settle(counts);
    for (const stream of streams) stream?.close();
    const sorted = [...counts].sort((a, b) => a - b);
    out.events = { streams: opened, total: counts.reduce((a, b) => a + b, 0), min: sorted[0], median: percentile(sorted, 50), max: sorted.at(-1) };

    // Through the API: the hot units as the board shows them now.
    const after = await must(world.admin.call(`/api/units/board?project=${world.projectId}`), 'board after');
    const seen = new Map();
    for (const unit of after.units) seen.set(unit.id, (seen.get(unit.id) ?? 0) + 1);
    const hot = after.units.filter((unit) => world.hot.includes(unit.id));
    out.api = {
      duplicateRows: [...seen.values()].filter((n) => n > 1).length,
      hotClaimed: hot.filter((unit) => unit.claim).length,
      holdsWon: holds.filter((answer) => answer.status === 201).length,
      reservationsMade: reserve.filter((answer) => answer.status === 201).length,
      confirmed: reserve.filter((answer) => answer.json?.data?.status === 'confirmed').length,
    };
    out.hotUnits = world.hot;
  } finally {
    // The agents' kept-alive connections, so the server's close does not wait on them.
    for (const agent of openClients.splice(0)) agent.destroy();
    await server.stop({ keepData: !databaseUrl });
  }
  if (profileDir) {
    // The server wrote its profile as it stopped: each step's window of it.
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (file) out.steps.forEach((one, index) => printProfile(`${kind}, ${one.step}: the server's CPU`, summarizeProfile(join(profileDir, file), windows[index].from, windows[index].to)));
    else console.log(`  no CPU profile in ${profileDir}`);
  }
  // In the database, with the server stopped: every unit's live claims, and the events the streams should have carried.
  const db = await openDatabase(databaseUrl ? { databaseUrl, dataDir: '' } : { dataDir: server.dataDir });
  try {
    const doubles = await db.query('select count(*)::int as n from (select unit_id from unit_claims where released_at is null group by unit_id having count(*) > 1) d');
    const claimed = await db.query('select count(distinct unit_id)::int as n from unit_claims where released_at is null and unit_id = any($1::uuid[])', [out.hotUnits]);
    const events = await db.query('select count(*)::int as n from unit_status_events e join units u on u.id = e.unit_id where u.project_id = (select project_id from units where id = $1) and e.id > $2', [out.hotUnits[0], position]);
    out.db = { doubleClaims: doubles.rows[0].n, hotClaimed: claimed.rows[0].n, eventsAfterBoard: events.rows[0].n };
  } finally {
    await db.close();
    if (!databaseUrl) server.removeData();
  }
  return out;
}

function print(result, note) {
  console.log(`\nLaunch day, ${result.kind}, ${AGENTS} agents, ${HOT} hot units (${note})`);
  console.log('| step | calls | p50 ms | p99 ms | max ms | answers |');
  console.log('|---|---|---|---|---|---|');
  for (const one of result.steps) {
    const answers = Object.entries(one.statuses).map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(`| ${one.step} | ${one.n} | ${fmt(one.p50, 0)} | ${fmt(one.p99, 0)} | ${fmt(one.max, 0)} | ${answers} |`);
  }
  for (const one of result.steps) for (const [status, message] of Object.entries(one.messages)) console.log(`  ${one.step}: ${status} "${message}"`);
  console.log('CPU ms during each step (2 cores: twice the wall time is all of them):');
  console.log('| step | wall | server | PostgreSQL | the bench\'s agents |');
  console.log('|---|---|---|---|---|');
  for (const one of result.steps) console.log(`| ${one.step} | ${fmt(one.cpu.wall, 0)} | ${fmt(one.cpu.server, 0)} | ${result.kind === 'PostgreSQL' ? fmt(one.cpu.postgres, 0) : '(in the server)'} | ${fmt(one.cpu.agents, 0)} |`);
  const e = result.events;
  console.log(`board events: ${e.streams} streams, ${e.total} received (per stream min ${e.min}, median ${e.median}, max ${e.max}); ${result.db.eventsAfterBoard} stored for the project after the boards were read`);
  console.log(
    `one live claim per unit: ${result.db.doubleClaims} units with two live claims (database), ${result.api.duplicateRows} doubled board rows; ` +
      `${result.api.holdsWon} holds won, ${result.db.hotClaimed} of ${HOT} hot units claimed; ${result.api.reservationsMade} reservations (${result.api.confirmed} confirmed)`,
  );
}

export async function benchLaunchDay() {
  const note = RATE_LIMIT === undefined ? 'default settings' : `default settings but PROPDESK_RATE_LIMIT_PER_MINUTE=${RATE_LIMIT}`;
  // Default settings: neither the bench's LOG_LEVEL nor an inherited limit.
  const env = { LOG_LEVEL: undefined, PROPDESK_RATE_LIMIT_PER_MINUTE: RATE_LIMIT, DATABASE_URL: undefined };
  const results = [];
  if (DATABASES.includes('pglite')) results.push(await launch('PGlite', { env, seedFrom: SEED_FROM }));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (DATABASES.includes('postgres') && adminUrl) {
    const database = await scratchDatabase(adminUrl, 'propdesk_bench_launch');
    try {
      results.push(await launch('PostgreSQL', { env: { ...env, DATABASE_URL: database.url, PROPDESK_DEMO: '1' }, databaseUrl: database.url }));
    } finally {
      await database.drop();
    }
  }
  for (const result of results) print(result, note);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/launch-day-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url), JSON.stringify({ note, agents: AGENTS, hot: HOT, results }, null, 2));
  const summary = results.flatMap((result) => {
    const of = (name) => result.steps.find((one) => one.step.startsWith(name));
    const fails = (one) => Object.entries(one.statuses).filter(([status]) => status === '429' || Number(status) >= 500).reduce((n, [, count]) => n + count, 0);
    return [
      { figure: `${result.kind}: board for ${AGENTS} at once, p99`, value: `${fmt(of('open the board').p99, 0)} ms`, goal: '< 1000 ms', met: of('open the board').p99 < 1000 },
      { figure: `${result.kind}: hold burst p50 / p99`, value: `${fmt(of('ask a hold').p50, 0)} / ${fmt(of('ask a hold').p99, 0)} ms`, goal: 'p99 < 1000 ms (300)', met: of('ask a hold').p99 < 1000 },
      { figure: `${result.kind}: reservation burst p50 / p99`, value: `${fmt(of('reserve').p50, 0)} / ${fmt(of('reserve').p99, 0)} ms`, goal: 'p99 < 1000 ms (300)', met: of('reserve').p99 < 1000 },
      { figure: `${result.kind}: 429 and 5xx answers`, value: result.steps.reduce((n, one) => n + fails(one), 0), goal: '0', met: result.steps.every((one) => fails(one) === 0) },
      { figure: `${result.kind}: units with two live claims`, value: result.db.doubleClaims, goal: '0', met: result.db.doubleClaims === 0 },
    ];
  });
  return { results, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { summary } = await benchLaunchDay();
  console.log('\n| figure | value | goal | met |');
  console.log('|---|---|---|---|');
  for (const row of summary) console.log(`| ${row.figure} | ${row.value} | ${row.goal} | ${row.met ? 'yes' : 'no'} |`);
}
