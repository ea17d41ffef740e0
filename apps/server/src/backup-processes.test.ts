import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@propdesk/server-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyBackup } from './backup/read.js';
import { tableCount, unpackSeeded } from './test/backup.js';
import { DEMO_PASSWORD } from './test/harness.js';

/**
 * The backup and restore commands as an operator runs them: the built CLI (`dist/cli.js`) against the built
 * server (`dist/main.js`) on an embedded database, as processes of their own (build first: `npm test` does).
 * PostgreSQL needs no process of its own: the CLI connects to it directly (backup.test.ts).
 */
const SERVER = fileURLToPath(new URL('..', import.meta.url));
const children = new Set<ChildProcess>();

type Run = { code: number | null; stdout: string; stderr: string };

function cli(args: string[], dataDir: string): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [join(SERVER, 'dist/cli.js'), ...args], {
    env: { ...process.env, PROPDESK_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, [join(SERVER, 'dist/main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PROPDESK_DATA_DIR: dataDir, DATABASE_URL: '', PROPDESK_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Propdesk is ready at (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!.replace('localhost', '127.0.0.1'));
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output}`)));
  });
  return { child, url, exited };
}

/** Signs in over HTTP as the demo admin and calls the API with its cookies and CSRF token. */
async function signIn(url: string) {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method !== 'GET') Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': jar.get('XSRF-TOKEN') ?? '' });
    const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  };
  await call('GET', '/api/users/csrf-cookie');
  const login = await call('POST', '/api/users/login', { username: 'admin', password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  return call;
}

/** The partial file of a backup to `out` once it holds bytes (the backup is then under way). */
async function partialOf(out: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readdirSync(dirname(out)).find((name) => name.startsWith(`${basename(out)}.partial-`) && statSync(join(dirname(out), name)).size > 0);
        return found;
      },
      { timeout: 120_000, interval: 5 },
    )
    .toBeDefined();
  return join(dirname(out), found!);
}

describe('backup and restore as processes (embedded database)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'propdesk-backup-run-'));
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up the running server while it takes writes; the restored data directory serves every write acknowledged before', async () => {
    const source = join(scratch, 'source');
    await unpackSeeded(source);
    const seeded = await openDatabase({ dataDir: source });
    const sourceId = (await seeded.query<{ id: string }>("select id::text as id from sources where name = 'Facebook'")).rows[0]!.id;
    const tables = await tableCount(seeded);
    await seeded.close();
    const server = await startServer(source);
    const call = await signIn(server.url);
    const writes: { id: string; name: string; started: number; acked: number }[] = [];
    let stop = false;
    let phone = 20_000_000 + Math.floor(Math.random() * 9_000_000);
    const writer = async () => {
      while (!stop) {
        const started = performance.now();
        const name = `Live lead ${writes.length}`;
        const response = await call('POST', '/api/leads', { fullName: name, phone: `+2012${(phone += 1)}`, source: sourceId });
        expect(response.status).toBe(201);
        writes.push({ id: ((await response.json()) as { data: { id: string } }).data.id, name, started, acked: performance.now() });
      }
    };
    const writers = [writer(), writer()];
    await expect.poll(() => writes.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(4);
    const out = join(scratch, 'live.pdbak');
    const began = performance.now();
    const backup = await cli(['backup', '--out', out], source).done;
    const ended = performance.now();
    // Writes in flight when it ended are acknowledged after it; wait for one begun after it.
    await expect.poll(() => writes.filter((write) => write.started > ended).length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(1);
    stop = true;
    await Promise.all(writers);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toMatch(new RegExp(`^Backed up ${tables} tables, [\\d,]+ rows from the running server to .*live\\.pdbak \\([\\d.]+ MB\\) in [\\d.]+ s\\.\\n$`));
    server.child.kill('SIGTERM');
    await server.exited;

    const restoredDir = join(scratch, 'restored');
    const restore = await cli(['restore', '--from', out], restoredDir).done;
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    const before = writes.filter((write) => write.acked < began);
    const after = writes.filter((write) => write.started > ended);
    expect(before.length).toBeGreaterThanOrEqual(4);
    const restored = await startServer(restoredDir);
    try {
      const reader = await signIn(restored.url);
      for (const write of before) {
        const lead = await reader('GET', `/api/leads/${write.id}`);
        expect(lead.status, write.name).toBe(200);
        expect(((await lead.json()) as { data: { fullName: string } }).data.fullName).toBe(write.name);
      }
      for (const write of after) expect((await reader('GET', `/api/leads/${write.id}`)).status, write.name).toBe(404);
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
  }, 900_000);

  it('kill -9 of the command or of the server during a backup leaves no file under the given name', async () => {
    const dataDir = join(scratch, 'killed');
    await unpackSeeded(dataDir);
    // The command itself, opening the data directory (no server runs), killed mid-way.
    const out = join(scratch, 'killed.pdbak');
    const first = cli(['backup', '--out', out], dataDir);
    const partial = await partialOf(out);
    first.child.kill('SIGKILL');
    expect((await first.done).code).toBe(null);
    expect(existsSync(out)).toBe(false);
    // The partial stays (nothing could remove it), under another name; the next backup is not blocked.
    expect(existsSync(partial)).toBe(true);
    rmSync(partial);

    // The server killed while it streams a backup to the command: the command keeps nothing.
    const server = await startServer(dataDir);
    const second = cli(['backup', '--out', out], dataDir);
    await partialOf(out);
    server.child.kill('SIGKILL');
    await server.exited;
    const run = await second.done;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/The server stopped sending the backup before it was complete/);
    expect(readdirSync(scratch).filter((name) => name.startsWith('killed.pdbak'))).toEqual([]);

    // Both left a socket behind: the next command (no server now) is not blocked by it, and its backup is whole.
    const third = await cli(['backup', '--out', out], dataDir).done;
    expect(third, third.stderr).toMatchObject({ code: 0 });
    expect(third.stdout).toMatch(/no server was running/);
    const verified = await verifyBackup(out);
    const db = await openDatabase({ dataDir });
    try {
      const leads = await db.query<{ n: number }>('select count(*)::int as n from leads');
      expect(verified.rows.get('leads')).toBe(leads.rows[0]!.n);
    } finally {
      await db.close();
    }
  }, 900_000);
});
