import type { Queryable } from '@propdesk/server-kit';
import { LIVE_CHEQUE_STATES, type ChequeState } from './definition.js';

/** What receipts may read of the cheques that paid them: each one's number and state. */
export type ReceiptChequeFacts = { number: string; status: ChequeState };

/**
 * The live cheques (`LIVE_CHEQUE_STATES`: money still expected) that paid a receipt, by id (one
 * statement): a receipt a live cheque paid is undone only through its cheque.
 */
export async function liveChequesOfReceipt(tx: Queryable, receiptId: string): Promise<ReceiptChequeFacts[]> {
  const rows = await tx.query<ReceiptChequeFacts>('select number, status from cheques where receipt_id = $1 and status = any($2::text[]) order by id', [receiptId, [...LIVE_CHEQUE_STATES]]);
  return rows.rows;
}

/**
 * Cheques as a relation to join (the receipt each paid, its state and date): a commission's trigger
 * counts a cheque's money once it cleared; the ledger dates an installment's cover by its cheque and
 * moves a bounce charge (`bounce_fee_id`) to a new schedule; a statement of account lists it with its
 * bank; messages name its customer, contract and bounce; the collections dashboard counts those to
 * deposit. Columns keep their types.
 */
export const CHEQUE_FACTS =
  '(select id, number, receipt_id, contract_id, customer_id, bank_id, amount, status, due_date, cleared_on, bounced_on, bounce_fee_id, active, created_on from cheques)';
