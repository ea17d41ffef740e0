// Starts the built Propdesk server as its own process on a fresh embedded database.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `env` is added to (and may override) the bench's defaults (`LOG_LEVEL=warn`); a key set to
 * undefined is removed, so the server takes its own default. `stop({ keepData: true })` leaves the
 * data folder (`dataDir`) for a check after the server has stopped; `removeData()` deletes it.
 * `seedFrom` (else `BENCH_DATA_TEMPLATE` on the embedded database): an embedded data folder (a seeded copy,
 * stopped) copied in first, to skip the first start's seeding, which takes a minute. `nodeArgs`: Node's own
 * options for the server process (e.g. `--cpu-prof`).
 */
export async function startPropdesk({ port, env = {}, timeoutMs = 120_000, seedFrom, nodeArgs = [] }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-'));
  const template = seedFrom ?? (env.DATABASE_URL ? undefined : process.env.BENCH_DATA_TEMPLATE);
  if (template) cpSync(template, dataDir, { recursive: true });
  const childEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PROPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  // BENCH_SERVER_ENTRY: another build of the server (e.g. the previous commit's) for a before/after in one run.
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child, timeoutMs);
  return {
    url,
    pid: child.pid,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    removeData: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function waitFor(url, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** The bare Fastify routes of `bare-server.mjs` in their own process (`/same` with `answerFile`); `stop()` ends it. */
export async function startBare(port, answerFile) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.mjs', import.meta.url)), String(port), ...(answerFile ? [answerFile] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.once('data', resolve);
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}/bare`,
    sameUrl: `http://127.0.0.1:${port}/same`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is none. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The CPU ms (user + system) of every process of this name (`postgres`: the server and its backends), from /proc. */
export function cpuMsOfCommand(name) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
