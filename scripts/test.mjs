#!/usr/bin/env node
// `npm test`: install, build, lint, typecheck and unit-test every package (turbo), then the
// browser suite against the real server. Ends with one line of totals over every runner.
//
// Scheduling (2 cores): after the builds, two lanes take jobs from one queue, longest first: the
// server suite (every file on PGlite and PostgreSQL) and the browser suite start at once, each on
// its own core; whichever lane frees first takes lint and typecheck, then the other packages' unit
// tests (turbo, one task at a time, `--only`: every package is built already, so no build task or
// cache restore rewrites a dist/ that tests are reading), in two halves. PROPDESK_TEST_SERIAL=1 runs the jobs one
// after another, in the same order.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNPM_SPEC } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const workspaces = ['apps', 'packages', 'tooling'].flatMap((dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(root, dir, d.name)),
);
for (const ws of workspaces) rmSync(join(ws, '.reports'), { recursive: true, force: true });

const started = Date.now();
const failures = [];
const timings = [];
const clock = (ms) => `${Math.floor(Math.round(ms / 1000) / 60)}m${String(Math.round(ms / 1000) % 60).padStart(2, '0')}s`;

/** Runs pnpm with these arguments; with a label, each output line starts with it (steps running side by side). */
function run(title, args, { label } = {}) {
  console.log(`\n▶ ${title}`);
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', PNPM_SPEC, ...args], {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...process.env },
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const took = Date.now() - begin;
      timings.push(`${title}: ${clock(took)}`);
      console.log(`${status === 0 ? '✔' : '✖'} ${title} (${clock(took)})`);
      if (status !== 0) failures.push(`${title} (exit ${status})`);
      resolve(status);
    });
  });
}

/** Every package with unit tests but the server, in two halves (records, shell-ui and sales are the heaviest). */
const UNIT_HALVES = [
  ['records', 'shell-ui', 'sales'],
  ['api-client', 'auth-session', 'finance', 'notifications-core', 'privileges', 'procurement', 'server-kit', 'settings', 'web', 'test-utils'],
];
const unitPackages = workspaces
  .filter((ws) => !ws.endsWith(join('apps', 'server')) && existsSync(join(ws, 'package.json')))
  .map((ws) => JSON.parse(readFileSync(join(ws, 'package.json'), 'utf8')))
  .filter((pkg) => pkg.scripts?.test)
  .map((pkg) => pkg.name.replace('@propdesk/', ''));
const unlisted = unitPackages.filter((name) => !UNIT_HALVES.flat().includes(name));
// A new package with tests joins the second half rather than being left out; a package gone is dropped.
UNIT_HALVES[1].push(...unlisted);
for (const half of UNIT_HALVES) half.splice(0, half.length, ...half.filter((name) => unitPackages.includes(name)));

const turbo = (...args) => ['exec', 'turbo', 'run', ...args, '--output-logs=new-only', '--continue'];
const jobs = [
  () => run('Server tests (PGlite and PostgreSQL)', turbo('test', '--filter=@propdesk/server', '--only'), { label: 'server' }),
  () => run('End-to-end tests in Chromium', ['--filter', '@propdesk/e2e', 'run', 'e2e'], { label: 'e2e' }),
  () => run('Lint and typecheck (every package)', turbo('lint', 'typecheck', '--only', '--concurrency=1'), { label: 'check' }),
  // The other packages' unit tests in two halves of about the same size, so the lane that frees first takes one.
  ...UNIT_HALVES.map((half, index) => () => run(`Unit tests (${half.join(', ')})`, turbo('test', ...half.map((name) => `--filter=@propdesk/${name}`), '--only', '--concurrency=1'), { label: `unit${index + 1}` })),
];

if ((await run('Install', ['install', '--frozen-lockfile', '--prefer-offline'])) !== 0) finish();
if ((await run('Build (every package)', turbo('build', '--concurrency=2'))) !== 0) finish();
const lane = async () => {
  for (let job = jobs.shift(); job; job = jobs.shift()) await job();
};
await Promise.all(process.env.PROPDESK_TEST_SERIAL === '1' ? [lane()] : [lane(), lane()]);
finish();

function finish() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failedNames = [];
  for (const ws of workspaces) {
    const vitest = join(ws, '.reports', 'vitest.json');
    if (existsSync(vitest)) {
      const report = JSON.parse(readFileSync(vitest, 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const file of report.testResults ?? [])
        for (const test of file.assertionResults ?? [])
          if (test.status === 'failed')
            failedNames.push(`${relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    const playwright = join(ws, '.reports', 'playwright.json');
    if (existsSync(playwright)) {
      const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
      passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      failed += stats?.unexpected ?? 0;
      skipped += stats?.skipped ?? 0;
      failedNames.push(...playwrightFailures(JSON.parse(readFileSync(playwright, 'utf8')).suites ?? []));
    }
  }
  if (timings.length) console.log(`\nTimes: ${timings.join('; ')}; total ${clock(Date.now() - started)}`);
  // The names come last so that a log's tail says which test failed, not only how many.
  if (failedNames.length) console.error(`\n✖ Failed tests:\n  - ${failedNames.join('\n  - ')}`);
  if (failures.length) console.error(`\n✖ Failed steps:\n  - ${failures.join('\n  - ')}`);
  console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failures.length || failed ? 1 : 0);
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- reporters colour their messages with ANSI escapes
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim()) ?? '';
}

function playwrightFailures(suites, trail = []) {
  const names = [];
  for (const suite of suites) {
    const path = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      const bad = (spec.tests ?? []).find((test) => test.status === 'unexpected');
      if (!bad) continue;
      const error = bad.results?.at(-1)?.error?.message;
      names.push(`${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
    }
    names.push(...playwrightFailures(suite.suites ?? [], path));
  }
  return names;
}
