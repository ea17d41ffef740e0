#!/usr/bin/env node
// `npm test`: install, build, lint, typecheck and unit-test every package (turbo), then the
// browser suite against the real server. Ends with one line of totals over every runner.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const workspaces = ['apps', 'packages', 'tooling'].flatMap((dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(root, dir, d.name)),
);
for (const ws of workspaces) rmSync(join(ws, '.reports'), { recursive: true, force: true });

const failures = [];
const run = (title, args, env) => {
  console.log(`\n▶ ${title}`);
  const status = pnpm(args, { env });
  if (status !== 0) failures.push(`${title} (exit ${status})`);
  return status;
};

if (run('Install', ['install', '--frozen-lockfile', '--prefer-offline']) !== 0) finish();
run('Build, lint, typecheck and unit tests (every package)', [
  'exec', 'turbo', 'run', 'build', 'lint', 'typecheck', 'test', '--concurrency=2', '--output-logs=new-only', '--continue',
]);
run('End-to-end tests in Chromium', ['--filter', '@propdesk/e2e', 'run', 'e2e']);
finish();

function finish() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const ws of workspaces) {
    const vitest = join(ws, '.reports', 'vitest.json');
    if (existsSync(vitest)) {
      const report = JSON.parse(readFileSync(vitest, 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
    const playwright = join(ws, '.reports', 'playwright.json');
    if (existsSync(playwright)) {
      const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
      passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      failed += stats?.unexpected ?? 0;
      skipped += stats?.skipped ?? 0;
    }
  }
  if (failures.length) console.error(`\n✖ Failed steps:\n  - ${failures.join('\n  - ')}`);
  console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failures.length || failed ? 1 : 0);
}
