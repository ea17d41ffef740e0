import { lockedRecord, memoized, type EngineContext } from '@propdesk/records/server';
import type { RecordRow } from '@propdesk/records/model';
import type { Queryable } from '@propdesk/server-kit';
import type { HoldState } from './definition.js';

/**
 * What other documents may read of hold requests, as a relation to join (one statement): the sales
 * dashboard counts holds by state, project and expiry. Columns keep their types.
 */
export const HOLD_FACTS = '(select id, status, project_id, expires_at from hold_requests)';

/** A hold's facts, as a reservation made from it checks them (ids as text). */
export type HoldFacts = { id: string; number: string; status: HoldState; unit_id: string; customer_id: string | null };

const keptHoldKey = (id: string) => `hold-requests:locked:${id}`;

/**
 * The facts of one hold request, its row locked (a reservation made from the hold takes it, so two
 * reservations cannot take one hold), or undefined when there is none. With the engine (`engine`), the
 * lock is taken by the engine's own read of the hold (every field), kept for the hold's conversion in
 * this transaction (`keptHold`) until the engine next writes a hold: one statement of a reservation
 * made from its hold (issue 26).
 */
export async function lockedHold(tx: Queryable, id: string, engine?: EngineContext): Promise<HoldFacts | undefined> {
  if (engine) {
    const read = await lockedRecord(engine, tx, engine.registry.get('hold-requests'), id);
    if (!read) return undefined;
    const record = read.record;
    await memoized(tx, keptHoldKey(id), ['hold-requests'], () => Promise.resolve<RecordRow | null>(record));
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    return { id: record.id, number: record.number as string, status: record.status as HoldState, unit_id: String(record.unit), customer_id: text(record.customer) };
  }
  const rows = await tx.query<HoldFacts>('select id::text as id, number, status, unit_id::text as unit_id, customer_id::text as customer_id from hold_requests where id = $1 for update', [id]);
  return rows.rows[0];
}

/** The hold as `lockedHold` read it with the engine in this transaction, when no engine write of a hold came since. */
export function keptHold(tx: Queryable, id: string): Promise<RecordRow | null> {
  return memoized(tx, keptHoldKey(id), ['hold-requests'], () => Promise.resolve<RecordRow | null>(null));
}

/** The ids of a customer's hold requests (a customer's portfolio). */
export async function customerHoldIds(tx: Queryable, customerId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from hold_requests where customer_id = $1', [customerId]);
  return rows.rows.map((row) => row.id);
}
