// Live notifications at scale: 1,000 and 5,000 concurrent department-stream clients against one
// server process (embedded PGlite), then against two processes sharing one PostgreSQL (clients
// split across both, announcements POSTed to the first). Per message: delivery latency from the
// POST to receipt at every client; memory per connection; missed messages.
// Run after a build: node bench/notifications.mjs. Loopback only; bounded; stops by itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { percentile, fmt } from './lib/load.mjs';
import { withScratchDatabase } from './lib/postgres.mjs';
import { startPropdesk } from './lib/server.mjs';
import { openStream, pool, rssKib, signIn } from './lib/sse.mjs';

const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
const SIZES = (process.env.BENCH_STREAM_CLIENTS ?? '1000,5000').split(',').map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGE_TIMEOUT_MS = 10_000;
const HARD_LIMIT_MS = 6 * 60_000;
const SERVER_ENV = { PROPDESK_RATE_LIMIT_PER_MINUTE: '1000000', PROPDESK_USER_RATE_LIMIT_PER_MINUTE: '1000000', PROPDESK_DEMO: '1' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const startedAt = Date.now();
const overTime = () => Date.now() - startedAt > HARD_LIMIT_MS;

/** One measured run: `clients` department streams spread over `servers`. */
async function measure(label, servers, clients) {
  const [first] = servers;
  const admin = await signIn(first.url, 'admin', PASSWORD);
  // Two members of Sales; each session holds many streams (one per browser tab would be the same load).
  const members = [await signIn(first.url, 'sales.agent', PASSWORD), await signIn(first.url, 'guest', PASSWORD)];
  const departmentId = members[0].departmentId;
  const path = `/api/notifications/stream/department/${departmentId}`;

  const received = Array.from({ length: clients }, () => new Map());
  const counts = new Map();
  const connect = (from, to) =>
    pool(to - from, 200, (offset) => {
      const index = from + offset;
      return openStream(servers[index % servers.length].url, path, members[index % members.length].cookie, (seq, at) => {
        if (received[index].has(seq)) return;
        received[index].set(seq, at);
        counts.set(seq, (counts.get(seq) ?? 0) + 1);
      });
    });
  // Memory per connection: the servers' RSS after each of five steps of 20% connected (1 s to
  // settle after each), and the median of the four step slopes. A single before/after pair is easily
  // skewed when the server hands memory back (a major GC, start-up buffers); the median of the steps
  // ignores one such step. The first step's baseline already holds what is allocated once.
  const STEPS = 5;
  const connectStart = performance.now();
  const streams = [];
  const samples = [];
  for (let step = 1; step <= STEPS; step++) {
    streams.push(...(await connect(Math.floor(((step - 1) * clients) / STEPS), Math.floor((step * clients) / STEPS))));
    await sleep(1000);
    samples.push([streams.length, servers.reduce((sum, server) => sum + rssKib(server.pid), 0)]);
  }
  const connectSeconds = (performance.now() - connectStart) / 1000 - STEPS;

  const sent = [];
  for (let index = 0; index < MESSAGES && !overTime(); index++) {
    const t0 = performance.now();
    const response = await fetch(`${first.url}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, 'x-csrf-token': admin.csrf },
      body: JSON.stringify({ title: `Bench ${label} ${index}`, body: 'Stream benchmark', target: { departmentId } }),
    });
    if (response.status !== 201) throw new Error(`announcement answered ${response.status}: ${await response.text()}`);
    const { data } = await response.json();
    sent.push({ seq: data.seq, t0 });
    const deadline = Date.now() + MESSAGE_TIMEOUT_MS;
    while ((counts.get(data.seq) ?? 0) < clients && Date.now() < deadline) await sleep(2);
    await sleep(50);
  }
  await sleep(1000);

  const latencies = [];
  let missed = 0;
  let clientsMissing = 0;
  for (const map of received) {
    let missing = 0;
    for (const { seq, t0 } of sent) {
      const at = map.get(seq);
      if (at === undefined) missing++;
      else latencies.push(at - t0);
    }
    missed += missing;
    if (missing > 0) clientsMissing++;
  }
  const dropped = streams.filter((stream) => stream.ended).length;
  for (const stream of streams) stream.close();
  latencies.sort((a, b) => a - b);
  return {
    setup: label,
    clients,
    messages: sent.length,
    receipts: latencies.length,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1),
    rssMiBByConnected: samples.map(([connected, kib]) => [connected, kib / 1024]),
    kibPerConnection: slope(samples),
    connectSeconds,
    missedReceipts: missed,
    clientsMissing,
    streamsDropped: dropped,
  };
}

/** The median of the slopes between consecutive points: one step skewed by a GC does not move it. */
function slope(points) {
  const steps = [];
  for (let index = 1; index < points.length; index++) {
    const [x0, y0] = points[index - 1];
    const [x1, y1] = points[index];
    if (x1 !== x0) steps.push((y1 - y0) / (x1 - x0));
  }
  if (steps.length === 0) return NaN;
  steps.sort((left, right) => left - right);
  const middle = steps.length / 2;
  return Number.isInteger(middle) ? (steps[middle - 1] + steps[middle]) / 2 : steps[Math.floor(middle)];
}

async function onePglite(clients) {
  const server = await startPropdesk({ port: 3400, env: SERVER_ENV });
  try {
    return await measure('1 process, PGlite', [server], clients);
  } finally {
    await server.stop();
  }
}

async function twoPostgres(databaseUrl, clients) {
  const env = { ...SERVER_ENV, DATABASE_URL: databaseUrl };
  const first = await startPropdesk({ port: 3401, env });
  let second;
  try {
    second = await startPropdesk({ port: 3402, env });
    return await measure('2 processes, PostgreSQL', [first, second], clients);
  } finally {
    await second?.stop();
    await first.stop();
  }
}

function printTable(rows) {
  const header = ['setup', 'clients', 'msgs', 'receipts', 'median ms', 'p99 ms', 'max ms', 'KiB/conn', 'connect s', 'missed', 'dropped'];
  const lines = rows.map((row) => [
    row.setup,
    String(row.clients),
    String(row.messages),
    String(row.receipts),
    fmt(row.medianMs),
    fmt(row.p99Ms),
    fmt(row.maxMs),
    fmt(row.kibPerConnection),
    fmt(row.connectSeconds),
    String(row.missedReceipts),
    String(row.streamsDropped),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(render(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(render(line));
}

export async function benchNotifications() {
  const rows = [];
  for (const clients of SIZES) {
    if (overTime()) break;
    console.log(`1 process (PGlite), ${clients} stream clients...`);
    rows.push(await onePglite(clients));
  }

  // Two processes on one PostgreSQL: a throw-away database, dropped at the end.
  await withScratchDatabase(ADMIN_URL, async (url) => {
    for (const clients of SIZES) {
      if (overTime()) break;
      console.log(`2 processes (PostgreSQL), ${clients} stream clients...`);
      rows.push(await twoPostgres(url, clients));
    }
  });
  // One row per figure for the closing table of run-all.mjs.
  const summary = rows.flatMap((row) => [
    { figure: `notification latency, ${row.setup}, ${row.clients} clients, median / p99 ms`, value: `${fmt(row.medianMs)} / ${fmt(row.p99Ms)}`, goal: '', met: null },
    { figure: `notifications missed / streams dropped, ${row.setup}, ${row.clients} clients`, value: `${row.missedReceipts} / ${row.streamsDropped}`, goal: '0 / 0', met: row.missedReceipts === 0 && row.streamsDropped === 0 },
  ]);
  return { rows, summary };
}

if (import.meta.url === new URL(process.argv[1], 'file:').href) {
  const { rows } = await benchNotifications();
  console.log('');
  printTable(rows);
  console.log(`\nTotal ${fmt((Date.now() - startedAt) / 1000, 0)} s. Latency: POST sent → message parsed by each client (all in this process, same clock).`);
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const file = new URL(`./results/notifications-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2));
  console.log(`Figures written to ${file.pathname}`);
}
