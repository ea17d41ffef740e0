import { isTransaction, type Queryable } from '@propdesk/server-kit';
import type { RecordRow, ResourceDef } from '../model/index.js';

type Read = { record: RecordRow; ctid: string };

/**
 * The engine's full reads of records inside a transaction (every field, labels), each with its row
 * version's address, kept until the transaction object is dropped: `currentRecords` reuses one
 * when the row is still that version. Outside a transaction nothing is kept (the row may change
 * before anyone asks).
 */
const reads = new WeakMap<Queryable, Map<string, Read>>();

export function rememberRead(db: Queryable, def: ResourceDef, record: RecordRow, ctid: string): void {
  if (!isTransaction(db)) return;
  let kept = reads.get(db);
  if (!kept) {
    kept = new Map();
    reads.set(db, kept);
  }
  kept.set(`${def.name}#${record.id}`, { record, ctid });
}

/** The kept reads of `ids` of `def` in `tx`, by id. */
export function readsIn(tx: Queryable, def: ResourceDef, ids: readonly string[]): Map<string, Read> {
  const kept = reads.get(tx);
  const found = new Map<string, Read>();
  if (!kept) return found;
  for (const id of ids) {
    const read = kept.get(`${def.name}#${id}`);
    if (read) found.set(id, read);
  }
  return found;
}

/**
 * A write of the engine's own that set `values` on a row it had read: when the row was still the
 * version read (`was`), the kept read becomes the new version (`now`) with those values.
 */
export function advanceRead(tx: Queryable, def: ResourceDef, id: string, was: string, now: string, values: Record<string, unknown>): void {
  const read = reads.get(tx)?.get(`${def.name}#${id}`);
  if (!read || read.ctid !== was) return;
  read.record = { ...read.record, ...values } as RecordRow;
  read.ctid = now;
}
