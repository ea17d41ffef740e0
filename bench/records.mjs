// The records engine under volume: a filtered, sorted, searched page through the API next to the
// same SQL straight through the driver (same run, same database); how that page grows from 10,000
// to 1,000,000 rows; full CSV and XLSX exports of 100,000 rows (time and the server's extra
// memory); a 10,000-row CSV import (dry run and commit); and in Chromium the time to render a page
// of 100 rows × 15 columns. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Loopback only; every loop is bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig, openAppDatabase } from '@propdesk/server';
import { chromium } from 'playwright-core';
import { fmt, percentile, timeIt } from './lib/load.mjs';
import { withScratchDatabase } from './lib/postgres.mjs';

const SIZES = (process.env.BENCH_RECORD_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PASSWORD = 'Propdesk#2026';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A signed-in HTTP client with cookies and the CSRF header, as the browser holds them. */
async function client(base) {
  const jar = new Map();
  const remember = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = async (path, init = {}) => {
    const headers = { cookie: cookie(), ...(init.headers ?? {}) };
    if (init.method && init.method !== 'GET') headers['x-csrf-token'] = jar.get('XSRF-TOKEN') ?? '';
    let response;
    try {
      response = await fetch(`${base}${path}`, { ...init, headers });
    } catch {
      // A keep-alive socket closed while the table was being filled: open a new one, once.
      response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, connection: 'close' } });
    }
    remember(response);
    return response;
  };
  await call('/api/users/csrf-cookie');
  const login = await call('/api/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return { call, cookies: () => [...jar].map(([name, value]) => ({ name, value, url: base })) };
}

/** Fills `units` to `total` rows with generated ones (kept apart from the demo's by their code). */
async function fillUnits(db, total) {
  const current = (await db.query("select count(*)::int as n from units where code like 'BN%'")).rows[0].n;
  if (current >= total) return;
  const projects = (await db.query('select id from projects order by code')).rows.map((row) => row.id);
  const types = (await db.query('select id from unit_types order by name')).rows.map((row) => row.id);
  for (let from = current + 1; from <= total; from += 50_000) {
    const to = Math.min(total, from + 49_999);
    await db.query(
      `insert into units (code, project_id, block, floor, unit_type_id, area_m2, bedrooms, bathrooms, view, base_price, status)
       select 'BN' || lpad(g::text, 7, '0'), ($3::uuid[])[1 + g % 3], 'K' || (g % 40), g % 30, ($4::uuid[])[1 + g % $5::int], 50 + g % 300, g % 6, 1 + g % 4,
              (array['Garden','Pool','Street','Sea'])[1 + g % 4], 1000000 + (g % 5000) * 1000,
              (array['available','available','reserved','sold','on_hold','blocked'])[1 + g % 6]
         from generate_series($1::int, $2::int) g`,
      [from, to, projects, types, types.length],
    );
  }
  // What autovacuum and the checkpointer would have done by then (PGlite has neither): the page is
  // measured on a settled table, not while the first commits after a bulk load flush its pages.
  await db.query('vacuum analyze units');
  await db.query('checkpoint');
}

// A page as staff ask for it: search, a filter tree (status one of two, floor from 5), two sort keys, page 3.
const WHERE = JSON.stringify({ join: 'and', children: [{ field: 'status', op: 'in', value: ['available', 'reserved'] }, { field: 'floor', op: 'gte', value: 5 }] });
const PAGE_QUERY = `/api/units?q=BN00&where=${encodeURIComponent(WHERE)}&sort=-basePrice,code&page=3&pageSize=25&active=true`;

