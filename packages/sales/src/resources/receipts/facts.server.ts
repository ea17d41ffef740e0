import type { Queryable } from '@propdesk/server-kit';
import type { ReceiptState } from './definition.js';

/**
 * A receipt's state, locked for update (one statement), or undefined when there is none: what a
 * cheque's bounce reads of the receipt it takes back before voiding it.
 */
export async function lockedReceiptState(tx: Queryable, receiptId: string): Promise<ReceiptState | undefined> {
  const rows = await tx.query<{ status: ReceiptState }>('select status from receipts where id = $1 for update', [receiptId]);
  return rows.rows[0]?.status;
}

/** The installments a receipt's counting items are allocated to (one statement, each once, any order). */
export async function receiptInstallments(tx: Queryable, receiptId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('select distinct installment_id::text as id from receipt_items where receipt_id = $1 and counts and installment_id is not null', [receiptId]);
  return rows.rows.map((row) => row.id);
}

/**
 * Receipts and their items as relations, for a statement that joins or sums them (one statement): a
 * commission's trigger counts cleared money allocated to a contract's schedule; the ledger sums what
 * is allocated to each installment and carries items to a new schedule; a statement of account lists
 * a customer's receipts; messages name a receipt's customer and contract. Columns keep their types.
 */
export const RECEIPT_FACTS = '(select id, number, status, method, customer_id, contract_id, receipt_date, amount, created_on from receipts)';
export const RECEIPT_ITEM_FACTS = '(select id, receipt_id, installment_id, kind, label, amount, counts, cleared, created_on from receipt_items)';
