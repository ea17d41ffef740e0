import { allocateOldestFirst, compareMoney, formatMoney, subtractMoney, sumMoney } from '@propdesk/finance';
import { createRecord, effectOf, fieldWord, updateMany, updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { HttpError, badRequest, conflict, dataWord, fieldError, unprocessable, type Queryable } from '@propdesk/server-kit';
import { salesText, stateWord } from '../../server/i18n/catalog.js';
import { z } from 'zod';
import { receipts } from './definition.js';
import { receiptItems } from '../receipt-items/definition.js';
import { lockInstallments, settleInstallments } from '../installments/index.server.js';
import { liveChequesOfReceipt } from '../cheques/facts.server.js';
import { contractFact } from '../contracts/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { openInstallmentIds } from '../installments/facts.server.js';

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

/** The body's chosen allocations (else the contract's open installments, oldest due first). */
export const receiptExtra = {
  allocations: z
    .array(z.strictObject({ installment: z.uuid({ error: 'Must be an installment id' }), amount: z.string().regex(MONEY, 'An amount like 1250.50') }))
    .max(200)
    .optional(),
};

/**
 * Whether a receipt's money is paid (cleared) when it is issued: every method but cheque. A cheque's
 * receipt allocates when the cheque is received (so nobody allocates the same installment twice while
 * it waits), but its items only cover the installments until the cheque clears (`clearAllocations`);
 * a bounce takes them back in its transaction (`reverseAllocations`).
 */
export const clearedOnIssue = (method: string) => method !== 'cheque';

type ReceiptFacts = { number: string; customer_id: string; contract_id: string | null; amount: string; method: string };

/**
 * Allocates a new receipt: the chosen installments (each within what is open on it, all of the
 * receipt's contract), or the contract's open installments oldest due first. The rows are locked in
 * one fixed order before their open amounts are read, so two receipts at once never over-pay an
 * installment: the second waits and sees what the first paid. What is not allocated stays on the
 * receipt as an `unallocated` item.
 */
async function allocate(engine: EngineContext, tx: Queryable, caller: Caller, id: string, chosen: { installment: string; amount: string }[] | undefined) {
  const rows = await tx.query<ReceiptFacts>(
    'select number, customer_id::text as customer_id, contract_id::text as contract_id, amount::text as amount, method from receipts where id = $1',
    [id],
  );
  const receipt = rows.rows[0]!;
  const cleared = clearedOnIssue(receipt.method);
  const plan: { installment: string; amount: string; label: string }[] = [];
  if (chosen && chosen.length > 0) {
    const locked = new Map((await lockInstallments(tx, chosen.map((item) => item.installment))).map((row) => [row.id, row]));
    for (const [index, item] of chosen.entries()) {
      const row = locked.get(item.installment);
      if (!row || (receipt.contract_id && row.contract_id !== receipt.contract_id)) {
        throw badRequest('Validation failed', [fieldError(`allocations.${index}.installment`, salesText('receiptNotThisContract'))]);
      }
      if (row.status === 'superseded' || row.status === 'cancelled') throw unprocessable(salesText('installmentTakesNoPayments', { seq: String(row.seq), version: String(row.schedule_version), status: stateWord('installments', row.status) }));
      if (compareMoney(item.amount, row.open) > 0) throw new HttpError(409, salesText('installmentOpenOnly', { seq: String(row.seq), due: dataWord(row.due_date), open: dataWord(row.open), amount: dataWord(item.amount) }));
      row.open = subtractMoney(row.open, item.amount);
      plan.push({ installment: row.id, amount: item.amount, label: `#${row.seq} due ${row.due_date}` });
    }
    if (compareMoney(sumMoney(chosen.map((item) => item.amount)), receipt.amount) > 0) {
      throw badRequest('Validation failed', [fieldError('allocations', salesText('allocationsOverAmount', { amount: dataWord(receipt.amount) }))]);
    }
  } else if (receipt.contract_id) {
    const locked = await lockInstallments(tx, await openInstallmentIds(tx, receipt.contract_id));
    locked.sort((a, b) => (a.due_date === b.due_date ? a.seq - b.seq : a.due_date < b.due_date ? -1 : 1));
    const { allocations } = allocateOldestFirst(receipt.amount, locked.map((row) => row.open));
    allocations.forEach((amount, index) => {
      const row = locked[index]!;
      if (compareMoney(amount, 0) > 0) plan.push({ installment: row.id, amount, label: `#${row.seq} due ${row.due_date}` });
    });
  }
  for (const item of plan) {
    await createRecord(engine, tx, receiptItems, effectOf(caller), { label: `${receipt.number} ${item.label}`.slice(0, 80), receipt: id, kind: 'installment', installment: item.installment, amount: item.amount, counts: true, cleared }, {}, { workflow: true });
  }
  const allocated = plan.length > 0 ? sumMoney(plan.map((item) => item.amount)) : '0.00';
  const rest = subtractMoney(receipt.amount, allocated);
  if (compareMoney(rest, 0) > 0) {
    await createRecord(engine, tx, receiptItems, effectOf(caller), { label: `${receipt.number} unallocated`, receipt: id, kind: 'unallocated', amount: rest, counts: true, cleared }, {}, { workflow: true });
  }
  await updateRecord(engine, tx, receipts, effectOf(caller), id, { allocated }, { ignoreVersion: true, allowReadOnly: true, foldIntoCreate: true });
  await settleInstallments(engine, tx, caller, plan.map((item) => item.installment));
}

/**
 * Takes a receipt's counting items out of the count and reopens exactly what they paid (a void, a
 * bounced cheque): the installments are locked in their fixed order first, so a receipt paying the
 * same rows at once waits and then sees them open. Answers the installments reopened.
 */
export async function reverseAllocations(engine: EngineContext, tx: Queryable, caller: Caller, receiptId: string, action: string, reason: string | null): Promise<string[]> {
  const items = await tx.query<{ id: string; installment_id: string | null }>('select id::text as id, installment_id::text as installment_id from receipt_items where receipt_id = $1 and counts order by id', [receiptId]);
  const touched = items.rows.map((row) => row.installment_id).filter((value): value is string => value !== null);
  await lockInstallments(tx, touched);
  for (const item of items.rows) {
    await updateRecord(engine, tx, receiptItems, effectOf(caller), item.id, { counts: false }, { ignoreVersion: true, allowReadOnly: true, action, reason });
  }
  await settleInstallments(engine, tx, caller, touched);
  return [...new Set(touched)];
}

/**
 * A cheque cleared: its receipt's counting items turn `cleared` (one set-based write), so what they
 * covered is paid now. Answers the installments paid.
 */
export async function clearAllocations(engine: EngineContext, tx: Queryable, caller: Caller, receiptId: string, reason: string | null): Promise<string[]> {
  const items = await tx.query<{ id: string; installment_id: string | null }>(
    'select id::text as id, installment_id::text as installment_id from receipt_items where receipt_id = $1 and counts and cleared is not true order by id',
    [receiptId],
  );
  const touched = items.rows.map((row) => row.installment_id).filter((value): value is string => value !== null);
  await lockInstallments(tx, touched);
  await updateMany(engine, tx, receiptItems, effectOf(caller), items.rows.map((item) => ({ id: item.id, values: { cleared: true } })), { allowReadOnly: true, action: 'clear', reason });
  await settleInstallments(engine, tx, caller, touched);
  return [...new Set(touched)];
}

/**
 * A receipt a live cheque paid is not voided by hand (the cheque would still show received,
 * deposited or cleared while its money no longer counted): 409 naming the cheque and its state.
 * (A bounce voids the receipt under its own locks, so the two never both take the money back.)
 */
async function assertNoLiveCheque(tx: Queryable, receiptId: string) {
  const cheque = (await liveChequesOfReceipt(tx, receiptId))[0];
  if (cheque) throw conflict(salesText('receiptPaidByCheque', { number: dataWord(cheque.number), status: stateWord('cheques', cheque.status) }));
}

/**
 * Receipts on the engine: allocated when written; once issued only their notes and reference may
 * change (the money is void-and-reissue); `void` takes its items out of the count and reopens
 * exactly what they paid.
 */
export function receiptHooks(engine: EngineContext): ResourceHooks {
  return {
    onImport: true,
    extraCreate: receiptExtra,
    beforeCreate: async (tx, _extra, caller, values) => {
      // A cheque's money is paid when it clears: it comes in through the cheque register, which issues its receipt.
      if (values.method === 'cheque' && caller.source !== 'action' && caller.source !== 'system' && caller.source !== 'job') {
        throw badRequest('Validation failed', [fieldError('method', salesText('receiptChequeInRegister'))]);
      }
      const customer = await tx.query<{ full_name: string }>(`select c.full_name from ${CUSTOMER_FACTS} c where c.id = $1`, [String(values.customer)]);
      const title = values.title ? {} : { title: `${customer.rows[0]?.full_name ?? 'Receipt'} · ${formatMoney(String(values.amount))}`.slice(0, 160) };
      if (!values.contract) return title;
      const contract = await contractFact(tx, String(values.contract));
      if (!contract) return title;
      if (contract.status === 'cancelled') throw unprocessable(salesText('contractCancelledNoPayments', { number: dataWord(contract.number) }));
      if (contract.customer_id !== values.customer) throw badRequest('Validation failed', [fieldError('contract', salesText('contractOtherCustomer', { number: dataWord(contract.number) }))]);
      return title;
    },
    afterCreate: (tx, id, extra, caller) => allocate(engine, tx, caller, id, extra.allocations as { installment: string; amount: string }[] | undefined),
    beforeUpdate: async (_tx, _id, values, before) => {
      for (const name of ['customer', 'contract', 'amount', 'method', 'receiptDate'] as const) {
        if (values[name] !== undefined && String(values[name] ?? '') !== String(before[name] ?? '') && !(name === 'amount' && compareMoney(String(values[name]), String(before[name])) === 0)) {
          throw unprocessable(salesText('receiptFieldFixed', { field: fieldWord(receipts, name, true) }));
        }
      }
    },
    actions: {
      void: {
        before: async (tx, id, _current, _caller, reason) => {
          await assertNoLiveCheque(tx, id);
          return { values: { voidReason: reason } };
        },
        after: async (tx, id, _record, caller, reason) => {
          await reverseAllocations(engine, tx, caller, id, 'void', reason);
        },
      },
    },
  };
}
