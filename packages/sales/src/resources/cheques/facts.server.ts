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
 * counts a cheque's money once it cleared; the ledger dates an installment's cover by its cheque.
 */
export const CHEQUE_FACTS = '(select id, receipt_id, status, due_date from cheques)';