/** The SQL the engine runs for PAGE_QUERY, compiled by the engine itself and run on the driver. */
async function directPage(db, registry) {
  const records = await import('@propdesk/records/server');
  const model = await import('@propdesk/records/model');
  const def = registry.get('units');
  const where = model.parseListFilter(def, { where: WHERE });
  const sort = model.parseSort(def, '-basePrice,code');
  const auth = { checker: { can: () => true, canField: () => true, canAny: () => true, privileges: [] } };
  const condition = records.whereSql(def, { where, q: 'BN00', active: 'true' });
  const page = records.selectRecords(registry, def, auth, { sort }).where(condition).orderBy(records.orderSql(registry, def, sort)).limit(25).offset(50).compile();
  // The count as the engine runs it: exact on a small table, capped on a big one (decided inside the statement).
  const count = records.countQuery(def, condition, records.countCapFor(3, 25)).compile();
  const run = async () => {
    return Promise.all([db.query(page.sql, page.parameters), db.query(count.sql, count.parameters)]);
  };
  /** BENCH_EXPLAIN=1: the plans of both queries (to see which index serves the page). */
  run.explain = async () => {
    for (const query of [page, count]) {
      const plan = await db.query(`explain (analyze, costs off, timing off) ${query.sql}`, query.parameters);
      console.log(plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
  };
  return run;
}

async function sampleRss(pid, fn) {
  const read = () => process.memoryUsage().rss;
  const before = read();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 20);
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, read());
  return { ms, extraMb: (peak - before) / 1024 / 1024, result };
}

