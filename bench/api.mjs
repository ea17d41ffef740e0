// API latency and throughput: sign-in, a session-checked API call and a bare Fastify route,
// measured in the same run on the same machine. Run: npm run bench (after a build).
import Fastify from 'fastify';
import { load, fmt } from './lib/load.mjs';
import { scratchDatabase } from './lib/postgres.mjs';
import { startPropdesk } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';

function cookieHeader(response, jar = new Map()) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
const serialise = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_RATIO = 0.6;

/** A fresh PostgreSQL database for one run (dropped afterwards); null when no server answers. */
async function freshPostgres() {
  try {
    return await scratchDatabase(BENCH_DATABASE_URL);
  } catch (error) {
    console.log(`PostgreSQL not measured (${BENCH_DATABASE_URL}): ${error.message}`);
    return null;
  }
}

/** One run on one database: the bare route and the Propdesk calls, one after the other. */
async function benchOn(kind, env) {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'OK', data: [] }));
  await bare.listen({ port: 3391, host: '127.0.0.1' });

  const server = await startPropdesk({ port: 3390, env: { PROPDESK_RATE_LIMIT_PER_MINUTE: '1000000', ...env } });
  try {
    // A pre-session CSRF token, then one sign-in to get a session for the guarded call.
    const jar = cookieHeader(await fetch(`${server.url}/api/users/csrf-cookie`, { headers: { Accept: 'application/json' } }));
    const loginHeaders = { 'content-type': 'application/json', cookie: serialise(jar), 'x-csrf-token': jar.get('XSRF-TOKEN') };
    const loginBody = JSON.stringify({ username: 'sales.agent', password: PASSWORD });
    const first = await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: loginHeaders, body: loginBody });
    if (first.status !== 200) throw new Error(`login answered ${first.status}: ${await first.text()}`);
    const session = cookieHeader(first, new Map(jar));

    const results = {
      bareRoute: await load({ url: 'http://127.0.0.1:3391/bare', connections: CONNECTIONS, duration: DURATION }),
      guardedCall: await load({
        url: `${server.url}/api/users/privileges`,
        headers: { cookie: serialise(session) },
        connections: CONNECTIONS,
        duration: DURATION,
      }),
      login: await load({
        url: `${server.url}/api/users/login`,
        method: 'POST',
        headers: loginHeaders,
        body: loginBody,
        connections: CONNECTIONS,
        duration: DURATION,
      }),
    };
    console.log(`\nAPI on ${kind} (${CONNECTIONS} connections, ${DURATION} s each, loopback, one server process)`);
    console.log('call                               req/s    median ms   p95 ms   p99 ms   errors');
    const label = { bareRoute: 'bare Fastify route (baseline)', guardedCall: 'GET /api/users/privileges', login: 'POST /api/users/login (argon2id)' };
    for (const [key, r] of Object.entries(results)) {
      console.log(
        `${label[key].padEnd(34)} ${fmt(r.rps, 0).padStart(6)} ${fmt(r.medianMs).padStart(11)} ${fmt(r.p95Ms).padStart(8)} ${fmt(r.p99Ms).padStart(8)}   ${r.errors}${Object.keys(r.unexpectedStatuses).length ? ` unexpected ${JSON.stringify(r.unexpectedStatuses)}` : ''}`,
      );
    }
    const ratio = results.guardedCall.rps / results.bareRoute.rps;
    console.log(`guarded call / bare route throughput ratio on ${kind}: ${fmt(ratio, 2)}`);
    return { ...results, ratio };
  } finally {
    await server.stop();
    await bare.close();
  }
}

export async function benchApi() {
  const pglite = await benchOn('PGlite', {});
  const database = await freshPostgres();
  let postgres = null;
  if (database) {
    try {
      postgres = await benchOn('PostgreSQL', { DATABASE_URL: database.url, PROPDESK_DEMO: '1' });
    } finally {
      await database.drop();
    }
  }
  const row = (kind, run) => ({
    figure: `GET /api/users/privileges req/s as a share of a bare Fastify route (${kind}, same run)`,
    value: run ? `${fmt(run.ratio * 100, 0)}% (${fmt(run.guardedCall.rps, 0)} of ${fmt(run.bareRoute.rps, 0)} req/s)` : 'not measured',
    goal: '>= 60% of bare',
    met: run ? run.ratio >= GOAL_RATIO && run.guardedCall.errors === 0 && Object.keys(run.guardedCall.unexpectedStatuses).length === 0 : false,
  });
  const summary = [row('PGlite', pglite), row('PostgreSQL', postgres)];
  console.log('');
  for (const r of summary) console.log(`${r.met ? 'met    ' : 'NOT met'}  ${r.figure}: ${r.value} (goal ${r.goal})`);
  return { pglite, postgres, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
