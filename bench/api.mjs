// API latency and throughput: a session-checked API call against a bare Fastify route that runs in a
// process of its own, several rounds in one run (the ratio of each round, then their median), and
// sign-in. Each round also measures the bare process answering the guarded call's own body and headers
// (1.3 KiB, against the bare route's 27 bytes), so what the product adds per call is told apart from
// what a bigger answer costs any server. Run: npm run bench (after a build), or `node bench/api.mjs`.
//
// The server runs at its default settings (LOG_LEVEL info, compression, security headers, the rate
// limiter) but for the rate limits' ceilings: one user asking tens of thousands of times a second is
// what any sane limit refuses, so the ceilings are raised; the limiter still counts every call.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, fmt, percentile } from './lib/load.mjs';
import { scratchDatabase } from './lib/postgres.mjs';
import { cpuMs, startBare, startPropdesk } from './lib/server.mjs';
import { latestProfile, printProfile, summarizeProfile } from './lib/profile.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_API_PORT ?? 3390);
/** Log levels to measure, in order: `info` is the default; `BENCH_API_LOG_LEVELS=info,warn` adds warn. */
const LOG_LEVELS = (process.env.BENCH_API_LOG_LEVELS ?? 'info').split(',').filter(Boolean);
const ONLY_PGLITE = process.env.BENCH_API_PGLITE_ONLY === '1';
const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
/** `BENCH_PROFILE=<dir>`: the server runs with `--cpu-prof` and the bench prints where its CPU went in the first guarded round. */
const PROFILE = process.env.BENCH_PROFILE;
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const LIMITS_RAISED = { PROPDESK_RATE_LIMIT_PER_MINUTE: '1000000', PROPDESK_USER_RATE_LIMIT_PER_MINUTE: '1000000' };

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

const median = (values) => percentile([...values].sort((a, b) => a - b), 50);

/** A load run with the CPU time the serving process spent per answer (µs): a cost that other work on the machine does not skew. */
async function measured(pid, options) {
  const before = cpuMs(pid);
  const result = await load(options);
  const after = cpuMs(pid);
  return { ...result, cpuUsPerRequest: before === null || after === null || !result.requests ? NaN : ((after - before) * 1000) / result.requests };
}

function printRow(label, r) {
  const unexpected = Object.keys(r.unexpectedStatuses).length ? ` unexpected ${JSON.stringify(r.unexpectedStatuses)}` : '';
  console.log(
    `${label.padEnd(40)} ${fmt(r.rps, 0).padStart(6)} ${fmt(r.medianMs).padStart(11)} ${fmt(r.p95Ms).padStart(8)} ${fmt(r.p99Ms).padStart(8)} ${fmt(r.cpuUsPerRequest, 0).padStart(8)}   ${r.errors}${unexpected}`,
  );
}

/** A session for the guarded call and the sign-in's headers and body. */
async function signIn(url) {
  const jar = cookieHeader(await fetch(`${url}/api/users/csrf-cookie`, { headers: { Accept: 'application/json' } }));
  const loginHeaders = { 'content-type': 'application/json', cookie: serialise(jar), 'x-csrf-token': jar.get('XSRF-TOKEN') };
  const loginBody = JSON.stringify({ username: 'sales.agent', password: PASSWORD });
  const first = await fetch(`${url}/api/users/login`, { method: 'POST', headers: loginHeaders, body: loginBody });
  if (first.status !== 200) throw new Error(`login answered ${first.status}: ${await first.text()}`);
  return { session: cookieHeader(first, new Map(jar)), loginHeaders, loginBody };
}

let answerBytes = 0;
/** The guarded call's answer (body and the headers a client gets) in a file, for the bare server's `/same` route. */
async function sameAnswerFile(guarded) {
  const response = await fetch(guarded.url, { headers: guarded.headers });
  if (response.status !== 200) throw new Error(`the guarded call answered ${response.status}`);
  const body = await response.text();
  answerBytes = Buffer.byteLength(body);
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
  const file = join(mkdtempSync(join(tmpdir(), 'bench-answer-')), 'answer.json');
  writeFileSync(file, JSON.stringify({ headers, body }));
  return file;
}

