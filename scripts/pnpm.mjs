#!/usr/bin/env node
// Runs the pinned pnpm through npx, so a fresh machine with only Node.js and npm needs nothing else
// (corepack is not usable on every registry mirror).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const PNPM_SPEC = pkg.packageManager;

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', PNPM_SPEC, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...process.env, ...options.env },
  });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
