import type { Privilege } from '@propdesk/privileges';
import { engineTransaction, type EngineContext } from '@propdesk/records/server';
import { carryReservationPayments, claimUnit, createReservation, sumMoney, type CustomerStatement } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { SYSTEM, grant, salesCore, type Agent, type SalesContract } from './test/sales-core.js';

const sellerPrivileges: Privilege[] = [...grant('reservationPayment', ['read', 'create']), ...grant('reservation', ['read'])];
const financePrivileges: Privilege[] = [
  ...grant('reservationPayment', ['read', 'approve']),
  ...grant('reservation', ['read']),
  ...grant('contract', ['read', 'create']),
  ...grant('contractPayment', ['read']),
  ...grant('receipt', ['read']),
  ...grant('customer', ['read']),
  ...grant('unit', ['read']),
];

type Contract = SalesContract & { paid: string };
type Receipt = { id: string; number: string; amount: string; receipt_date: string; method: string; status: string; reference: string | null; allocated: string };

/**
 * Money paid on a reservation reaches its contract (issue 25): approved reservation payments (the
 * fee, and the EOI payments carried to the reservation) become the contract's receipts when it is
 * made, allocated oldest first, so the contract's paid, its first installments and the customer's
 * statement count them, each once; payments not approved do not count until they are.
 */
