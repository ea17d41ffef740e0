import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Database } from '@propdesk/server-kit';
import { inject } from 'vitest';

/**
 * The seeded PGlite data folder every test file opens, made lean once by the global setup:
 * checkpointed (opening it replays no WAL), stored as a plain tar (no gunzip per open) and
 * without the WAL segments a checkpointed start never reads (before the checkpoint's redo
 * segment, or recycled ones after the current one). Opening the dump as PGlite writes it
 * (gzip, about 140 MB unpacked of which 64 MB WAL, replayed from the last checkpoint before
 * seeding ended) was the largest fixed cost of a test file on PGlite.
 */
export async function leanSnapshot(db: Database): Promise<Buffer> {
  await db.exec('checkpoint');
  const redo = (await db.query<{ file: string }>('select redo_wal_file as file from pg_control_checkpoint()')).rows[0]!.file;
  const current = (await db.query<{ file: string }>('select pg_walfile_name(pg_current_wal_lsn()) as file')).rows[0]!.file;
  const tar = gunzipSync(Buffer.from(await (await db.dump!()).arrayBuffer()));
  return withoutEntries(tar, (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < redo || segment > current);
  });
}

const BLOCK = 512;

/** A ustar archive without the regular files `drop` names (directories, headers and the end blocks kept as they are). */
function withoutEntries(tar: Buffer, drop: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
    const prefix = field(257, 6).startsWith('ustar') ? field(345, 155) : '';
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!((type === '0' || type === '') && drop(name))) kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  if (offset + BLOCK > tar.length) throw new Error('The PGlite dump ended inside an entry');
  kept.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(kept);
}

/**
 * The snapshot as PGlite reads it (`loadDataDir` only asks for `arrayBuffer()` and `type`):
 * the file's bytes handed over as they are. Node 20's own Blob reads a 90 MB blob back in
 * small chunks, which cost more CPU than loading the files it holds.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.buffer.slice(this.#bytes.byteOffset, this.#bytes.byteOffset + this.#bytes.byteLength) as ArrayBuffer);
  }
}

/** The run's seeded PGlite snapshot (made by the global setup), for `openDatabase({ snapshot })`. */
export function seededSnapshot(): Blob {
  return new BytesBlob(readFileSync(inject('pgliteSnapshot')));
}
