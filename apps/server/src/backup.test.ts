import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase, type Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCommand } from './backup/commands.js';
import { rotateBackups } from './backup/files.js';
import { NIGHTLY_BACKUP_JOB, nightlyBackupJobs, runNightlyBackup, writeBackupFile } from './backup/job.js';
import { verifyBackup } from './backup/read.js';
import { loadConfig } from './config.js';
import { digest, folderFingerprint, restoredDigest, rewriteBackup, tableCount, unpackSeeded } from './test/backup.js';
import { DB_KINDS, createAgent, seededDatabases, testApp, type DbKind } from './test/harness.js';
import { seededSnapshot } from './test/snapshot.js';

/** A target of a restore: its CLI environment, how to open it, and what it holds now (to show nothing changed). */
type Target = { env: NodeJS.ProcessEnv; open: () => Promise<Database>; fingerprint: () => Promise<string> };

let phoneCounter = Math.floor(Math.random() * 1_000_000);
const freshPhone = () => `+2012${String(10_000_000 + ((process.pid * 7919 + (phoneCounter += 1)) % 89_999_999)).slice(-8)}`;

function restoreTargets(kind: DbKind, scratch: string) {
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? '';
  const created: string[] = [];
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const pgTarget = (url: string): Target => ({
    env: { DATABASE_URL: url },
    open: () => openDatabase({ databaseUrl: url, dataDir: '' }),
    async fingerprint() {
      const db = await openDatabase({ databaseUrl: url, dataDir: '' });
      try {
        return JSON.stringify(await digest(db));
      } finally {
        await db.close();
      }
    },
  });
  const dirTarget = (dir: string): Target => ({
    env: { PROPDESK_DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    fingerprint: async () => `${folderFingerprint(dir)} ${readdirSync(dirname(dir)).filter((name) => name.includes('.restoring-')).join(',')}`,
  });
  return {
    /** Nothing in it yet: a new data directory, or a new empty PostgreSQL database. */
    async empty(): Promise<Target> {
      if (kind === 'pglite') return dirTarget(join(mkdtempSync(join(scratch, 'target-')), 'data'));
      const name = `propdesk_test_${Math.random().toString(36).slice(2, 10)}`;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      await admin.exec(`create database ${name}`);
      await admin.close();
      created.push(name);
      return pgTarget(urlOf(name));
    },
    /** Holding the seeded demo database. */
    async seeded(databases: ReturnType<typeof seededDatabases>): Promise<Target> {
      if (kind === 'pglite') {
        const dir = join(mkdtempSync(join(scratch, 'target-')), 'data');
        await unpackSeeded(dir);
        return dirTarget(dir);
      }
      await (await databases.open()).close();
      return pgTarget(databases.url());
    },
    async cleanup() {
      if (created.length === 0) return;
      const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      for (const name of created) await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

describe.each(DB_KINDS)('backup and restore on %s', (kind) => {
  const databases = seededDatabases(kind);
  const scratch = mkdtempSync(join(tmpdir(), 'propdesk-backup-'));
  const targets = restoreTargets(kind, scratch);
  /** A backup of the seeded database while nobody writes, and its digest. */
  let quiet: { file: string; digest: Record<string, string> };

  beforeAll(async () => {
    const db = await databases.open();
    const file = join(scratch, 'quiet.pdbak');
    await writeBackupFile(db, file);
    quiet = { file, digest: await digest(db) };
  });
  afterAll(async () => {
    await databases.cleanup();
    await targets.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a backup taken while writes run holds every write acknowledged before it began and none begun after it ended; the restored product serves them', async () => {
    const db = await databases.open();
    const app = await testApp(db);
    try {
      const admin = createAgent(app);
      expect((await admin.login('admin')).statusCode).toBe(200);
      const source = (await db.query<{ id: string }>("select id::text as id from sources where name = 'Facebook'")).rows[0]!.id;
      const writes: { id: string; name: string; started: number; acked: number }[] = [];
      let stop = false;
      const writer = async () => {
        while (!stop) {
          const started = performance.now();
          const name = `Backup lead ${writes.length} ${Math.random().toString(36).slice(2, 8)}`;
          const response = await admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: name, phone: freshPhone(), source } });
          expect(response.statusCode, response.body).toBe(201);
          writes.push({ id: (response.json() as { data: { id: string } }).data.id, name, started, acked: performance.now() });
          // Agents, not a loop at machine speed: in one process with the app, the backup's file work needs turns too.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const writers = [writer(), writer(), writer()];
      await expect.poll(() => writes.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(6);
      const file = join(scratch, 'live.pdbak');
      const began = performance.now();
      await writeBackupFile(db, file);
      const ended = performance.now();
      // Writes in flight when it ended are acknowledged after it; wait for one begun after it.
      await expect.poll(() => writes.filter((write) => write.started > ended).length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(1);
      stop = true;
      await Promise.all(writers);

      const before = writes.filter((write) => write.acked < began);
      const after = writes.filter((write) => write.started > ended);
      expect(before.length).toBeGreaterThanOrEqual(6);
      expect(after.length).toBeGreaterThanOrEqual(1);
      // The server went on answering while the backup ran.
      expect(writes.some((write) => write.acked > began && write.acked < ended)).toBe(true);

      const target = await targets.empty();
      expect(await restoreCommand(['restore', '--from', file], target.env)).toMatch(new RegExp(`^Restored .* ${await tableCount(db)} tables, [\\d,]+ rows into .*\\nSessions are not in a backup`));
      const restored = await target.open();
      try {
        const found = await restored.query<{ id: string; history: number }>(
          `select l.id::text as id, (select count(*)::int from record_history h where h.record_id = l.id) as history from leads l where l.id = any($1::uuid[])`,
          [writes.map((write) => write.id)],
        );
        const ids = new Set(found.rows.map((row) => row.id));
        expect(before.filter((write) => !ids.has(write.id))).toEqual([]);
        expect(after.filter((write) => ids.has(write.id))).toEqual([]);
        // Each lead came with its history row: one snapshot across tables, never half a write.
        expect(found.rows.filter((row) => row.history < 1)).toEqual([]);
        expect((await restored.query<{ n: number }>('select count(*)::int as n from sessions')).rows[0]!.n).toBe(0);
        expect((await restored.query<{ n: number }>('select count(*)::int as n from app_secrets')).rows[0]!.n).toBe(0);
        const restoredApp = await testApp(restored);
        try {
          const reader = createAgent(restoredApp);
          expect((await reader.login('admin')).statusCode).toBe(200);
          const last = before.at(-1)!;
          const lead = await reader.request({ method: 'GET', url: `/api/leads/${last.id}` });
          expect(lead.statusCode, lead.body).toBe(200);
          expect((lead.json() as { data: { fullName: string } }).data.fullName).toBe(last.name);
        } finally {
          await restoredApp.close();
        }
      } finally {
        await restored.close();
      }
    } finally {
      await app.close();
    }
  }, 600_000);

  it('restores every row, value and sequence exactly, and an embedded backup into PostgreSQL too', async () => {
    const target = await targets.empty();
    await restoreCommand(['restore', '--from', quiet.file], target.env);
    const restored = await target.open();
    try {
      expect(await digest(restored, { skipRestoreAudit: true })).toEqual(restoredDigest(quiet.digest));
      const audit = await restored.query<{ details: { file: string } }>(`select details from audit_log where action = 'cli.restore'`);
      expect(audit.rows.map((row) => row.details.file)).toEqual([quiet.file]);
    } finally {
      await restored.close();
    }
    if (kind !== 'postgres') return;
    // Across databases: the embedded database's backup restored into PostgreSQL.
    const embedded = await openDatabase({ dataDir: 'memory://', snapshot: seededSnapshot() });
    const file = join(scratch, 'from-pglite.pdbak');
    try {
      await writeBackupFile(embedded, file);
      const expected = await digest(embedded);
      const postgres = await targets.empty();
      await restoreCommand(['restore', '--from', file], postgres.env);
      const copy = await postgres.open();
      try {
        expect(await digest(copy, { skipRestoreAudit: true })).toEqual(restoredDigest(expected));
      } finally {
        await copy.close();
      }
    } finally {
      await embedded.close();
    }
  }, 600_000);

  it('refuses a target that is not empty and changes nothing; --force replaces it', async () => {
    const target = await targets.seeded(databases);
    const before = await target.fingerprint();
    await expect(restoreCommand(['restore', '--from', quiet.file], target.env)).rejects.toThrow(
      kind === 'pglite' ? /already holds a database\. Restore into an empty or new folder, or add --force/ : /The target database is not empty \(\d+ tables.*add --force/,
    );
    expect(await target.fingerprint()).toBe(before);
    const message = await restoreCommand(['restore', '--from', quiet.file, '--force'], target.env);
    expect(message).toMatch(kind === 'pglite' ? /The previous data directory was moved to .*\.replaced-/ : /It replaced the \d+ tables the database held\./);
    const restored = await target.open();
    try {
      expect(await digest(restored, { skipRestoreAudit: true })).toEqual(restoredDigest(quiet.digest));
    } finally {
      await restored.close();
    }
    if (kind === 'pglite') {
      const dir = target.env['PROPDESK_DATA_DIR']!;
      const aside = readdirSync(dirname(dir)).find((name) => name.startsWith(`${basename(dir)}.replaced-`))!;
      // The replaced database was moved aside whole.
      expect(folderFingerprint(join(dirname(dir), aside))).toBe(before.split(' ')[0]);
    }
  }, 600_000);

  it('refuses a truncated file, one from a newer version, a damaged one and one that is no backup, with a clear message, changing nothing', async () => {
    const bad = (name: string) => join(scratch, name);
    const bytes = readFileSync(quiet.file);
    writeFileSync(bad('cut.pdbak'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const lines = gunzipSync(bytes).toString('utf8').split('\n');
    // Whole gzip, but the backup inside stops at 70%: a writer that died between two tables' rows.
    writeFileSync(bad('cut-lines.pdbak'), gzipSync(lines.slice(0, Math.floor(lines.length * 0.7)).join('\n')));
    rewriteBackup(quiet.file, bad('format.pdbak'), ([header, ...rest]) => [JSON.stringify({ ...JSON.parse(header!), format: 2, app: '9.0.0' }), ...rest]);
    rewriteBackup(quiet.file, bad('migration.pdbak'), ([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { migrations: string[] };
      return [JSON.stringify({ ...parsed, migrations: [...parsed.migrations, 'sales/9999_from_the_future'] }), ...rest];
    });
    rewriteBackup(quiet.file, bad('column.pdbak'), ([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { tables: { name: string; columns: { name: string; type: string }[] }[] };
      for (const table of parsed.tables) if (table.name === 'leads') table.columns.push({ name: 'future_field', type: 'text' });
      return [JSON.stringify(parsed), ...rest];
    });
    // One more key in one row: the load would ignore it, only the checksum sees it.
    const row = lines.findIndex((line) => line.startsWith('{'));
    lines[row] = `${lines[row]!.slice(0, -1)},"tampered":true}`;
    writeFileSync(bad('tampered.pdbak'), gzipSync(lines.join('\n')));
    writeFileSync(bad('random.bin'), Buffer.concat([Buffer.from([0]), createHash('sha512').update('random').digest()]));
    writeFileSync(bad('json.pdbak'), JSON.stringify({ magic: 'something-else', format: 1 }));
    writeFileSync(bad('text.gz'), gzipSync('hello\nworld\n'));
    writeFileSync(bad('empty.pdbak'), '');
    const cases: [string, RegExp][] = [
      ['cut.pdbak', /cut\.pdbak is incomplete: the file ends before the backup does/],
      ['cut-lines.pdbak', /cut-lines\.pdbak is incomplete: it ends (inside|before) table \w+\./],
      ['format.pdbak', /format\.pdbak was written by a newer version of Propdesk \(backup format 2, app 9\.0\.0\); this build reads format 1/],
      ['migration.pdbak', /migration\.pdbak was made by a newer version of Propdesk: its database has migrations this build does not know \(sales\/9999_from_the_future\)/],
      ['column.pdbak', /column\.pdbak holds column leads\.future_field, which this build does not have: it was made by a newer version/],
      ['tampered.pdbak', /tampered\.pdbak is damaged: its checksum does not match its content/],
      ['random.bin', /random\.bin is not a Propdesk backup \(it is not gzip'd\)/],
      ['json.pdbak', /json\.pdbak is not a Propdesk backup \(it is not gzip'd\)/],
      ['text.gz', /text\.gz is not a Propdesk backup\./],
      ['empty.pdbak', /empty\.pdbak is not a Propdesk backup/],
      ['missing.pdbak', /missing\.pdbak does not exist/],
    ];
    const empty = await targets.empty();
    const seeded = await targets.seeded(databases);
    const untouched = { empty: await empty.fingerprint(), seeded: await seeded.fingerprint() };
    for (const [name, message] of cases) {
      await expect(restoreCommand(['restore', '--from', bad(name)], empty.env), name).rejects.toThrow(message);
      await expect(restoreCommand(['restore', '--from', bad(name), '--force'], seeded.env), name).rejects.toThrow(message);
    }
    expect(await empty.fingerprint()).toBe(untouched.empty);
    expect(await seeded.fingerprint()).toBe(untouched.seeded);
  }, 600_000);

  it('keeps a nightly backup a day, from the configured hour, and only the newest KEEP', async () => {
    const db = await databases.open();
    const dir = join(scratch, 'nightly');
    const settings = { dir, keep: 2, hour: 2 };
    expect(await runNightlyBackup(db, settings, new Date(2026, 10, 27, 1, 30))).toEqual({ due: false, at: '2:00' });
    expect(existsSync(dir)).toBe(false);
    const made = await runNightlyBackup(db, settings, new Date(2026, 10, 27, 2, 5));
    expect(made).toMatchObject({ file: 'propdesk-2026-11-27.pdbak', tables: await tableCount(db), removed: [] });
    expect((await verifyBackup(join(dir, 'propdesk-2026-11-27.pdbak'))).totalRows).toBe(made['rows']);
    expect(await runNightlyBackup(db, settings, new Date(2026, 10, 27, 23, 0))).toEqual({ due: false, done: 'propdesk-2026-11-27.pdbak' });
    // Older nightly files, a stale partial and a file of someone else's.
    for (const name of ['propdesk-2026-11-20.pdbak', 'propdesk-2026-11-25.pdbak', 'propdesk-2026-11-26.pdbak.partial-abc123', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    const partialAt = new Date(2026, 10, 28, 8, 0);
    utimesSync(join(dir, 'propdesk-2026-11-26.pdbak.partial-abc123'), partialAt, partialAt);
    const next = await runNightlyBackup(db, settings, new Date(2026, 10, 28, 9, 0));
    expect(next).toMatchObject({ file: 'propdesk-2026-11-28.pdbak', removed: ['propdesk-2026-11-25.pdbak', 'propdesk-2026-11-20.pdbak'] });
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'propdesk-2026-11-26.pdbak.partial-abc123', 'propdesk-2026-11-27.pdbak', 'propdesk-2026-11-28.pdbak']);
    // A partial is removed once it is a day old.
    expect(await rotateBackups(dir, 2, new Date(2026, 10, 29, 9, 0).getTime())).toEqual(['propdesk-2026-11-26.pdbak.partial-abc123']);

    // The job: configured by the environment, registered with the runner when the server starts.
    const config = loadConfig({ PROPDESK_BACKUP_DIR: dir, PROPDESK_BACKUP_KEEP: '3' }, scratch);
    expect(config.backup).toEqual({ dir, keep: 3, hour: 2 });
    expect(loadConfig({}).backup).toBeUndefined();
    expect(() => loadConfig({ PROPDESK_BACKUP_DIR: dir, PROPDESK_BACKUP_HOUR: '24' })).toThrow('PROPDESK_BACKUP_HOUR');
    expect(nightlyBackupJobs(undefined)).toEqual([]);
    const app = await testApp(db, { backup: settings });
    try {
      const row = await db.query<{ every_ms: string | number }>('select every_ms from scheduled_jobs where name = $1', [NIGHTLY_BACKUP_JOB]);
      expect(Number(row.rows[0]?.every_ms)).toBe(15 * 60_000);
    } finally {
      await app.close();
    }
  }, 600_000);
});
