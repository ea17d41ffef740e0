// Backup and restore of the demo database (issue 26): `cli.js backup` while the server runs (its wall
// time, the file's size, and how long the server's answers waited meanwhile: GET /api/health every
// 50 ms), then `cli.js restore` into an empty target; on the embedded database and on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL: the embedded backup restored into a scratch database, which
// is then backed up and restored again). Figures, not assertions. BENCH_DEMO_DATA: a seeded data
// directory to copy (default: a fresh one is seeded first, about a minute); BENCH_RUNS (3) runs each.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDatabase } from './lib/postgres.mjs';
import { summaryTable } from './run-all.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_BACKUP_PORT ?? 3396);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(args, env) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - started, output }) : reject(new Error(`cli ${args[0]} failed: ${output}`))));
  });
}

async function startServer(env) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (waited > 600_000) throw new Error('the server did not start');
    const up = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Backs up RUNS times while the server answers /api/health every 50 ms; the slowest answer is how long it waited. */
async function backups(label, server, env, dir) {
  const rows = [];
  for (let index = 0; index < RUNS; index++) {
    const file = join(dir, `${label}-${index}.pdbak`);
    let polling = true;
    const latencies = [];
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await fetch(`${server.url}/api/health`).catch(() => undefined);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const { ms } = await run(['backup', '--out', file], env);
    polling = false;
    await poller;
    rows.push({ ms, bytes: statSync(file).size, worstAnswer: Math.max(...latencies), file });
  }
  return rows;
}

async function restores(label, files, targetEnv) {
  const rows = [];
  for (let index = 0; index < RUNS; index++) {
    const { env, done } = await targetEnv(index);
    try {
      const { ms } = await run(['restore', '--from', files[index % files.length]], env);
      rows.push({ ms });
    } finally {
      await done();
    }
  }
  return rows;
}

function describe(label, made, restored) {
  const backupMs = median(made.map((row) => row.ms));
  const restoreMs = median(restored.map((row) => row.ms));
  const size = median(made.map((row) => row.bytes)) / 1e6;
  const waited = median(made.map((row) => row.worstAnswer));
  console.log(`\n${label}: backup ${made.map((row) => seconds(row.ms)).join(', ')} (median ${seconds(backupMs)}), ${size.toFixed(2)} MB;`);
  console.log(`  slowest /api/health during a backup ${made.map((row) => `${Math.round(row.worstAnswer)} ms`).join(', ')}; restore ${restored.map((row) => seconds(row.ms)).join(', ')} (median ${seconds(restoreMs)})`);
  return [
    { figure: `${label}: backup of the demo database while the server runs (median)`, value: seconds(backupMs), goal: '', met: null },
    { figure: `${label}: backup file size`, value: `${size.toFixed(2)} MB`, goal: '', met: null },
    { figure: `${label}: slowest server answer during a backup (median of runs)`, value: `${Math.round(waited)} ms`, goal: '', met: null },
    { figure: `${label}: restore into an empty target (median)`, value: seconds(restoreMs), goal: '', met: null },
  ];
}

export async function benchBackup() {
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-backup-'));
  const summary = [];
  try {
    const dataDir = join(dir, 'data');
    if (process.env.BENCH_DEMO_DATA) cpSync(process.env.BENCH_DEMO_DATA, dataDir, { recursive: true });
    const embedded = await startServer({ PROPDESK_DATA_DIR: dataDir });
    let made;
    try {
      made = await backups('embedded', embedded, { PROPDESK_DATA_DIR: dataDir }, dir);
    } finally {
      await embedded.stop();
    }
    const restored = await restores('embedded', made.map((row) => row.file), async (index) => ({
      env: { PROPDESK_DATA_DIR: join(dir, `restored-${index}`) },
      done: async () => rmSync(join(dir, `restored-${index}`), { recursive: true, force: true }),
    }));
    summary.push(...describe('Embedded (PGlite)', made, restored));

    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const database = await scratchDatabase(adminUrl, 'propdesk_bench_backup');
      try {
        const fromEmbedded = await run(['restore', '--from', made[0].file], { DATABASE_URL: database.url });
        console.log(`\nThe embedded backup restored into PostgreSQL in ${seconds(fromEmbedded.ms)}.`);
        const server = await startServer({ DATABASE_URL: database.url });
        let pgMade;
        try {
          pgMade = await backups('postgres', server, { DATABASE_URL: database.url }, dir);
        } finally {
          await server.stop();
        }
        const pgRestored = await restores('postgres', pgMade.map((row) => row.file), async () => {
          const target = await scratchDatabase(adminUrl, 'propdesk_bench_restore');
          return { env: { DATABASE_URL: target.url }, done: () => target.drop() };
        });
        summary.push(...describe('PostgreSQL', pgMade, pgRestored));
      } finally {
        await database.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { summary } = await benchBackup();
  console.log(`\n${summaryTable(summary)}`);
}