/** One server on one database: ROUNDS of (bare route, bare route with the guarded call's answer, guarded call), then sign-in. */
async function benchOn(kind, env) {
  const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const server = await startPropdesk({ port: PORT, env: { LOG_LEVEL: 'info', ...LIMITS_RAISED, ...env }, nodeArgs });
  let bare = null;
  let window = null;
  let stopped = false;
  try {
    const { session, loginHeaders, loginBody } = await signIn(server.url);
    const guarded = { url: `${server.url}/api/users/privileges`, headers: { cookie: serialise(session) }, connections: CONNECTIONS, duration: DURATION };
    bare = await startBare(PORT + 1, await sameAnswerFile(guarded));
    const sameRoute = { url: bare.sameUrl, connections: CONNECTIONS, duration: DURATION };
    console.log(`\nAPI on ${kind}, LOG_LEVEL=${env.LOG_LEVEL ?? 'info'} (${CONNECTIONS} connections, ${DURATION} s each, loopback; bare route, server and load generator each in a process of its own)`);
    console.log('call                                      req/s    median ms   p95 ms   p99 ms   CPU µs   errors');
    // Warm both up (JIT, caches) before anything counts.
    await load({ url: bare.url, connections: CONNECTIONS, duration: 2 });
    await load({ ...sameRoute, duration: 2 });
    await load({ ...guarded, duration: 2 });
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const bareRoute = await measured(bare.pid, { url: bare.url, connections: CONNECTIONS, duration: DURATION });
      const sameAnswer = await measured(bare.pid, sameRoute);
      const from = nowUs();
      const guardedCall = await measured(server.pid, guarded);
      if (round === 1) window = { from, to: nowUs() };
      printRow(`round ${round}: bare Fastify route`, bareRoute);
      printRow(`round ${round}: bare, the guarded call's answer`, sameAnswer);
      printRow(`round ${round}: GET /api/users/privileges`, guardedCall);
      const ratio = guardedCall.rps / bareRoute.rps;
      const sameRatio = guardedCall.rps / sameAnswer.rps;
      console.log(`round ${round}: guarded / bare = ${fmt(ratio, 3)}; guarded / bare with the same answer = ${fmt(sameRatio, 3)}`);
      rounds.push({ bareRoute, sameAnswer, guardedCall, ratio, sameRatio });
    }
    const login = await measured(server.pid, { url: `${server.url}/api/users/login`, method: 'POST', headers: loginHeaders, body: loginBody, connections: CONNECTIONS, duration: DURATION });
    printRow('POST /api/users/login (argon2id)', login);
    const ratio = median(rounds.map((r) => r.ratio));
    const clean = rounds.every((r) => r.guardedCall.errors === 0 && Object.keys(r.guardedCall.unexpectedStatuses).length === 0);
    const cpuRatio = median(rounds.map((r) => r.bareRoute.cpuUsPerRequest / r.guardedCall.cpuUsPerRequest));
    console.log(`guarded / bare on ${kind}, LOG_LEVEL=${env.LOG_LEVEL ?? 'info'}: median ${fmt(ratio, 3)} of ${ROUNDS} rounds (${rounds.map((r) => fmt(r.ratio, 3)).join(', ')})`);
    console.log(`CPU per answer, bare / guarded (the same share, measured as cost): median ${fmt(cpuRatio, 3)} (${rounds.map((r) => `${fmt(r.bareRoute.cpuUsPerRequest, 0)}/${fmt(r.guardedCall.cpuUsPerRequest, 0)} µs`).join(', ')})`);
    const sameRatio = median(rounds.map((r) => r.sameRatio));
    const sameCpuRatio = median(rounds.map((r) => r.sameAnswer.cpuUsPerRequest / r.guardedCall.cpuUsPerRequest));
    console.log(
      `against a bare route answering the same ${answerBytes} bytes with the same headers (what the product adds per call): median ${fmt(sameRatio, 3)}, by CPU ${fmt(sameCpuRatio, 3)} (${rounds.map((r) => `${fmt(r.sameAnswer.cpuUsPerRequest, 0)}/${fmt(r.guardedCall.cpuUsPerRequest, 0)} µs`).join(', ')})`,
    );
    if (PROFILE && window) {
      await server.stop();
      stopped = true;
      printProfile(`Server CPU in round 1's guarded calls (${kind})`, summarizeProfile(latestProfile(PROFILE), window.from, window.to));
    }
    return { rounds, login, ratio, cpuRatio, sameRatio, sameCpuRatio, clean, logLevel: env.LOG_LEVEL ?? 'info' };
  } finally {
    if (!stopped) await server.stop();
    await bare?.stop();
  }
}

export async function benchApi() {
  const runs = [];
  for (const level of LOG_LEVELS) runs.push({ kind: 'PGlite', run: await benchOn('PGlite', { LOG_LEVEL: level }) });
  const database = ONLY_PGLITE ? null : await freshPostgres();
  if (database) {
    try {
      runs.push({ kind: 'PostgreSQL', run: await benchOn('PostgreSQL', { DATABASE_URL: database.url, PROPDESK_DEMO: '1', LOG_LEVEL: LOG_LEVELS[0] }) });
    } finally {
      await database.drop();
    }
  }
  const summary = runs.map(({ kind, run }) => ({
    figure: `GET /api/users/privileges req/s as a share of a bare Fastify route in its own process (${kind}, LOG_LEVEL=${run.logLevel}, median of ${ROUNDS})`,
    value: `${fmt(run.ratio, 3)}; by CPU per answer ${fmt(run.cpuRatio, 3)} (${run.rounds.map((r) => `${fmt(r.guardedCall.rps, 0)}/${fmt(r.bareRoute.rps, 0)}`).join(', ')} req/s); against a bare route with the same answer ${fmt(run.sameRatio, 3)}, by CPU ${fmt(run.sameCpuRatio, 3)}`,
    goal: `>= ${GOAL_RATIO}`,
    met: run.ratio >= GOAL_RATIO && run.clean,
  }));
  console.log('');
  for (const r of summary) console.log(`${r.met ? 'met    ' : 'NOT met'}  ${r.figure}: ${r.value} (goal ${r.goal})`);
  return { runs, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
