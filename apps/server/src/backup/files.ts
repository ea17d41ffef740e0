import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { BackupError } from './format.js';

/** Files being written right now (`name.partial-<random>`): the CLI removes them if it is interrupted (SIGINT, SIGTERM). */
export const partialFiles = new Set<string>();

/** Removes the partial files of this process (synchronously: called on the way out). */
export function removePartialFiles(): void {
  for (const path of partialFiles) rmSync(path, { force: true });
  partialFiles.clear();
}

/**
 * Writes `target` so that it either does not exist or is whole: the bytes go to `target.partial-<random>`
 * in the same folder (mode 0600: a backup holds password hashes), which is synced, checked by `check`
 * and only then renamed to `target` (and the folder synced). A failure or a crash leaves nothing under
 * `target` (kill -9 can leave the `.partial-` file; the nightly job removes those older than a day).
 */
export async function writeAtomically<T>(target: string, produce: (out: Writable) => Promise<unknown>, check: (written: string) => Promise<T>): Promise<T> {
  const temp = `${target}.partial-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'wx', 0o600);
  partialFiles.add(temp);
  try {
    // `flush`: the stream syncs the file before it closes it, and `produce` resolves only after that.
    const stream = handle.createWriteStream({ flush: true });
    await produce(stream);
    if (!stream.closed) await once(stream, 'close');
    const result = await check(temp);
    await rename(temp, target);
    partialFiles.delete(temp);
    await syncFolder(dirname(target));
    return result;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    partialFiles.delete(temp);
    throw error;
  }
}

async function syncFolder(folder: string): Promise<void> {
  // Makes the rename itself durable; some file systems (and Windows) cannot open a folder for it.
  const handle = await open(folder, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/** What a data directory holds: nothing yet, an embedded database, or something else. */
export function inspectDataDir(dir: string): 'missing' | 'empty' | 'database' | 'other' {
  if (!existsSync(dir)) return 'missing';
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    throw new BackupError(`${dir} is not a folder that can be read.`);
  }
  if (entries.length === 0) return 'empty';
  return entries.includes('PG_VERSION') ? 'database' : 'other';
}

const NIGHTLY = /^propdesk-(\d{4}-\d{2}-\d{2})\.pdbak$/;

/** The nightly backup's name for a day (local date of the server). */
export function nightlyName(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `propdesk-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.pdbak`;
}

/**
 * Keeps the `keep` newest nightly backups in `dir` and removes the older ones, and `.partial-` files
 * (an interrupted backup's) older than a day. Other files are never touched. Returns the names removed.
 */
export async function rotateBackups(dir: string, keep: number, now = Date.now()): Promise<string[]> {
  const names = await readdir(dir);
  const nightly = names.filter((name) => NIGHTLY.test(name)).sort().reverse();
  const removed: string[] = [];
  for (const name of nightly.slice(keep)) {
    await rm(join(dir, name), { force: true });
    removed.push(name);
  }
  for (const name of names.filter((entry) => /^propdesk-\d{4}-\d{2}-\d{2}\.pdbak\.partial-[0-9a-f]+$/.test(entry))) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > 86_400_000) {
      await rm(join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** Where a data directory is built before it takes the target's place (same parent: a rename moves it). */
export const stagingDir = (target: string) => join(dirname(target), `.${basename(target)}.restoring-${randomBytes(4).toString('hex')}`);
