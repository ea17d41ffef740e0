import type { Queryable } from '@propdesk/server-kit';
import type { HoldState } from './definition.js';

/**
 * What other documents may read of hold requests, as a relation to join (one statement): the sales
 * dashboard counts holds by state, project and expiry. Columns keep their types.
 */
export const HOLD_FACTS = '(select id, status, project_id, expires_at from hold_requests)';

/** A hold's facts, as a reservation made from it checks them (ids as text). */
export type HoldFacts = { id: string; number: string; status: HoldState; unit_id: string; customer_id: string | null };

/**
 * The facts of one hold request, its row locked (a reservation made from the hold takes it, so two
 * reservations cannot take one hold), or undefined when there is none.
 */
export async function lockedHold(tx: Queryable, id: string): Promise<HoldFacts | undefined> {
  const rows = await tx.query<HoldFacts>('select id::text as id, number, status, unit_id::text as unit_id, customer_id::text as customer_id from hold_requests where id = $1 for update', [id]);
  return rows.rows[0];
}

/** The ids of a customer's hold requests (a customer's portfolio). */
export async function customerHoldIds(tx: Queryable, customerId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select id::text as id from hold_requests where customer_id = $1', [customerId]);
  return rows.rows.map((row) => row.id);
}