describe.each(DB_KINDS)('reservation payments carried to the contract on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let engine: EngineContext;
  let seller: Agent;
  let finance: Agent;
  let customerId: string;

  const pay = async (reservation: string, amount: string, body: Record<string, unknown> = {}) => {
    const made = await seller.request({ method: 'POST', url: '/api/reservation-payments', payload: { reservation, kind: 'fee', amount, paidOn: '2026-11-20', ...body } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as { id: string; number: string };
  };
  const decide = async (id: string, action: 'approve' | 'reject', reason?: string) => {
    const answer = await finance.request({ method: 'POST', url: `/api/reservation-payments/${id}/actions/${action}`, payload: reason ? { reason } : {} });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const contractOf = async (reservation: string) => {
    const made = await finance.request({ method: 'POST', url: '/api/contracts', payload: { reservation, template: core.templateId, contractDate: '2026-11-24' } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as Contract;
  };
  const getContract = async (id: string) => (await finance.request({ method: 'GET', url: `/api/contracts/${id}` })).json().data as Contract;
  const receiptsOf = async (contractId: string) =>
    (
      await db.query<Receipt>(
        `select id::text as id, number, amount::text as amount, to_char(receipt_date, 'YYYY-MM-DD') as receipt_date, method, status, reference, allocated::text as allocated
           from receipts where contract_id = $1 order by receipt_date, number`,
        [contractId],
      )
    ).rows;
  const statement = async () => {
    const answer = await finance.request({ method: 'GET', url: `/api/customers/${customerId}/statement?asOf=2026-12-31` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as CustomerStatement;
  };
  const carriedTo = async (paymentId: string) => (await db.query<{ receipt: string | null }>('select receipt_id::text as receipt from reservation_payments where id = $1', [paymentId])).rows[0]!.receipt;
  /** What the contract's current installments have paid, oldest due first, and that each is paid in full before the next takes any. */
  async function ledger(contractId: string) {
    const rows = await core.rowsOf(contractId);
    rows.sort((a, b) => (a.due_date === b.due_date ? a.seq - b.seq : a.due_date < b.due_date ? -1 : 1));
    const open = rows.findIndex((row) => row.paid !== row.amount);
    if (open >= 0) expect(rows.slice(open + 1).every((row) => row.paid === '0.00')).toBe(true);
    return { paid: sumMoney(rows.map((row) => row.paid)), first: rows[0]! };
  }

  beforeAll(async () => {
    ({ db, engine } = core);
    seller = await core.login(sellerPrivileges);
    finance = await core.login(financePrivileges);
    customerId = await core.customer({ fullName: 'Fee Carried Buyer', nationalId: '29001011239871', phone: '+201012349871' });
  });

  it('an approved 150,000 fee counts towards the contract: its paid, the down payment, one receipt dated when paid, the statement; a rejected or waiting payment does not, until approved', async () => {
    const reservation = await core.reservation({ customer: customerId, submit: true });
    const fee = await pay(reservation.id, '150000.00', { reference: 'TRX-FEE-1' });
    await decide(fee.id, 'approve');
    const rejected = await pay(reservation.id, '5000.00', { paidOn: '2026-11-21' });
    await decide(rejected.id, 'reject', 'No such transfer');
    const waiting = await pay(reservation.id, '7000.00', { paidOn: '2026-11-22', reference: 'TRX-FEE-2' });

    const contract = await contractOf(reservation.id);
    expect(contract.paid).toBe('150000.00');
    const books = await ledger(contract.id);
    expect(books.paid).toBe('150000.00');
    expect(books.first.kind).toBe('down_payment');
    // The down payment takes it first (all of it, or as much as it asks).
    expect(books.first.paid).toBe(Number(books.first.amount) < 150000 ? books.first.amount : '150000.00');
    const [receipt, ...others] = await receiptsOf(contract.id);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({ amount: '150000.00', allocated: '150000.00', receipt_date: '2026-11-20', status: 'issued', method: 'bank_transfer' });
    expect(receipt!.reference).toContain(fee.number);
    expect(await carriedTo(fee.id)).toBe(receipt!.id);
    expect(await carriedTo(rejected.id)).toBeNull();
    expect(await carriedTo(waiting.id)).toBeNull();

    // The statement credits the fee once, on the day it was paid.
    const before = await statement();
    const credits = before.lines.filter((line) => line.kind === 'receipt');
    expect(credits).toEqual([expect.objectContaining({ date: '2026-11-20', reference: receipt!.number, credit: '150000.00' })]);
    expect(before.receipts).toBe('150000.00');

    // Approved after the contract was made, a payment counts then: one more receipt, never the first again.
    await decide(waiting.id, 'approve');
    expect((await getContract(contract.id)).paid).toBe('157000.00');
    expect((await ledger(contract.id)).paid).toBe('157000.00');
    const receipts = await receiptsOf(contract.id);
    expect(receipts.map((row) => row.amount)).toEqual(['150000.00', '7000.00']);
    expect(await carriedTo(waiting.id)).toBe(receipts[1]!.id);
    expect((await statement()).receipts).toBe('157000.00');
    // Carrying again finds nothing left to carry.
    expect(await engineTransaction(engine, (tx) => carryReservationPayments(engine, tx, SYSTEM, reservation.id))).toBe(0);
    expect(await receiptsOf(contract.id)).toHaveLength(2);
  });

  it('EOI payments carried to the reservation reach the contract once, beside its own fee: no double counting', async () => {
    const unit = await core.freeUnit();
    const plan = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [unit.project])).rows[0]!.id;
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const setup = (
      await db.query<{ id: string }>(
        `insert into eoi_setups (name, project_id, opens_at, closes_at, amount, max_eois_per_customer, refundable, token_prefix, payment_plan_id, status)
         values ($1, $2, now() - interval '1 day', now() + interval '10 days', 40000, 1, true, $3, $4, 'open') returning id::text as id`,
        [`Carry launch ${tag}`, unit.project, tag, plan],
      )
    ).rows[0]!.id;
    const eoi = randomUUID();
    await db.query(
      `insert into eois (id, number, title, setup_id, project_id, customer_id, token, token_label, preferences, amount_due, paid_amount, refunded_amount, status, paid_at)
       values ($1, $2, $2, $3, $4, $5, 1, $6, '[]'::jsonb, 40000, 40000, 0, 'paid', now())`,
      [eoi, `EOI-${tag}`, setup, unit.project, customerId, `${tag}-1`],
    );
    const cash = (await db.query<{ id: string }>("select id::text as id from payment_methods where kind = 'cash' limit 1")).rows[0]!.id;
    for (const [index, amount] of ['15000.00', '25000.00'].entries()) {
      await db.query("insert into eoi_payments (number, eoi_id, kind, amount, method_id, paid_on, status) values ($1, $2, 'payment', $3, $4, $5::date, 'recorded')", [`EOP-${tag}-${index}`, eoi, amount, cash, `2026-10-0${index + 1}`]);
    }
    const reservation = await engineTransaction(engine, async (tx) => {
      await claimUnit(engine, tx, SYSTEM, { unitId: unit.id, kind: 'allocation', document: { resource: 'eois', id: eoi }, holderId: null, expiresAt: null, action: 'allocate' });
      return createReservation(engine, tx, { unitId: unit.id, customerId, paymentPlanId: plan, source: { kind: 'eoi', eoiId: eoi } }, SYSTEM);
    });
    expect(reservation).toMatchObject({ status: 'confirmed', feePaid: '40000.00' });
    const fee = await pay(reservation.id, '60000.00', { reference: 'TRX-FEE-3' });
    await decide(fee.id, 'approve');

    const contract = await contractOf(reservation.id);
    expect(contract.paid).toBe('100000.00');
    expect((await ledger(contract.id)).paid).toBe('100000.00');
    const receipts = await receiptsOf(contract.id);
    // One receipt per reservation payment: the two carried from the EOI (paid in cash, dated when paid) and the fee.
    expect(receipts.map((row) => [row.receipt_date, row.amount, row.method])).toEqual([
      ['2026-10-01', '15000.00', 'cash'],
      ['2026-10-02', '25000.00', 'cash'],
      ['2026-11-20', '60000.00', 'bank_transfer'],
    ]);
    const payments = await db.query<{ carried_from: string | null; receipt: string | null }>('select carried_from, receipt_id::text as receipt from reservation_payments where reservation_id = $1 order by paid_on', [reservation.id]);
    expect(payments.rows.map((row) => row.carried_from)).toEqual([`EOP-${tag}-0`, `EOP-${tag}-1`, null]);
    expect(payments.rows.map((row) => row.receipt)).toEqual(receipts.map((row) => row.id));
    // Nothing else counts the EOI's money: the contract's receipts are all the customer's receipts for it, and the statement adds up to them.
    const all = await db.query<{ total: string }>("select coalesce(sum(amount), 0)::text as total from receipts where customer_id = $1 and status = 'issued' and contract_id = $2", [customerId, contract.id]);
    expect(sumMoney([all.rows[0]!.total])).toBe('100000.00');
    const lines = (await statement()).lines.filter((line) => line.kind === 'receipt' && receipts.some((row) => row.number === line.reference));
    expect(sumMoney(lines.map((line) => line.credit ?? '0'))).toBe('100000.00');
  });
});
