import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Privilege } from '@propdesk/privileges';
import { OUTBOX_CHANNEL, enqueueOutbox, openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir } from './backup/channel.js';
import { createAgent, createTestUser, seededDatabases, testApp, testConfig, unique } from './test/harness.js';
import { startReceiver, waitFor } from './test/receiver.js';
import { WorkerError, startWorker } from './worker.js';

const WEBHOOK_JOB = 'settings.webhook-deliveries';
/** apps/server: the built CLI is its `dist/cli.js`. */
const SERVER = fileURLToPath(new URL('..', import.meta.url));



describe('the worker refuses the embedded database', () => {
  it('without DATABASE_URL, saying why and what to do instead', async () => {
    const refused = startWorker(testConfig({ dataDir: 'memory://' }));
    await expect(refused).rejects.toBeInstanceOf(WorkerError);
    await expect(refused).rejects.toThrow(/PostgreSQL \(DATABASE_URL\).*one process only.*PROPDESK_JOBS=all/);
  });

  it('and names the server that holds the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pd-worker-'));
    const channel = await claimDataDir(dataDir, 'server');
    try {
      await expect(startWorker(testConfig({ dataDir }))).rejects.toThrow(`a Propdesk server (pid ${process.pid}) is running on it`);
    } finally {
      await channel.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const adminPrivileges: Privilege[] = [
  ...['read', 'create', 'update', 'delete'].map((action) => ({ entityName: 'webhook', action })),
  ...['read', 'create', 'update', 'assign', 'readAll'].map((action) => ({ entityName: 'lead', action })),
];

/**
 * Issue 27, as it is deployed: the API with PROPDESK_JOBS=off (here, in the test's process) and the worker
 * as a process of its own (the built `dist/cli.js worker`; build first), on one PostgreSQL database. A lead
 * created through the API reaches the receiver through the worker, woken by the commit's NOTIFY (its tick is
 * an hour: only the NOTIFY can wake it in this test's time); a rolled-back write notifies nobody and sends
 * nothing; SIGTERM stops the worker cleanly.
 */
describe.skipIf(!process.env['TEST_DATABASE_URL'])('API with jobs off and a worker process on PostgreSQL', () => {
  const databases = seededDatabases('postgres');
  let apiDb: Database;
  let listenDb: Database;
  let app: FastifyInstance;
  let worker: { child: ChildProcess; output: () => string; exited: Promise<number | null> };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sourceId: string;
  const notified: string[] = [];

  beforeAll(async () => {
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    receiver = await startReceiver(3411);
    apiDb = await databases.open();
    listenDb = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    await listenDb.listen(OUTBOX_CHANNEL, (kind) => notified.push(kind));
    app = await testApp(apiDb, { jobs: 'off' }, { jobs: { tickMs: 100 } });
    worker = await startWorkerProcess(databases.url());
    sourceId = (await apiDb.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
  }, 60_000);
  afterAll(async () => {
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await app?.close();
    await listenDb?.close();
    await receiver?.close();
    await databases.cleanup();
  });

  it('a lead created through the API is delivered by the worker at once; the API runs no job', async () => {
    expect(app.jobs).toBeNull();
    // Its log lines, as the server's, are written in batches (at the latest every quarter second).
    await waitFor(() => /"process":"worker".*"msg":"worker started"/.test(worker.output()), 2_000);
    expect(worker.output()).toContain(WEBHOOK_JOB);

    const user = await createTestUser(apiDb, adminPrivileges);
    const admin = createAgent(app);
    expect((await admin.login(user.username)).statusCode).toBe(200);
    const hook = await admin.request({ method: 'POST', url: '/api/webhooks', payload: { name: unique('Hook'), url: `${receiver.url}/worker`, events: ['lead.created'], secret: 'whsec-0123456789abcdef' } });
    expect(hook.statusCode, hook.body).toBe(201);
    const runs = async () => Number((await apiDb.query<{ runs: string }>('select runs from scheduled_jobs where name = $1', [WEBHOOK_JOB])).rows[0]!.runs);
    const runsBefore = await runs();

    const committedAt = Date.now();
    const created = await admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: `+2012${String(Date.now()).slice(-8)}`, source: sourceId } });
    expect(created.statusCode, created.body).toBe(201);
    const leadId = created.json().data.id as string;
    await waitFor(() => receiver.received.some((request) => request.path === '/worker'), 3_000);
    const [delivery] = receiver.received.filter((request) => request.path === '/worker');
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: 'lead.created', data: { id: leadId } });
    // Well under the 5 s tick (the woken run waits 200 ms for the commits that follow).
    expect(delivery!.at - committedAt).toBeLessThan(2_000);
    expect(notified).toContain('webhook');
    // The run that sent it is recorded by the worker's runner (the API has none to run it).
    await waitFor(async () => (await runs()) > runsBefore, 2_000);
    await waitFor(async () => (await apiDb.query("select 1 from outbox where kind = 'webhook' and status = 'sent'")).rows.length === 1, 2_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((request) => request.path === '/worker')).toHaveLength(1);
  });

  it('a rolled-back write notifies nobody and sends nothing; a commit notifies once per kind', async () => {
    notified.length = 0;
    const before = receiver.received.length;
    const hookId = (await apiDb.query<{ id: string }>('select id::text from webhooks limit 1')).rows[0]!.id;
    await expect(
      apiDb.transaction(async (tx) => {
        await enqueueOutbox(tx, [{ kind: 'webhook', stream: hookId, payload: { event: 'lead.created' } }]);
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');

    // Two statements, three rows, two kinds (of no job): one NOTIFY per kind.
    await apiDb.transaction(async (tx) => {
      await enqueueOutbox(tx, [
        { kind: 'worker-test', stream: 'a', payload: 1 },
        { kind: 'worker-test', stream: 'b', payload: 2 },
      ]);
      await enqueueOutbox(tx, [{ kind: 'worker-test-2', stream: 'a', payload: 3 }]);
    });
    await waitFor(() => notified.length >= 2, 2_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notified.sort()).toEqual(['worker-test', 'worker-test-2']);
    expect(receiver.received.length).toBe(before);
    expect((await apiDb.query("select 1 from outbox where kind = 'webhook' and status <> 'sent'")).rows).toHaveLength(0);
  });

  it('stops cleanly on SIGTERM', async () => {
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/"msg":"shutting down"/);
    expect(worker.output()).toMatch(/"msg":"worker stopped"/);
  });
});

/** `node dist/cli.js worker` on `databaseUrl`, once it says it runs. */
async function startWorkerProcess(databaseUrl: string) {
  const child = spawn(process.execPath, [join(SERVER, 'dist/cli.js'), 'worker', '--tick-ms', '3600000'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', PROPDESK_WEBHOOKS_ALLOW_PRIVATE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('Propdesk worker is running')) resolve();
      else if (child.exitCode !== null) reject(new Error(`The worker exited (${child.exitCode}): ${output}`));
      else setTimeout(check, 50);
    };
    check();
  });
  return { child, output: () => output, exited };
}
