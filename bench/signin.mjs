// Sign-in to rows: from the click on "Sign in" to the first row of the landing list, in headless
// Chromium against the built server, split into the phases a person waits through (issue 26 item 5).
// Each run signs a demo user in on a fresh browser profile (cold: no cached chunks), then signs in
// again in the same profile after clearing the session (warm: the chunks come from the HTTP cache),
// and times a full reload of the landing list to its rows. Prints every run and the medians.
// Run: `node bench/signin.mjs` after a build (BENCH_SIGNIN_URL targets a server already running).
import { chromium } from 'playwright-core';
import { fmt, percentile } from './lib/load.mjs';
import { startPropdesk } from './lib/server.mjs';

const RUNS = Number(process.env.BENCH_SIGNIN_RUNS ?? 5);
const PORT = Number(process.env.BENCH_SIGNIN_PORT ?? 3396);
const USER = process.env.BENCH_SIGNIN_USER ?? 'sales.agent';
const PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
const GOAL_MS = 1000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** In the page: the click's time and the time the list shows its first data row (a row with cells). */
function watchRows() {
  const marks = (window.__signInMarks = { rows: null, click: null });
  const hasRows = () => document.querySelector('[role="row"] [role="gridcell"], [role="row"] [role="cell"], tbody tr td') !== null;
  const observer = new MutationObserver(() => {
    if (marks.rows === null && hasRows()) {
      marks.rows = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('click', () => (marks.click ??= performance.now()), { capture: true });
}

/** The phases, in ms from the click, from the page's resource timings. */
async function phases(page) {
  return page.evaluate(() => {
    const { click, rows } = window.__signInMarks;
    const after = performance.getEntriesByType('resource').filter((entry) => entry.startTime >= click - 1);
    const span = (test) => {
      const hits = after.filter((entry) => test(new URL(entry.name).pathname, entry));
      if (hits.length === 0) return null;
      return { start: Math.min(...hits.map((e) => e.startTime)) - click, end: Math.max(...hits.map((e) => e.responseEnd)) - click, count: hits.length };
    };
    return {
      total: rows === null ? null : rows - click,
      config: span((path) => path === '/config.json'),
      csrf: span((path) => path === '/api/users/csrf-cookie'),
      login: span((path) => path === '/api/users/login'),
      chunks: span((path) => path.endsWith('.js') || path.endsWith('.css')),
      privileges: span((path) => path === '/api/users/privileges'),
      streams: span((path) => path.endsWith('/stream') || path.includes('/stream')),
      otherApi: span((path) => path.startsWith('/api/') && !/^\/api\/users\/(login|csrf-cookie|privileges)$/.test(path) && !path.includes('stream')),
      apiCalls: after.filter((entry) => new URL(entry.name).pathname.startsWith('/api/')).map((entry) => `${new URL(entry.name).pathname} ${Math.round(entry.startTime - click)}–${Math.round(entry.responseEnd - click)}`),
    };
  });
}

async function signInOnce(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(USER);
  await page.locator('input[name="password"]').fill(PASSWORD);
  // Let the page settle before the clock starts, as it does while a person types: the sign-in logic
  // loads on the first input (with the configuration and the CSRF cookie), and the password's first
  // input preloads the signed-in pages' code (fetched and compiled at idle, not run).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.evaluate(watchRows);
  await page.locator('button[type="submit"]').click();
  try {
    await page.waitForFunction(() => window.__signInMarks?.rows !== null, null, { timeout: 30_000 });
  } catch (error) {
    console.log(await page.evaluate(() => JSON.stringify({ url: location.href, marks: window.__signInMarks ?? null, cells: document.querySelectorAll('[role="gridcell"]').length })));
    throw error;
  }
  return phases(page);
}

async function reloadToRows(page) {
  const url = page.url();
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('[role="row"] [role="gridcell"], [role="row"] [role="cell"], tbody tr td', { timeout: 30_000 });
  return Date.now() - started;
}

const span = (s) => (s ? `${fmt(s.start, 0)}–${fmt(s.end, 0)}${s.count > 1 ? ` (${s.count})` : ''}` : '–');

function printRun(label, p) {
  console.log(
    `${label.padEnd(10)} ${fmt(p.total, 0).padStart(6)}  config ${span(p.config)}  csrf ${span(p.csrf)}  login ${span(p.login)}  chunks ${span(p.chunks)}  privileges ${span(p.privileges)}  streams ${span(p.streams)}  other api ${span(p.otherApi)}`,
  );
  if (process.env.BENCH_SIGNIN_VERBOSE) console.log(`           ${p.apiCalls.join('; ')}`);
}

const median = (values) => percentile(values.filter((v) => v !== null).sort((a, b) => a - b), 50);

export async function benchSignIn() {
  const server = process.env.BENCH_SIGNIN_URL ? null : await startPropdesk({ port: PORT, env: { LOG_LEVEL: 'warn' } });
  const baseUrl = process.env.BENCH_SIGNIN_URL ?? server.url;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const cold = [];
  const warm = [];
  const reloads = [];
  try {
    console.log(`\nSign-in to rows as ${USER} (ms from the click; each phase start–end, (n) requests)`);
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const first = await signInOnce(page, baseUrl);
      printRun(`cold ${run}`, first);
      cold.push(first);
      reloads.push(await reloadToRows(page));
      // Signed out by clearing the session (cookies and storage); the HTTP cache stays.
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      const second = await signInOnce(page, baseUrl);
      printRun(`warm ${run}`, second);
      warm.push(second);
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  const coldMs = median(cold.map((p) => p.total));
  const warmMs = median(warm.map((p) => p.total));
  const reloadMs = median(reloads);
  const phaseMedian = (runs, key, end = 'end') => median(runs.map((p) => p[key]?.[end] ?? null));
  console.log(`\nmedians of ${RUNS}: cold ${fmt(coldMs, 0)} ms, warm ${fmt(warmMs, 0)} ms, full reload of the list to its rows ${fmt(reloadMs, 0)} ms`);
  for (const [label, runs] of [
    ['cold', cold],
    ['warm', warm],
  ]) {
    console.log(
      `${label}: login answered at ${fmt(phaseMedian(runs, 'login'), 0)}, chunks ${fmt(phaseMedian(runs, 'chunks', 'start'), 0)}–${fmt(phaseMedian(runs, 'chunks'), 0)}, other API ${fmt(phaseMedian(runs, 'otherApi', 'start'), 0)}–${fmt(phaseMedian(runs, 'otherApi'), 0)}, rows at ${fmt(median(runs.map((p) => p.total)), 0)}`,
    );
  }
  const summary = [
    { figure: `Sign-in click to the landing list's rows, fresh browser (${USER}, median of ${RUNS})`, value: `${fmt(coldMs, 0)} ms`, goal: `< ${GOAL_MS} ms`, met: coldMs < GOAL_MS },
    { figure: `Sign-in click to the landing list's rows, chunks cached (median of ${RUNS})`, value: `${fmt(warmMs, 0)} ms`, goal: `< ${GOAL_MS} ms`, met: warmMs < GOAL_MS },
    { figure: `Full reload of the landing list to its rows (median of ${RUNS})`, value: `${fmt(reloadMs, 0)} ms`, goal: '', met: null },
  ];
  return { cold, warm, reloads, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSignIn();
