// Starts the built Propdesk server as its own process on a fresh embedded database.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `env` is added to (and may override) the bench's defaults (`LOG_LEVEL=warn`); a key set to
 * undefined is removed, so the server takes its own default. `stop({ keepData: true })` leaves the
 * data folder (`dataDir`) for a check after the server has stopped; `removeData()` deletes it.
 * `seedFrom`: an embedded database folder copied in first (a seeded demo, to skip the first start's seed).
 */
export async function startPropdesk({ port, env = {}, timeoutMs = 120_000, seedFrom }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-bench-'));
  if (seedFrom) cpSync(seedFrom, dataDir, { recursive: true });
  const childEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PROPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
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
