import { createRecord, engineTransaction, runAction, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { commissions } from './definition.js';
import { recordRecovery } from './lifecycle.server.js';
import { cheques } from '../cheques/definition.js';
import { contracts } from '../contracts/definition.js';
import { flagOverdueDemo } from '../contracts/index.server.js';
import { receipts } from '../receipts/definition.js';
import { INSTALLMENT_FACTS } from '../installments/facts.server.js';
import { CUSTOMER_FACTS } from '../leads/facts.server.js';
import { createReservation } from '../reservations/index.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-commissions-seeded';

const idOf = async (tx: Queryable, sql: string, params: unknown[]) => (await tx.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;

/**
 * The commission demo, once across processes (after the contract and cheque demos): sales through
 * the demo brokers with active broker contracts — Capital Homes in Zayed Residences (fixed fee,
 * payable on signing) and Nile Realty in Palm Heights (2.5 %, payable once the down payment is
 * collected) — moved by the product's own actions so every state shows: accrued, payable, approved,
 * paid, reversed (the down payment's transfer was recalled before payment), clawed back (recalled
 * after payment; the broker has returned part of it) and recovered (clawed back, then all returned);
 * one waits on a down payment cheque that bounced (a cheque pays only once it clears, so the line
 * never became payable). The Capital Homes buyers and one Nile Realty buyer paid their down payments
 * by transfer; the others owe theirs. No contract is cancelled (the reservation demo's units follow
 * their reservations).
 * Answers the commission lines made.
 */
export async function seedCommissionDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const template = await idOf(tx, "select id::text as id from contract_templates where active order by name limit 1", []);
    const customers = (
      await tx.query<{ id: string }>(`select c.id::text as id from ${CUSTOMER_FACTS} c where c.national_id in ('28507011234561', '29002021234562', '28803031234563') order by c.national_id`)
    ).rows.map((row) => row.id);
    if (!template || customers.length === 0) return 0;
    const sell = async (projectName: string, brokerName: string, contractDate: string, index: number) => {
      const project = await idOf(tx, 'select id::text as id from projects where name = $1', [projectName]);
      const broker = await idOf(tx, 'select id::text as id from brokers where name = $1', [brokerName]);
      if (!project || !broker) return null;
      const plan = await idOf(tx, 'select id::text as id from payment_plans where project_id = $1 or project_id is null order by project_id nulls last, name limit 1', [project]);
      const unit = await idOf(
        tx,
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null) order by u.code desc limit 1`,
        [project],
      );
      if (!plan || !unit) return null;
      const customer = customers[index % customers.length]!;
      const reservation = await createReservation(engine, tx, { unitId: unit, customerId: customer, brokerId: broker, paymentPlanId: plan, discountKind: 'percent', discountValue: '0' }, SYSTEM);
      if (reservation.status !== 'confirmed') return null;
      const contract = await createRecord(engine, tx, contracts, SYSTEM, { reservation: reservation.id, template, contractDate, notes: 'Demo contract with a broker.' });
      const line = await idOf(tx, 'select id::text as id from commissions where contract_id = $1', [contract.id]);
      return line ? { contract: contract.id, number: String(contract.number), customer, line } : null;
    };
    const act = (id: string, name: string, reason?: string) => runAction(engine, tx, commissions, SYSTEM, id, name, commissions.actions![name]!, { reason });
    const chequeAct = (id: string, name: string, reason?: string) => runAction(engine, tx, cheques, SYSTEM, id, name, cheques.actions![name]!, { reason });
    const downPaymentOf = async (contract: string) =>
      (await tx.query<{ amount: string }>(`select n.amount::text as amount from ${INSTALLMENT_FACTS} n where n.contract_id = $1 and n.kind = 'down_payment' order by n.seq limit 1`, [contract])).rows[0]?.amount ?? null;
    const bank = await idOf(tx, 'select id::text as id from banks where active order by name limit 1', []);
    let serial = 300100;
    /** The down payment by bank transfer on `receiptDate` (its amount from the ledger); answers the receipt. */
    const payDown = async (sale: { contract: string; customer: string; number: string }, receiptDate: string) => {
      const amount = await downPaymentOf(sale.contract);
      if (!amount) return null;
      return (await createRecord(engine, tx, receipts, SYSTEM, { customer: sale.customer, contract: sale.contract, receiptDate, method: 'bank_transfer', reference: `TRX-DP-${sale.number}`, amount })).id;
    };
    /** The bank recalled a down payment transfer: its receipt is voided, which reopens the down payment. */
    const recall = (receipt: string | null, reason: string) => (receipt ? runAction(engine, tx, receipts, SYSTEM, receipt, 'void', receipts.actions!.void!, { reason }) : null);
    /** The down payment by cheque (its receipt covers the ledger until it clears), deposited; answers the cheque. */
    const chequeDown = async (sale: { contract: string; customer: string }, dueDate: string) => {
      const amount = await downPaymentOf(sale.contract);
      if (!amount || !bank) return null;
      serial += 1;
      const drawer = (await tx.query<{ name: string }>(`select c.full_name as name from ${CUSTOMER_FACTS} c where c.id = $1`, [sale.customer])).rows[0]?.name ?? 'Customer';
      // Handed over at the signing, the day it is dated (today at the latest).
      const receivedOn = (await tx.query<{ d: string }>("select to_char(least(current_date, $1::date), 'YYYY-MM-DD') as d", [dueDate])).rows[0]!.d;
      const cheque = await createRecord(engine, tx, cheques, SYSTEM, { number: String(serial), bank, dueDate, receivedOn, amount, drawer, customer: sale.customer, contract: sale.contract, notes: 'Demo down payment cheque.' });
      await chequeAct(cheque.id, 'deposit');
      return cheque.id;
    };

    // Capital Homes in Zayed Residences: a fixed fee, payable as soon as the contract is signed.
    // Their buyers paid the down payment on the day (the commission does not wait for it).
    const paid = await sell('Zayed Residences', 'Capital Homes', '2026-06-10', 0);
    if (paid) {
      await payDown(paid, '2026-06-10');
      await act(paid.line, 'approve');
      await act(paid.line, 'pay', 'TRX-COM-2026-0612');
    }
    const approved = await sell('Zayed Residences', 'Capital Homes', '2026-08-20', 1);
    if (approved) {
      await payDown(approved, '2026-08-20');
      await act(approved.line, 'approve');
    }
    const signed = await sell('Zayed Residences', 'Capital Homes', '2026-10-05', 2);
    if (signed) await payDown(signed, '2026-10-05');
    // Nile Realty in Palm Heights: 2.5 %, payable once the down payment is collected (in cleared money).
    // Its down payment cheque bounced: it never paid, so the line still waits, accrued.
    const waiting = await sell('Palm Heights', 'Nile Realty', '2026-11-15', 1);
    const waitingCheque = waiting ? await chequeDown(waiting, '2026-11-15') : null;
    if (waitingCheque) await chequeAct(waitingCheque, 'bounce', 'Insufficient funds');
    const payable = await sell('Palm Heights', 'Nile Realty', '2026-09-01', 2);
    if (payable) await payDown(payable, '2026-09-01');
    // The down payment's transfer recalled by the bank before the commission was paid: reversed.
    const reversed = await sell('Palm Heights', 'Nile Realty', '2026-10-20', 0);
    if (reversed) await recall(await payDown(reversed, '2026-10-20'), 'Recalled by the paying bank');
    // Paid on a down payment whose transfer was recalled afterwards: clawed back, the broker owes it.
    const clawed = await sell('Palm Heights', 'Nile Realty', '2026-07-01', 1);
    const clawedReceipt = clawed ? await payDown(clawed, '2026-07-01') : null;
    if (clawed && clawedReceipt) {
      await act(clawed.line, 'approve');
      await act(clawed.line, 'pay', 'TRX-COM-2026-0715');
      await recall(clawedReceipt, 'Recalled by the paying bank: disputed transfer');
      // The broker has returned part of it so far.
      await recordRecovery(engine, tx, SYSTEM, clawed.line, '5000.00', 'TRX-RCV-2026-0801');
    }
    // Clawed back the same way, and the broker has returned all of it: recovered.
    const recovered = await sell('Palm Heights', 'Nile Realty', '2026-05-12', 2);
    const recoveredReceipt = recovered ? await payDown(recovered, '2026-05-12') : null;
    if (recovered && recoveredReceipt) {
      await act(recovered.line, 'approve');
      await act(recovered.line, 'pay', 'TRX-COM-2026-0520');
      await recall(recoveredReceipt, 'Recalled by the paying bank: account frozen');
      await act(recovered.line, 'recover', 'TRX-RCV-2026-0610');
    }
    await flagOverdueDemo(engine, tx);
    return Number((await tx.query<{ n: number }>('select count(*)::int as n from commissions')).rows[0]!.n);
  });
}