async function run(kind, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-records-'));
  const config = { ...loadConfig({ ...process.env, PROPDESK_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl, PROPDESK_DEMO: '1' } : {}) }), rateLimitPerMinute: 1_000_000, userRateLimitPerMinute: 1_000_000 };
  const db = await openAppDatabase(config);
  const app = await buildApp(config, { database: db, closeDatabase: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const { appRegistry } = await import('@propdesk/server');
  const rows = [];
  try {
    const admin = await client(base);
    const direct = await directPage(db, appRegistry);
    const growth = [];
    const extra = { exports: {}, dry: null, commit: null, render: null };
    // Exports and the import run when the table holds 100,000 generated rows (or the largest size asked for below that).
    const exportAt = Number(process.env.BENCH_EXPORT_AT ?? (SIZES.filter((size) => size <= 100_000).at(-1) ?? SIZES[0]));
    for (const size of SIZES) {
      const started = performance.now();
      await fillUnits(db, size);
      const fillMs = performance.now() - started;
      const api = await timeIt(async () => {
        const response = await admin.call(PAGE_QUERY);
        if (response.status !== 200) throw new Error(`page ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      }, ROUNDS);
      const sql = await timeIt(direct, ROUNDS);
      // The fixed cost of any signed-in call (session and privileges read per request), for reading the ratio.
      const signedIn = await timeIt(async () => {
        const response = await admin.call('/api/users/privileges');
        await response.arrayBuffer();
      }, ROUNDS);
      if (process.env.BENCH_EXPLAIN) await direct.explain();
      growth.push({ size, api, sql, signedIn, fillMs });
      if (size === exportAt) {
        const exportPath = (format) => `/api/units/export?format=${format}&active=all&sort=code&where=${encodeURIComponent(JSON.stringify({ field: 'code', op: 'startsWith', value: 'BN' }))}&columns=code,project,block,floor,unitType,areaM2,bedrooms,bathrooms,view,basePrice,status`;
        for (const format of ['csv', 'xlsx']) {
          // BENCH_EXPORT_ROUNDS (3) exports each: the median time, the largest extra memory.
          const rounds = [];
          for (let round = 0; round < Number(process.env.BENCH_EXPORT_ROUNDS ?? 3); round += 1) rounds.push(await sampleRss(process.pid, async () => {
            // Read as a browser saving a file does: chunk by chunk, never the whole body at once here.
            const response = await admin.call(exportPath(format));
            let bytes = 0;
            let newlines = 0;
            for await (const chunk of response.body) {
              bytes += chunk.byteLength;
              if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines += 1;
            }
            return { status: response.status, bytes, rows: format === 'csv' ? newlines - 1 : Number(response.headers.get('x-total-count')) };
          }));
          const times = rounds.map((round) => round.ms).sort((x, y) => x - y);
          const measured = { ms: percentile(times, 50), extraMb: Math.max(...rounds.map((round) => round.extraMb)), result: rounds[0].result, times };
          extra.exports[format] = measured;
          console.log(`  ${kind} export ${format}: ${measured.result.rows.toLocaleString('en-US')} rows, median ${fmt(measured.ms, 0)} ms (${times.map((time) => fmt(time, 0)).join(', ')}), ${fmt(measured.result.bytes / 1024 / 1024)} MiB, server extra memory ${fmt(measured.extraMb)} MB`);
        }
        const header = 'Code,Project,Block,Floor,Unit type,Area (m²),Bedrooms,Base price';
        const lines = Array.from({ length: 10_000 }, (_unused, index) => `IMP${String(index).padStart(6, '0')},Palm Heights,Z${index % 20},${index % 25},Apartment 2BR,${80 + (index % 100)},${index % 5},${1500000 + index}.00`);
        const csv = `${header}\n${lines.join('\n')}\n`;
        const importCall = (dryRun) => admin.call(`/api/units/import?dryRun=${dryRun}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
        extra.dry = await sampleRss(process.pid, async () => (await (await importCall(true)).json()).data);
        extra.commit = await sampleRss(process.pid, async () => (await (await importCall(false)).json()).data);
        console.log(`  ${kind} import 10,000 rows: dry run ${fmt(extra.dry.ms, 0)} ms (${extra.dry.result.valid} valid), commit ${fmt(extra.commit.ms, 0)} ms (committed ${extra.commit.result.committed})`);
        // The browser's part, measured while the table is small enough for the page query not to dominate.
            if (kind === 'PGlite') {
          const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
          const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
          await context.addCookies(admin.cookies());
          const page = await context.newPage();
          await page.goto(`${base}/login`);
          await page.locator('input[name="username"]').fill('admin');
          await page.locator('input[name="password"]').fill(PASSWORD);
          await page.locator('button[type="submit"]').click();
          await page.waitForURL((url) => !url.pathname.endsWith('/login'));
          const columns = 'code,project,block,blockType,floor,unitType,areaM2,gardenM2,bedrooms,bathrooms,view,basePrice,status,createdOn,modifiedOn';
          const times = [];
          for (let index = 0; index < 7; index += 1) {
            await page.goto(`${base}/settings/leads/sources`);
            await page.getByRole('grid').waitFor();
            const started = await page.evaluate(() => performance.now());
            await page.evaluate((url) => {
              window.history.pushState({}, '', url);
              window.dispatchEvent(new PopStateEvent('popstate'));
            }, `/settings/leads/units?pageSize=100&cols=${columns}&sort=code&page=${2 + index}`);
            await page.waitForFunction(() => document.querySelectorAll('[role="grid"][aria-label="Units"] [role="row"][data-rowindex]').length >= 20);
            await page.waitForFunction(() => !document.querySelector('[role="grid"][aria-label="Units"] .MuiDataGrid-overlay'));
            const ended = await page.evaluate(() => performance.now());
            const cells = await page.evaluate(() => document.querySelectorAll('[role="grid"][aria-label="Units"] [role="columnheader"]').length);
            times.push({ ms: ended - started, cells });
          }
          await browser.close();
          const sorted = times.map((time) => time.ms).sort((a, b) => a - b);
          extra.render = { median: percentile(sorted, 50), p95: percentile(sorted, 95), columns: times[0].cells };
          console.log(`  ${kind} Chromium: page of 100 rows × ${extra.render.columns - 1} columns rendered in median ${fmt(extra.render.median, 0)} ms (p95 ${fmt(extra.render.p95, 0)})`);
        }
      }
      console.log(`  ${kind} ${size.toLocaleString('en-US')} rows: API median ${fmt(api.median)} ms p95 ${fmt(api.p95)} · driver median ${fmt(sql.median)} ms · ratio ${fmt(api.median / sql.median, 2)}× · a bare signed-in call ${fmt(signedIn.median)} ms`);
    }
    rows.push({ kind, growth, ...extra });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows[0];
}

export async function benchRecords() {
  const results = [];
  console.log('\nRecords engine');
  // BENCH_RECORD_DATABASES (default both) picks `pglite`, `postgres` or both.
  const databases = (process.env.BENCH_RECORD_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) results.push(await run('PGlite'));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl && databases.includes('postgres')) {
    results.push(await withScratchDatabase(adminUrl, (url) => run('PostgreSQL', url)));
  }
  console.log('\n| database | rows | API page median ms | p95 ms | same SQL on the driver, median ms | ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const result of results) {
    for (const step of result.growth) {
      console.log(`| ${result.kind} | ${step.size.toLocaleString('en-US')} | ${fmt(step.api.median)} | ${fmt(step.api.p95)} | ${fmt(step.sql.median)} | ${fmt(step.api.median / step.sql.median, 2)}× |`);
    }
    const first = result.growth[0];
    const last = result.growth.at(-1);
    console.log(`| ${result.kind} | growth ${first.size.toLocaleString('en-US')} → ${last.size.toLocaleString('en-US')} | ${fmt(last.api.median / first.api.median, 2)}× | | | goal ≤ 1.5× |`);
  }
  const summary = summarize(results);
  console.log('\n| figure | value | goal | met |');
  console.log('|---|---|---|---|');
  for (const row of summary) console.log(`| ${row.figure} | ${row.value} | ${row.goal} | ${row.met === null ? 'n/a' : row.met ? 'yes' : 'no'} |`);
  return { results, summary };
}

/** One row per figure with its goal: `met` is true or false where the issue sets a goal, null where it only asks for the figure. */
export function summarize(results) {
  const summary = [];
  const add = (figure, value, goal, met) => summary.push({ figure, value, goal, met });
  for (const result of results) {
    const { kind, growth } = result;
    const first = growth[0];
    const last = growth.at(-1);
    for (const step of growth) {
      const ratio = step.api.median / step.sql.median;
      add(`${kind} page, ${step.size.toLocaleString('en-US')} rows: API median (p95) ms; ratio to the same SQL on the driver`, `${fmt(step.api.median)} (${fmt(step.api.p95)}); ${fmt(ratio, 2)}×`, 'ratio ≤ 1.3×', ratio <= 1.3);
    }
    if (growth.length > 1) {
      const ratio = last.api.median / first.api.median;
      add(`${kind} page growth ${first.size.toLocaleString('en-US')} → ${last.size.toLocaleString('en-US')} rows (API medians)`, `${fmt(ratio, 2)}×`, '≤ 1.5×', ratio <= 1.5);
    }
    const csv = result.exports.csv;
    if (csv) {
      const timeGoal = kind === 'PostgreSQL' ? 'under 1 s and 100 MB extra' : 'under 100 MB extra';
      const met = csv.result.status === 200 && csv.extraMb < 100 && (kind !== 'PostgreSQL' || csv.ms < 1000);
      add(`${kind} CSV export, ${csv.result.rows.toLocaleString('en-US')} rows: ms; server extra MB`, `${fmt(csv.ms, 0)}; ${fmt(csv.extraMb)}`, timeGoal, met);
    }
    const xlsx = result.exports.xlsx;
    if (xlsx) add(`${kind} XLSX export, ${xlsx.result.rows.toLocaleString('en-US')} rows: ms; server extra MB`, `${fmt(xlsx.ms, 0)}; ${fmt(xlsx.extraMb)}`, 'under 100 MB extra', xlsx.result.status === 200 && xlsx.extraMb < 100);
    if (result.dry && result.commit) {
      add(`${kind} CSV import, 10,000 rows: dry run ms; commit ms`, `${fmt(result.dry.ms, 0)}; ${fmt(result.commit.ms, 0)}`, 'figure (checked: all 10,000 valid, then committed)', result.dry.result.valid === 10_000 && result.commit.result.committed === true);
    }
    if (result.render) add(`${kind} Chromium: 100 rows × ${result.render.columns - 1} columns, median (p95) ms`, `${fmt(result.render.median, 0)} (${fmt(result.render.p95, 0)})`, 'figure only', null);
  }
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRecords();
}
