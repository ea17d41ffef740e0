import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import {
  BACKUP_FORMAT,
  BACKUP_MAGIC,
  BackupError,
  MARKER,
  headerSchema,
  tableEndSchema,
  tableStartSchema,
  trailerSchema,
  type BackupHeader,
} from './format.js';

export type VerifiedBackup = { header: BackupHeader; rows: Map<string, number>; totalRows: number };

/** A batch of rows handed over at most this many characters (a few rows of printed documents can be large). */
const BATCH_CHARS = 8 * 1024 * 1024;
/** Lines longer than this are not a backup's (the demo's longest row is a few KiB). */
const MAX_LINE = 64 * 1024 * 1024;
const NOT_A_BACKUP = 'is not a Propdesk backup';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Reads the file's uncompressed lines in order; a gzip error becomes a BackupError saying what it means. */
async function* lines(path: string): AsyncGenerator<string> {
  const first = await open(path, 'r').then(async (handle) => {
    try {
      const buffer = Buffer.alloc(2);
      const { bytesRead } = await handle.read(buffer, 0, 2, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }, (error: NodeJS.ErrnoException) => {
    throw new BackupError(error.code === 'ENOENT' ? `${path} does not exist.` : `${path} cannot be read: ${error.message}`);
  });
  if (first.length < 2 || first[0] !== 0x1f || first[1] !== 0x8b) throw new BackupError(`${path} ${NOT_A_BACKUP} (it is not gzip'd).`);
  const input = createReadStream(path);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
        yield rest.slice(start, end);
        start = end + 1;
      }
      rest = rest.slice(start);
      if (rest.length > MAX_LINE) throw new BackupError(`${path} ${NOT_A_BACKUP} (a line longer than ${MAX_LINE} characters).`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new BackupError(`${path} is incomplete: the file ends before the backup does (truncated, or still being written).`);
    if (code === 'Z_DATA_ERROR') throw new BackupError(`${path} is damaged: its compressed data is corrupt (${(error as Error).message}).`);
    throw new BackupError(`${path} cannot be read: ${(error as Error).message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** The header, or why the first line is not one this build can read. */
function readHeader(path: string, line: string | undefined): BackupHeader {
  const value = line === undefined ? undefined : parseJson(line);
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  if (!object || object['magic'] !== BACKUP_MAGIC) throw new BackupError(`${path} ${NOT_A_BACKUP}.`);
  const format = object['format'];
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new BackupError(
      `${path} was written by a newer version of Propdesk (backup format ${format}, app ${String(object['app'])}); this build reads format ${BACKUP_FORMAT} at most. Restore it with that version or a newer one.`,
    );
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`${path} has a damaged header (${parsed.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', ')}).`);
  return parsed.data;
}

function marker<T>(path: string, line: string, schema: z.ZodType<T>, what: string): T {
  const parsed = line.startsWith(MARKER) ? schema.safeParse(parseJson(line.slice(MARKER.length))) : undefined;
  if (!parsed?.success) throw new BackupError(`${path} is damaged: expected ${what}, found ${JSON.stringify(line.slice(0, 60))}.`);
  return parsed.data;
}

/**
 * Handles every row line, table by table, and checks the file whole: the header, each table's start, rows
 * and count, the trailer's totals and SHA-256 over everything before it, and nothing after it.
 */
export async function readBackup(
  path: string,
  onRows?: (table: string, rows: string[], done: boolean) => Promise<void>,
  batchRows = 1000,
): Promise<VerifiedBackup> {
  const iterator = lines(path);
  try {
    return await check(path, iterator, onRows, batchRows);
  } finally {
    await iterator.return(undefined);
  }
}

async function check(
  path: string,
  iterator: AsyncGenerator<string>,
  onRows: ((table: string, rows: string[], done: boolean) => Promise<void>) | undefined,
  batchRows: number,
): Promise<VerifiedBackup> {
  const hash = createHash('sha256');
  const next = async () => {
    const step = await iterator.next();
    return step.done ? undefined : step.value;
  };
  const firstLine = await next();
  const header = readHeader(path, firstLine);
  hash.update(`${firstLine}\n`);
  const counts = new Map<string, number>();
  let total = 0;
  for (const table of header.tables) {
    const start = await next();
    if (start === undefined) throw new BackupError(`${path} is incomplete: it ends before table ${table.name}.`);
    if (marker(path, start, tableStartSchema, `the start of table ${table.name}`).table !== table.name) throw new BackupError(`${path} is damaged: tables out of order at ${table.name}.`);
    hash.update(`${start}\n`);
    let batch: string[] = [];
    let batchChars = 0;
    let count = 0;
    for (let line = await next(); ; line = await next()) {
      if (line === undefined) throw new BackupError(`${path} is incomplete: it ends inside table ${table.name}.`);
      hash.update(`${line}\n`);
      if (line.startsWith(MARKER)) {
        const end = marker(path, line, tableEndSchema, `the end of table ${table.name}`);
        if (end.end !== table.name || end.rows !== count) throw new BackupError(`${path} is damaged: table ${table.name} should hold ${end.rows} rows, it holds ${count}.`);
        break;
      }
      if (!line.startsWith('{') || table.excluded) throw new BackupError(`${path} is damaged: an unexpected line in table ${table.name}.`);
      count++;
      if (!onRows) continue;
      batch.push(line);
      batchChars += line.length;
      if (batch.length >= batchRows || batchChars >= BATCH_CHARS) {
        await onRows(table.name, batch, false);
        batch = [];
        batchChars = 0;
      }
    }
    if (onRows) await onRows(table.name, batch, true);
    counts.set(table.name, count);
    total += count;
  }
  const last = await next();
  if (last === undefined) throw new BackupError(`${path} is incomplete: its last line (the checksum) is missing.`);
  const trailer = marker(path, last, trailerSchema, 'the end of the backup');
  if (trailer.sha256 !== hash.digest('hex')) throw new BackupError(`${path} is damaged: its checksum does not match its content.`);
  if (trailer.rows !== total || trailer.tables !== header.tables.length) throw new BackupError(`${path} is damaged: its totals do not match its tables.`);
  if ((await next()) !== undefined) throw new BackupError(`${path} is damaged: something follows the end of the backup.`);
  return { header, rows: counts, totalRows: total };
}

/** Reads the whole file once and checks it (`readBackup` without rows): what the CLI does before it touches a target. */
export function verifyBackup(path: string): Promise<VerifiedBackup> {
  return readBackup(path);
}
