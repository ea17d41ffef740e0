import { formatMoney } from '@propdesk/records/model';
import { createRecord, effectOf, updateMany, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { reservationPayments } from './definition.js';
import { receipts } from '../receipts/definition.js';
import { LIVE_CONTRACT_STATES } from '../contracts/definition.js';
import { CONTRACT_FACTS } from '../contracts/facts.server.js';
import { RESERVATION_FACTS } from '../reservations/facts.server.js';

type Carried = {
  id: string;
  number: string;
  kind: string;
  amount: string;
  paid_on: string;
  reference: string | null;
  cheque_number: string | null;
  carried_from: string | null;
  method_kind: string | null;
  reservation: string;
  contract_id: string;
  contract: string;
  customer_id: string;
};

/**
 * The receipt method a reservation payment's money is carried as. Approved by finance, it is money
 * in: a cheque's is its cleared money in the bank (a transfer, the cheque named in the reference), so
 * it counts as paid at once and never waits in the cheque register as a cheque does.
 */
function receiptMethod(payment: Carried): 'cash' | 'bank_transfer' | 'card' {
  if (payment.method_kind === 'cash') return 'cash';
  if (payment.method_kind === 'card' || payment.method_kind === 'pos') return 'card';
  if (payment.method_kind === null && !payment.reference) return 'cash';
  return 'bank_transfer';
}

const WORDS: Record<string, string> = { fee: 'Reservation fee', down_payment: 'Down payment' };

/**
 * A reservation's approved payments (its fee, a down payment taken with it, and the EOI payments
 * carried over to it as approved fee payments) carried over to the contract made from it: each
 * becomes an issued receipt of the contract's customer, dated when it was paid, allocated oldest
 * first to the contract's installments like any receipt (the down payment first), so the contract's
 * paid, its ledger and the customer's statement count it once. Each payment names its receipt
 * (`receipt`), so none is carried twice (its row is locked, and one already carried is left alone).
 * `paymentId` carries only that one (a payment approved after the contract was made). Answers how
 * many were carried.
 */
export async function carryReservationPayments(engine: EngineContext, tx: Queryable, caller: Caller, reservationId: string, paymentId: string | null = null): Promise<number> {
  const rows = await tx.query<Carried>(
    `select p.id::text as id, p.number, p.kind, p.amount::text as amount, to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, p.reference, p.cheque_number, p.carried_from,
            m.kind as method_kind, r.number as reservation, k.id::text as contract_id, k.number as contract, k.customer_id::text as customer_id
       from reservation_payments p
       join ${RESERVATION_FACTS} r on r.id = p.reservation_id
       join ${CONTRACT_FACTS} k on k.reservation_id = r.id and k.status = any($3::text[])
       left join payment_methods m on m.id = p.method_id
      where p.reservation_id = $1 and p.status = 'approved' and p.receipt_id is null and ($2::uuid is null or p.id = $2::uuid)
      order by p.paid_on, p.number
      for update of p`,
    [reservationId, paymentId, [...LIVE_CONTRACT_STATES]],
  );
  const carried: { id: string; values: { receipt: string } }[] = [];
  for (const payment of rows.rows) {
    const what = WORDS[payment.kind] ?? 'Payment';
    const reference = [payment.cheque_number ? `Cheque ${payment.cheque_number}` : null, payment.reference, payment.number].filter(Boolean).join(' · ').slice(0, 80);
    const origin = payment.carried_from ? `, carried over from the EOI payment ${payment.carried_from}` : '';
    const receipt = await createRecord(
      engine,
      tx,
      receipts,
      effectOf(caller),
      {
        customer: payment.customer_id,
        contract: payment.contract_id,
        title: `${what} ${payment.number} (${payment.reservation}) · ${formatMoney(payment.amount)}`.slice(0, 160),
        receiptDate: payment.paid_on,
        method: receiptMethod(payment),
        reference,
        amount: payment.amount,
        notes: `${what} paid on the reservation ${payment.reservation} (${payment.number}${origin}), approved by finance; it counts towards the price of ${payment.contract}.`,
      },
      {},
      { workflow: true },
    );
    carried.push({ id: payment.id, values: { receipt: receipt.id } });
  }
  await updateMany(engine, tx, reservationPayments, effectOf(caller), carried, { allowReadOnly: true, action: 'carryOver', reason: `Paid towards ${rows.rows[0]?.contract ?? 'the contract'}` });
  return carried.length;
}
