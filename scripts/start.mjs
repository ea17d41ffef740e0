#!/usr/bin/env node
// `npm start`: install, build the server and everything it serves, then run it on the embedded
// database (or on DATABASE_URL when set). Signals pass through so Ctrl+C shuts down gracefully.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const step = (title, status) => {
  if (status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${status}).`);
    process.exit(status);
  }
};

console.log('▶ Installing dependencies (pnpm, pinned in package.json)…');
step('Install', pnpm(['install', '--frozen-lockfile', '--prefer-offline']));
console.log('▶ Building the server, the web app and their packages…');
step('Build', pnpm(['exec', 'turbo', 'run', 'build', '--filter=@propdesk/server...', '--output-logs=errors-only']));

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
