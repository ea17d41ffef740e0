// API latency and throughput: sign-in, a session-checked API call and a bare Fastify route,
// measured in the same run on the same machine. Run: npm run bench (after a build).
import Fastify from 'fastify';
import { load, fmt } from './lib/load.mjs';
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

export async function benchApi() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'OK', data: [] }));
  await bare.listen({ port: 3391, host: '127.0.0.1' });

  const server = await startPropdesk({ port: 3390, env: { PROPDESK_RATE_LIMIT_PER_MINUTE: '1000000' } });
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
    console.log(`\nAPI (${CONNECTIONS} connections, ${DURATION} s each, loopback, one server process)`);
    console.log('call                               req/s    median ms   p95 ms   p99 ms   errors');
    const label = { bareRoute: 'bare Fastify route (baseline)', guardedCall: 'GET /api/users/privileges', login: 'POST /api/users/login (argon2id)' };
    for (const [key, r] of Object.entries(results)) {
      console.log(
        `${label[key].padEnd(34)} ${fmt(r.rps, 0).padStart(6)} ${fmt(r.medianMs).padStart(11)} ${fmt(r.p95Ms).padStart(8)} ${fmt(r.p99Ms).padStart(8)}   ${r.errors}${Object.keys(r.unexpectedStatuses).length ? ` unexpected ${JSON.stringify(r.unexpectedStatuses)}` : ''}`,
      );
    }
    console.log(`guarded call / bare route throughput ratio: ${fmt(results.guardedCall.rps / results.bareRoute.rps, 2)}`);
    return results;
  } finally {
    await server.stop();
    await bare.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
