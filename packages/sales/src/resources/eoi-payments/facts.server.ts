import type { Queryable } from '@propdesk/server-kit';
import { CARRIED_EOI_PAYMENT_STATES, EOI_PAYMENT_KIND } from './definition.js';

/**
 * What other documents may read of EOI payments, as a relation to join (one statement): an EOI sums
 * its payments in and refunds out (`kind`, `status`, `amount`) to settle its money and token. Columns
 * keep their types.
 */
export const EOI_PAYMENT_FACTS = '(select id, eoi_id, number, kind, status, amount from eoi_payments)';

/** An EOI's payment in, as a reservation made from the EOI carries it over (ids as text, money as text, dates as YYYY-MM-DD). */
export type CarriedEoiPayment = {
  eoi_id: string;
  number: string;
  amount: string;
  method: string | null;
  bank: string | null;
  reference: string | null;
  cheque_number: string | null;
  cheque_date: string | null;
  paid_on: string;
};

/** The payments in of the EOIs named that a reservation carries over (`CARRIED_EOI_PAYMENT_STATES`), by EOI and number (one statement). */
export async function carriedEoiPayments(tx: Queryable, eoiIds: readonly string[]): Promise<CarriedEoiPayment[]> {
  if (eoiIds.length === 0) return [];
  const rows = await tx.query<CarriedEoiPayment>(
    `select eoi_id::text as eoi_id, number, amount::text as amount, method_id::text as method, bank_id::text as bank, reference, cheque_number, cheque_date::text as cheque_date, paid_on::text as paid_on
       from eoi_payments where eoi_id = any($1::uuid[]) and kind = $2 and status = any($3::text[]) order by eoi_id, number`,
    [[...new Set(eoiIds)], EOI_PAYMENT_KIND.payment, [...CARRIED_EOI_PAYMENT_STATES]],
  );
  return rows.rows;
}

/** The ids of the payments and refunds of the EOIs named (a customer's portfolio). */
export async function eoiPaymentIdsOf(tx: Queryable, eoiIds: readonly string[]): Promise<string[]> {
  if (eoiIds.length === 0) return [];
  const rows = await tx.query<{ id: string }>('select id::text as id from eoi_payments where eoi_id = any($1::uuid[])', [[...new Set(eoiIds)]]);
  return rows.rows.map((row) => row.id);
}
