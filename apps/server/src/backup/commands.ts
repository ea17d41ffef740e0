import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { formatDateTime, formatQuantity } from '@propdesk/records/model';
import { openDatabase, type Database } from '@propdesk/server-kit';
import { parseArgs } from '../args.js';
import { loadConfig, type AppConfig } from '../config.js';
import { allMigrations } from '../database.js';
import { backupFromServer, claimDataDir, dataDirHolder, describeHolder } from './channel.js';
import { inspectDataDir, stagingDir, writeAtomically } from './files.js';
import { BackupError } from './format.js';
import { verifyBackup, type VerifiedBackup } from './read.js';
import { checkMigrationLevel, restoreBackup, type RestoreSummary } from './restore.js';
import { writeBackup } from './write.js';

export const BACKUP_USAGE = `Usage: node apps/server/dist/cli.js backup --out FILE [--force]
Writes a consistent backup of the database (DATABASE_URL, else the embedded one in PROPDESK_DATA_DIR) while the
server keeps running: through the running server's admin socket, or by opening the data directory when no
server runs. FILE appears only once complete and checked; --force replaces an existing FILE.`;

export const RESTORE_USAGE = `Usage: node apps/server/dist/cli.js restore --from FILE [--force]
Restores a backup into an empty database (DATABASE_URL) or an empty or new data directory (PROPDESK_DATA_DIR),
in one transaction. A target that is not empty is refused unless --force: then the database's schema is
emptied first (in the same transaction), or the data directory is moved aside to <dir>.replaced-<time>.
Stop the server first.`;

const megabytes = (bytes: number) => `${formatQuantity(Math.round(bytes / 10_000) / 100)} MB`;
const seconds = (since: number) => `${formatQuantity(Math.round((performance.now() - since) / 100) / 10)} s`;

/** Opens a database to read it (no migrations: a backup takes it as it is). */
async function withDatabase<T>(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `backup --out FILE`: see BACKUP_USAGE and docs/operations.md. */
export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, flags } = parseArgs(argv, ['force']);
  if (command !== 'backup') throw new Error(BACKUP_USAGE);
  const given = flags.get('out')?.trim();
  if (!given) throw new Error(`--out is required\n${BACKUP_USAGE}`);
  const out = resolve(given);
  if (existsSync(out) && !flags.has('force')) throw new BackupError(`${out} exists. Choose another name, or add --force to replace it (once the new backup is complete).`);
  if (!existsSync(dirname(out))) throw new BackupError(`The folder ${dirname(out)} does not exist.`);
  const config = loadConfig(env);
  const started = performance.now();
  let source = 'PostgreSQL';
  const verified = await writeAtomically(
    out,
    async (stream) => {
      if (config.databaseUrl) {
        await withDatabase(config, (db) => writeBackup(db, stream));
        return;
      }
      source = 'the running server';
      if (await backupFromServer(config.dataDir, stream)) return;
      if (inspectDataDir(config.dataDir) !== 'database') throw new BackupError(`There is no database in ${config.dataDir} (PROPDESK_DATA_DIR) to back up.`);
      source = `the data directory ${config.dataDir} (no server was running)`;
      const channel = await claimDataDir(config.dataDir, 'backup');
      try {
        await withDatabase(config, (db) => writeBackup(db, stream));
      } finally {
        await channel.close();
      }
    },
    verifyBackup,
  );
  const size = (await stat(out)).size;
  return `Backed up ${formatQuantity(verified.header.tables.length)} tables, ${formatQuantity(verified.totalRows)} rows from ${source} to ${out} (${megabytes(size)}) in ${seconds(started)}.`;
}

/** Restores into the embedded database of `dir`: built beside it, then put in its place (see RESTORE_USAGE). */
async function restoreIntoDataDir(dir: string, from: string, verified: VerifiedBackup, force: boolean): Promise<RestoreSummary & { aside?: string }> {
  const state = inspectDataDir(dir);
  if (state === 'other') throw new BackupError(`${dir} is not empty and holds no Propdesk database. Restore into an empty or new folder.`);
  if (state === 'database' && !force) {
    throw new BackupError(`${dir} already holds a database. Restore into an empty or new folder, or add --force to replace it (the current one is moved aside to ${dir}.replaced-<time>, not deleted).`);
  }
  const refuseHeld = async () => {
    const holder = state === 'missing' ? null : await dataDirHolder(dir);
    if (holder) throw new BackupError(`Cannot restore into ${dir}: ${describeHolder(holder)}. Stop it first.`);
  };
  await refuseHeld();
  const staging = stagingDir(dir);
  let summary: RestoreSummary;
  try {
    mkdirSync(staging, { mode: 0o700 });
    summary = await withDatabase({ databaseUrl: undefined, dataDir: staging }, (db) => restoreBackup(db, from, verified, { force: false, file: from }));
    await refuseHeld();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (state === 'missing') {
    await rename(staging, dir);
    return summary;
  }
  if (state === 'empty') {
    // Entry by entry: the folder itself may be a mount point, which cannot be replaced.
    for (const name of readdirSync(staging)) await rename(join(staging, name), join(dir, name));
    await rmdir(staging);
    return summary;
  }
  const aside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dir, aside);
  await rename(staging, dir);
  return { ...summary, aside };
}

/** `restore --from FILE`: see RESTORE_USAGE and docs/operations.md. */
export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, flags } = parseArgs(argv, ['force']);
  if (command !== 'restore') throw new Error(RESTORE_USAGE);
  const given = flags.get('from')?.trim();
  if (!given) throw new Error(`--from is required\n${RESTORE_USAGE}`);
  const from = resolve(given);
  const force = flags.has('force');
  const config = loadConfig(env);
  // The whole file is read and checked, and its level against this build's, before anything touches the target.
  const verified = await verifyBackup(from);
  checkMigrationLevel(from, verified.header, await allMigrations());
  const started = performance.now();
  const target = config.databaseUrl ? 'the database (DATABASE_URL)' : config.dataDir;
  let summary: RestoreSummary & { aside?: string };
  try {
    summary = config.databaseUrl
      ? await withDatabase(config, (db) => restoreBackup(db, from, verified, { force, file: from }))
      : await restoreIntoDataDir(config.dataDir, from, verified, force);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The restore failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { header } = verified;
  return [
    `Restored ${from} (taken ${formatDateTime(header.createdAt)} from ${header.source.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}): ${formatQuantity(summary.tables)} tables, ${formatQuantity(summary.rows)} rows into ${target} in ${seconds(started)}.`,
    summary.replaced > 0 ? `It replaced the ${formatQuantity(summary.replaced)} tables the database held.` : '',
    summary.aside ? `The previous data directory was moved to ${summary.aside}; delete it once you are satisfied.` : '',
    summary.upgraded.length > 0 ? `This build's ${formatQuantity(summary.upgraded.length)} newer migrations ran after the rows were in.` : '',
    'Sessions are not in a backup: everyone signs in again.',
  ]
    .filter(Boolean)
    .join('\n');
}
