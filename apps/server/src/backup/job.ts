import { existsSync, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { defineJob, type Database, type JobDefinition } from '@propdesk/server-kit';
import { nightlyName, rotateBackups, writeAtomically } from './files.js';
import { verifyBackup } from './read.js';
import { writeBackup } from './write.js';

/** PROPDESK_BACKUP_DIR, PROPDESK_BACKUP_KEEP, PROPDESK_BACKUP_HOUR (config.ts). */
export type BackupSettings = { dir: string; keep: number; hour: number };

export const NIGHTLY_BACKUP_JOB = 'server.nightly-backup';
/** How often the job looks whether the day's backup is due: a day's backup is at most this late. */
const CHECK_EVERY_MS = 15 * 60_000;

/** Writes a backup of `db` to `path` the safe way (a partial file renamed once whole and read back). */
export async function writeBackupFile(db: Database, path: string): Promise<{ tables: number; rows: number; bytes: number }> {
  const verified = await writeAtomically(path, (out) => writeBackup(db, out), verifyBackup);
  return { tables: verified.header.tables.length, rows: verified.totalRows, bytes: (await stat(path)).size };
}

/**
 * The day's backup, when its hour has come (server's local time) and the file for the day is not there
 * yet; then the oldest beyond `keep` go. Run every 15 minutes by the job runner (once across processes),
 * so a day whose hour passed while the server was down gets its backup at the first check after start.
 */
export async function runNightlyBackup(db: Database, settings: BackupSettings, now = new Date()): Promise<Record<string, unknown>> {
  if (now.getHours() < settings.hour) return { due: false, at: `${settings.hour}:00` };
  const name = nightlyName(now);
  const path = join(settings.dir, name);
  if (existsSync(path)) return { due: false, done: name };
  mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
  const started = performance.now();
  const written = await writeBackupFile(db, path);
  const removed = await rotateBackups(settings.dir, settings.keep, now.getTime());
  return { file: name, ...written, ms: Math.round(performance.now() - started), removed };
}

/** The nightly backup job, when PROPDESK_BACKUP_DIR is set. */
export function nightlyBackupJobs(settings: BackupSettings | undefined): JobDefinition[] {
  if (!settings) return [];
  return [
    defineJob({
      name: NIGHTLY_BACKUP_JOB,
      everyMs: CHECK_EVERY_MS,
      firstRunAfterMs: 60_000,
      leaseMs: 2 * 60 * 60_000,
      run: ({ db }) => runNightlyBackup(db, settings),
    }),
  ];
}
