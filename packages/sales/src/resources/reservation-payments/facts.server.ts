import type { Queryable } from '@propdesk/server-kit';

/** The ids of the payments of the reservations named (a customer's portfolio). */
export async function reservationPaymentIdsOf(tx: Queryable, reservationIds: readonly string[]): Promise<string[]> {
  if (reservationIds.length === 0) return [];
  const rows = await tx.query<{ id: string }>('select id::text as id from reservation_payments where reservation_id = any($1::uuid[])', [[...new Set(reservationIds)]]);
  return rows.rows.map((row) => row.id);
}
