import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Privilege } from '@propdesk/privileges';
import { engineTransaction, type EngineContext } from '@propdesk/records/server';
import { reevaluateCommissions, type BrokerStatement } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent } from './test/harness.js';
import { FREE_UNIT, PDFTOTEXT, SYSTEM, grant, salesCore, type Agent } from './test/sales-core.js';

const cashierPrivileges: Privilege[] = [
  ...grant('commission', ['read']),
  ...grant('cheque', ['read', 'create', 'update']),
  ...grant('receipt', ['read', 'create']),
  ...grant('contract', ['read', 'create']),
  ...grant('contractPayment', ['read']),
  ...grant('customer', ['read']),
  ...grant('reservation', ['read']),
  ...grant('broker', ['read']),
];
const financePrivileges: Privilege[] = [...cashierPrivileges, ...grant('commission', ['approve', 'update']), ...grant('cheque', ['approve']), ...grant('contract', ['approve']), ...grant('receipt', ['approve'])];

/** Integer piastres, for the test's own arithmetic (never floats). */
const piastres = (text: string) => BigInt(text.replace('.', ''));
const money = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
/** `pct` (hundredths of a percent, 250 = 2.5 %) of `amount`, half up to the piastre. */
const pctOf = (amount: string, hundredths: bigint) => money((piastres(amount) * hundredths + 5000n) / 10000n);

type Line = { id: string; number: string; status: string; amount: string; basis: string; rate: string; sale_no: number; trigger: string; recoverable: string; version: number; payment_reference: string | null; approved_by_id: string | null; earned_on: string | null;
  recovered: string; recovered_on: string | null; recovery_reference: string | null; active: boolean };

/**
 * Broker commissions (issue 18): accrued on the sale from the broker's template (percent, fixed,
 * tiered bands by the broker's sale number), payable on the trigger (signing, the down payment, a
 * share in cleared money), approved and paid under the approve privilege, reversed or clawed back
 * when a bounce or a cancellation undoes it, never duplicated by a re-run; the broker's statement.
 */
describe.each(DB_KINDS)('commissions on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let app: FastifyInstance;
  let engine: EngineContext;
  let cashier: Agent;
  let finance: Agent;
  let customerId: string;
  let projectId: string;
  let banks: string[];
  let serial = 700000;
  let lastWeek: string;
  let brokerSerial = 0;
  const login = core.loginUser;

  /** A new broker with an active broker contract on a template of the test project. */
  async function newBroker(template: { type: 'percent' | 'fixed' | 'tiered'; pct?: string; amount?: string; tiers?: unknown; payableOn: string; share?: string }) {
    brokerSerial += 1;
    const name = `Test Broker ${kind} ${brokerSerial}`;
    const broker = (await db.query<{ id: string }>("insert into brokers (name, license_no, status) values ($1, $2, 'active') returning id::text as id", [name, `TB-${kind}-${brokerSerial}`])).rows[0]!.id;
    const tpl = (
      await db.query<{ id: string }>(
        'insert into broker_project_templates (name, project_id, commission_type, pct, amount, tiers, payable_on, payable_share_pct) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id',
        [`${name} terms`, projectId, template.type, template.pct ?? null, template.amount ?? null, template.tiers ? JSON.stringify(template.tiers) : null, template.payableOn, template.share ?? null],
      )
    ).rows[0]!.id;
    await db.query("insert into broker_contracts (contract_no, broker_id, template_id, start_date, end_date, status) values ($1, $2, $3, '2026-01-01', '2027-12-31', 'active')", [`TBC-${kind}-${brokerSerial}`, broker, tpl]);
    return { id: broker, name };
  }

  const newContract = (brokerId: string | null) => core.newContract({ by: cashier, customer: customerId, project: projectId, broker: brokerId });

  const linesOf = async (contractId: string) =>
    (
      await db.query<Line>(
        `select id::text as id, number, status, amount::text as amount, basis::text as basis, rate, sale_no, trigger, recoverable::text as recoverable, version,
                payment_reference, approved_by_id::text as approved_by_id, to_char(earned_on, 'YYYY-MM-DD') as earned_on,
                recovered::text as recovered, to_char(recovered_on, 'YYYY-MM-DD') as recovered_on, recovery_reference, active
           from commissions where contract_id = $1 order by number`,
        [contractId],
      )
    ).rows;
  const lineOf = async (contractId: string) => {
    const lines = await linesOf(contractId);
    expect(lines).toHaveLength(1);
    return lines[0]!;
  };
  const historyOf = async (id: string) => (await db.query<{ action: string }>("select action from record_history where resource = 'commissions' and record_id = $1 order by id", [id])).rows.map((row) => row.action);
  const downPayment = async (contractId: string) =>
    (await db.query<{ amount: string }>("select amount::text as amount from installments where contract_id = $1 and kind = 'down_payment' and status <> 'superseded' order by seq", [contractId])).rows.map((row) => row.amount);
  const receive = (contract: string, amount: string) => core.receive(cashier, { customer: customerId, contract, amount });
  const cheque = (contract: string, amount: string) => {
    serial += 1;
    return cashier.request({ method: 'POST', url: '/api/cheques', payload: { number: String(serial), bank: banks[serial % banks.length], dueDate: lastWeek, drawer: 'سارة محمود', customer: customerId, contract, amount } });
  };
  const chequeAct = (who: Agent, id: string, name: string, reason?: string) => who.request({ method: 'POST', url: `/api/cheques/${id}/actions/${name}`, payload: reason ? { reason } : {} });
  const act = (who: Agent, id: string, name: string, reason?: string) => who.request({ method: 'POST', url: `/api/commissions/${id}/actions/${name}`, payload: reason ? { reason } : {} });

  beforeAll(async () => {
    ({ db, app, engine } = core);
    cashier = (await login(cashierPrivileges)).agent;
    finance = (await login(financePrivileges)).agent;
    customerId = await core.customer({ fullName: 'سارة محمود', nationalId: '29001017654339', phone: '+201012345699' });
    banks = (await db.query<{ id: string }>('select id::text as id from banks order by name')).rows.map((row) => row.id);
    // The project with the most units left to sell.
    projectId = (await db.query<{ id: string }>(`select u.project_id::text as id from units u where ${FREE_UNIT} group by u.project_id order by count(*) desc limit 1`)).rows[0]!.id;
    // No bounce charge: a bounce only reopens what the cheque covered.
    expect((await finance.request({ method: 'PUT', url: `/api/cheques/bounce-charges/${projectId}`, payload: { amount: null } })).statusCode).toBe(200);
    lastWeek = (await db.query<{ d: string }>("select to_char(current_date - 7, 'YYYY-MM-DD') as d")).rows[0]!.d;
  });

  it('the demo shows a commission in every state', async () => {
    const states = (await db.query<{ status: string }>('select distinct status from commissions order by status')).rows.map((row) => row.status);
    expect(states).toEqual(['accrued', 'approved', 'clawed_back', 'paid', 'payable', 'recovered', 'reversed']);
    // The clawed-back line has been partly returned; the recovered one wholly.
    const recoveries = await db.query<{ status: string; recoverable: string; recovered: string; amount: string }>(
      "select status, recoverable::text as recoverable, recovered::text as recovered, amount::text as amount from commissions where status in ('clawed_back', 'recovered') order by status",
    );
    expect(recoveries.rows.map((row) => [row.status, row.recovered])).toEqual([['clawed_back', '5000.00'], ['recovered', recoveries.rows[1]!.amount]]);
    expect(recoveries.rows[1]!.recoverable).toBe('0.00');
  });

  it('percent: accrued on the sale at the percentage of the net price to the piastre, payable at once when payable on signing', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2.75', payableOn: 'contract_signed' });
    const contract = await newContract(broker.id);
    const line = await lineOf(contract.id);
    expect(line).toMatchObject({ status: 'payable', basis: contract.netPrice, amount: pctOf(contract.netPrice, 275n), sale_no: 1, trigger: 'contract_signed' });
    expect(line.number).toMatch(/^COM-\d{4}-\d{5}$/);
    expect(line.rate).toBe('2.75% of the net price');
    expect(await historyOf(line.id)).toEqual(['create', 'earn']);
    // A contract without a broker earns nothing.
    const plain = await newContract(null);
    expect(await linesOf(plain.id)).toEqual([]);
    // Commissions are the server's: none by hand, even with the create privilege.
    const clerk = (await login([...financePrivileges, ...grant('commission', ['create'])])).agent;
    const byHand = await clerk.request({ method: 'POST', url: '/api/commissions', payload: { notes: 'by hand' } });
    expect(byHand.statusCode, byHand.body).toBe(422);
    expect(byHand.json().message).toBe('Commissions are accrued from contracts with a broker; they are not entered by hand.');
  });

  it('fixed, payable once the down payment is collected: accrued until it is paid in full', async () => {
    const broker = await newBroker({ type: 'fixed', amount: '75000.50', payableOn: 'down_payment_collected' });
    const contract = await newContract(broker.id);
    expect(await lineOf(contract.id)).toMatchObject({ status: 'accrued', amount: '75000.50', rate: 'Fixed', earned_on: null });
    const [down] = await downPayment(contract.id);
    expect(down).toBeDefined();
    expect((await receive(contract.id, money(piastres(down!) - 1n))).statusCode).toBe(201);
    expect((await lineOf(contract.id)).status).toBe('accrued');
    expect((await receive(contract.id, '0.01')).statusCode).toBe(201);
    const line = await lineOf(contract.id);
    expect(line.status).toBe('payable');
    expect(line.earned_on).not.toBeNull();
  });

  it('tiered: each sale takes the band its number falls in (1 %, 2 %, then 3 % for every sale above), never changing earlier sales', async () => {
    const broker = await newBroker({ type: 'tiered', tiers: [{ upTo: 1, pct: 1 }, { upTo: 2, pct: 2.5 }, { upTo: null, pct: 3 }], payableOn: 'fully_paid' });
    const sales = [await newContract(broker.id), await newContract(broker.id), await newContract(broker.id)];
    const lines = await Promise.all(sales.map((sale) => lineOf(sale.id)));
    expect(lines.map((line) => line.sale_no)).toEqual([1, 2, 3]);
    expect(lines.map((line) => line.amount)).toEqual([pctOf(sales[0]!.netPrice, 100n), pctOf(sales[1]!.netPrice, 250n), pctOf(sales[2]!.netPrice, 300n)]);
    expect(lines.map((line) => line.status)).toEqual(['accrued', 'accrued', 'accrued']);
    expect(lines[2]!.rate).toContain('Tier 3');
    // Paid in full: payable.
    expect((await receive(sales[0]!.id, sales[0]!.netPrice)).statusCode).toBe(201);
    expect((await lineOf(sales[0]!.id)).status).toBe('payable');
  });

  it('a share of the price counts in cleared money only: a cheque covers the ledger at once and makes the line payable when it clears', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2', payableOn: 'share_collected', share: '10' });
    const contract = await newContract(broker.id);
    const made = await cheque(contract.id, pctOf(contract.netPrice, 1000n));
    expect(made.statusCode, made.body).toBe(201);
    expect((await lineOf(contract.id)).status).toBe('accrued');
    const id = made.json().data.id as string;
    expect((await chequeAct(cashier, id, 'deposit')).statusCode).toBe(200);
    expect((await lineOf(contract.id)).status).toBe('accrued');
    expect((await chequeAct(finance, id, 'clear')).statusCode).toBe(200);
    expect((await lineOf(contract.id)).status).toBe('payable');
  });

  it('approve and pay need the approve privilege (423 without); pay records its reference; wrong states are refused unchanged', async () => {
    const broker = await newBroker({ type: 'percent', pct: '1.5', payableOn: 'contract_signed' });
    const contract = await newContract(broker.id);
    const line = await lineOf(contract.id);
    expect((await act(cashier, line.id, 'approve')).statusCode).toBe(423);
    expect((await lineOf(contract.id)).status).toBe('payable');
    expect((await act(finance, line.id, 'pay', 'TRX-1')).statusCode).toBe(422);
    const notesBefore = (await db.query<{ n: number }>("select count(*)::int as n from notifications where category = 'commissions'")).rows[0]!.n;
    const approved = await act(finance, line.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await lineOf(contract.id);
    expect(after.status).toBe('approved');
    expect(after.approved_by_id).not.toBeNull();
    expect((await db.query<{ n: number }>("select count(*)::int as n from notifications where category = 'commissions'")).rows[0]!.n).toBeGreaterThan(notesBefore);
    expect((await act(cashier, line.id, 'pay', 'TRX-1')).statusCode).toBe(423);
    expect((await act(finance, line.id, 'pay')).statusCode).toBe(400);
    const paid = await act(finance, line.id, 'pay', 'TRX-COM-77');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await lineOf(contract.id)).toMatchObject({ status: 'paid', payment_reference: 'TRX-COM-77' });
    expect(await historyOf(line.id)).toEqual(['create', 'earn', 'approve', 'pay']);
  });

  it('the down payment is collected in cleared money: a cheque in hand or bounced leaves the line accrued; a void undoes it, paid again the same line is payable again', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2.5', payableOn: 'down_payment_collected' });
    const contract = await newContract(broker.id);
    const [down] = await downPayment(contract.id);
    const made = await cheque(contract.id, down!);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    // A cheque in hand covers the down payment; it is not collected until the cheque clears.
    expect((await lineOf(contract.id)).status).toBe('accrued');
    expect((await chequeAct(cashier, id, 'deposit')).statusCode).toBe(200);
    expect((await lineOf(contract.id)).status).toBe('accrued');
    expect((await chequeAct(finance, id, 'bounce', 'Insufficient funds')).statusCode).toBe(200);
    const line = await lineOf(contract.id);
    expect(line).toMatchObject({ status: 'accrued', earned_on: null });
    // Paid in cash: collected.
    const cash = await receive(contract.id, down!);
    expect(cash.statusCode).toBe(201);
    expect((await lineOf(contract.id)).status).toBe('payable');
    expect((await act(finance, line.id, 'approve')).statusCode).toBe(200);
    const voided = await finance.request({ method: 'POST', url: `/api/receipts/${cash.json().data.id}/actions/void`, payload: { reason: 'Keyed on the wrong contract' } });
    expect(voided.statusCode, voided.body).toBe(200);
    const reversed = await lineOf(contract.id);
    expect(reversed).toMatchObject({ status: 'reversed', recoverable: '0.00' });
    // A cheque that clears collects it again: the same line.
    const second = (await cheque(contract.id, down!)).json().data.id as string;
    expect((await lineOf(contract.id)).status).toBe('reversed');
    expect((await chequeAct(cashier, second, 'deposit')).statusCode).toBe(200);
    expect((await chequeAct(finance, second, 'clear')).statusCode).toBe(200);
    const again = await lineOf(contract.id);
    expect(again).toMatchObject({ id: reversed.id, status: 'payable' });
    expect(await historyOf(again.id)).toEqual(['create', 'earn', 'approve', 'reverse', 'earn']);
  });

  it('a contract cancelled after the commission was paid records what the broker must return; an unpaid one is reversed', async () => {
    const broker = await newBroker({ type: 'fixed', amount: '50000.00', payableOn: 'contract_signed' });
    const paidSale = await newContract(broker.id);
    const unpaidSale = await newContract(broker.id);
    const line = await lineOf(paidSale.id);
    expect((await act(finance, line.id, 'approve')).statusCode).toBe(200);
    expect((await act(finance, line.id, 'pay', 'TRX-9')).statusCode).toBe(200);
    const cancel = (id: string) => finance.request({ method: 'POST', url: `/api/contracts/${id}/actions/cancel`, payload: { reason: 'The buyer withdrew' } });
    expect((await cancel(paidSale.id)).statusCode).toBe(200);
    expect(await lineOf(paidSale.id)).toMatchObject({ status: 'clawed_back', amount: '50000.00', recoverable: '50000.00' });
    expect((await cancel(unpaidSale.id)).statusCode).toBe(200);
    expect(await lineOf(unpaidSale.id)).toMatchObject({ status: 'reversed', recoverable: '0.00' });
    const reason = (await db.query<{ clawback_reason: string }>('select clawback_reason from commissions where id = $1', [line.id])).rows[0]!.clawback_reason;
    expect(reason).toContain('cancelled: The buyer withdrew');
  });

  it('re-running the evaluation never duplicates a line nor changes one twice', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2', payableOn: 'contract_signed' });
    const contract = await newContract(broker.id);
    const before = await lineOf(contract.id);
    expect((await cashier.request({ method: 'POST', url: '/api/commissions/evaluate', payload: {} })).statusCode).toBe(423);
    const first = await finance.request({ method: 'POST', url: '/api/commissions/evaluate', payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    const second = await finance.request({ method: 'POST', url: '/api/commissions/evaluate', payload: {} });
    expect(second.json().data).toMatchObject({ accrued: 0, changed: 0 });
    expect(second.json().data.contracts).toBeGreaterThan(0);
    expect((await finance.request({ method: 'POST', url: '/api/commissions/evaluate', payload: { contract: 'nope' } })).statusCode).toBe(400);
    const direct = await engineTransaction(engine, (tx) => reevaluateCommissions(engine, tx, SYSTEM, undefined, contract.id));
    expect(direct).toEqual({ contracts: 1, accrued: 0, changed: 0 });
    expect(await lineOf(contract.id)).toEqual(before);
    // The unique index refuses a second line for the same sale and broker contract.
    await expect(
      db.query("insert into commissions (id, number, broker_id, broker_contract_id, contract_id, amount, status) select gen_random_uuid(), 'COM-DUP', broker_id, broker_contract_id, contract_id, amount, status from commissions where id = $1", [before.id]),
    ).rejects.toThrow();
  });

  it('the broker statement totals each state and prints with the broker and the amounts', async () => {
    const broker = await newBroker({ type: 'fixed', amount: '1000.25', payableOn: 'contract_signed' });
    const sales = [await newContract(broker.id), await newContract(broker.id), await newContract(broker.id), await newContract(broker.id)];
    const lines = await Promise.all(sales.map((sale) => lineOf(sale.id)));
    // payable, approved, paid, clawed back.
    await act(finance, lines[1]!.id, 'approve');
    for (const line of [lines[2]!, lines[3]!]) {
      await act(finance, line.id, 'approve');
      await act(finance, line.id, 'pay', 'TRX-S');
    }
    expect((await finance.request({ method: 'POST', url: `/api/contracts/${sales[3]!.id}/actions/cancel`, payload: { reason: 'Undone' } })).statusCode).toBe(200);
    const response = await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement` });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json().data as BrokerStatement;
    expect(statement.broker.name).toBe(broker.name);
    expect(statement.lines.map((line) => line.status).sort()).toEqual(['approved', 'clawed_back', 'paid', 'payable']);
    expect(statement.totals).toEqual({ accrued: '0.00', payable: '1000.25', approved: '1000.25', paid: '2000.50', reversed: '0.00', toRecover: '1000.25', recovered: '0.00', owed: '2000.50', netPaid: '1000.25' });
    expect((await createAgent(app).request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement` })).statusCode).toBe(401);
    const picker = await cashier.request({ method: 'GET', url: '/api/commissions/brokers' });
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json().data).toContainEqual({ id: broker.id, name: broker.name, lines: 4, owed: '2000.50' });
    const reader = (await login(grant('customer', ['read']))).agent;
    expect((await reader.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement` })).statusCode).toBe(423);
    expect((await reader.request({ method: 'GET', url: '/api/commissions/brokers' })).statusCode).toBe(423);
    expect((await cashier.request({ method: 'GET', url: '/api/brokers/00000000-0000-4000-8000-000000000000/commission-statement' })).statusCode).toBe(404);
    if (!PDFTOTEXT) return;
    const dir = mkdtempSync(join(tmpdir(), 'commission-'));
    const pdf = await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement/print?lang=en` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    writeFileSync(join(dir, 'en.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'en.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Broker commission statement');
    expect(text).toContain(broker.name);
    expect(text).toContain('1,000.25');
    expect(text).toContain('2,000.50');
    const arabic = await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement/print?lang=ar` });
    expect(arabic.statusCode).toBe(200);
    writeFileSync(join(dir, 'ar.pdf'), arabic.rawPayload);
    const arabicText = execFileSync('pdftotext', ['-layout', join(dir, 'ar.pdf'), '-'], { encoding: 'utf8' });
    // (pdftotext gives the lam-alef ligature back as two letters, so the title is checked by its last word.)
    expect(arabicText).toContain('الوسيط');
    expect(arabicText).toContain(broker.name);
    // 1,000.25 and 2,000.50 in Eastern Arabic digits with the Arabic separators.
    expect(arabicText).toContain('١٬٠٠٠٫٢٥');
    expect(arabicText).toContain('٢٬٠٠٠٫٥٠');
    // Document numbers read as written, in order, inside the Arabic text.
    expect(arabicText).toMatch(/COM-\d{4}-\d{5}/);
    expect(arabicText).toMatch(/CNT-\d{4}-\d{5}/);
  });
  /** A paid line of a new sale of `broker`, its contract then cancelled: clawed back in full. */
  async function clawedBack(brokerId: string) {
    const sale = await newContract(brokerId);
    const line = await lineOf(sale.id);
    expect((await act(finance, line.id, 'approve')).statusCode).toBe(200);
    expect((await act(finance, line.id, 'pay', 'TRX-OUT')).statusCode).toBe(200);
    expect((await finance.request({ method: 'POST', url: `/api/contracts/${sale.id}/actions/cancel`, payload: { reason: 'The buyer withdrew' } })).statusCode).toBe(200);
    const clawed = await lineOf(sale.id);
    expect(clawed).toMatchObject({ status: 'clawed_back', recoverable: clawed.amount, recovered: '0.00' });
    return { sale, line: clawed };
  }
  const recover = (who: Agent, id: string, payload: Record<string, unknown>) => who.request({ method: 'POST', url: `/api/commissions/${id}/recoveries`, payload });
  const todayOf = async () => (await db.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;

  it('recovering a clawback: approve privilege (423 without), reference required, clawed back lines only (422), recorded, archivable once back, never evaluated again', async () => {
    const broker = await newBroker({ type: 'fixed', amount: '50000.00', payableOn: 'contract_signed' });
    const { sale, line } = await clawedBack(broker.id);
    const paidSale = await newContract(broker.id);
    const other = await lineOf(paidSale.id);
    const archiver = (await login([...financePrivileges, ...grant('commission', ['delete'])])).agent;
    // Still to recover: kept in sight.
    const early = await archiver.request({ method: 'DELETE', url: `/api/commissions/${line.id}` });
    expect(early.statusCode, early.body).toBe(409);
    expect((await lineOf(sale.id)).active).toBe(true);
    // Without the approve privilege: 423, nothing written.
    expect((await act(cashier, line.id, 'recover', 'TRX-BACK-1')).statusCode).toBe(423);
    expect(await lineOf(sale.id)).toEqual(line);
    // The reference is required.
    expect((await act(finance, line.id, 'recover')).statusCode).toBe(400);
    // Only a clawed back line: a payable one (and, once paid, a paid one) is refused unchanged.
    const refused = await act(finance, other.id, 'recover', 'TRX-BACK-0');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe('Record recovery is not possible while the commission is payable.');
    expect(await lineOf(paidSale.id)).toEqual(other);
    expect((await act(finance, other.id, 'approve')).statusCode).toBe(200);
    expect((await act(finance, other.id, 'pay', 'TRX-P')).statusCode).toBe(200);
    expect((await act(finance, other.id, 'recover', 'TRX-BACK-0')).statusCode).toBe(422);
    expect((await lineOf(paidSale.id)).status).toBe('paid');

    const recovered = await act(finance, line.id, 'recover', 'TRX-BACK-1');
    expect(recovered.statusCode, recovered.body).toBe(200);
    const after = await lineOf(sale.id);
    expect(after).toMatchObject({ status: 'recovered', amount: '50000.00', recoverable: '0.00', recovered: '50000.00', recovered_on: await todayOf(), recovery_reference: 'TRX-BACK-1' });
    expect(await historyOf(line.id)).toEqual(['create', 'earn', 'approve', 'pay', 'clawback', 'recover']);
    const last = (await db.query<{ reason: string }>("select reason from record_history where resource = 'commissions' and record_id = $1 and action = 'recover'", [line.id])).rows;
    expect(last).toEqual([{ reason: 'TRX-BACK-1' }]);
    // Once back, nothing more: a second recovery is refused.
    expect((await act(finance, line.id, 'recover', 'TRX-BACK-2')).statusCode).toBe(422);
    expect((await recover(finance, line.id, { amount: '1.00', reference: 'TRX-BACK-2' })).statusCode).toBe(422);
    // Re-evaluating the cancelled sale (and everything) changes nothing on it.
    const direct = await engineTransaction(engine, (tx) => reevaluateCommissions(engine, tx, SYSTEM, undefined, sale.id));
    expect(direct).toEqual({ contracts: 1, accrued: 0, changed: 0 });
    const all = await finance.request({ method: 'POST', url: '/api/commissions/evaluate', payload: {} });
    expect(all.statusCode, all.body).toBe(200);
    expect(await lineOf(sale.id)).toEqual(after);
    // Nothing owed either way: it may be archived.
    const archived = await archiver.request({ method: 'DELETE', url: `/api/commissions/${line.id}` });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({ deleted: false, deactivated: true });
    expect(await lineOf(sale.id)).toMatchObject({ status: 'recovered', active: false });
  });

  it('a clawback recovered in parts stays clawed back until the whole amount is back, to the piastre', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2.35', payableOn: 'contract_signed' });
    const { sale, line } = await clawedBack(broker.id);
    const part = money(piastres(line.amount) / 3n);
    const rest = money(piastres(line.amount) - piastres(part));
    expect((await recover(cashier, line.id, { amount: part, reference: 'R-1' })).statusCode).toBe(423);
    expect((await recover(finance, line.id, { amount: part })).statusCode).toBe(400);
    expect((await recover(finance, line.id, { amount: '12.345', reference: 'R-1' })).statusCode).toBe(400);
    expect((await recover(finance, line.id, { amount: 12.34, reference: 'R-1' })).statusCode).toBe(400);
    expect((await recover(finance, line.id, { amount: '0.00', reference: 'R-1' })).statusCode).toBe(422);
    expect((await recover(finance, line.id, { amount: money(piastres(line.amount) + 1n), reference: 'R-1' })).statusCode).toBe(422);
    expect(await lineOf(sale.id)).toEqual(line);

    const first = await recover(finance, line.id, { amount: part, reference: 'R-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await lineOf(sale.id)).toMatchObject({ status: 'clawed_back', recoverable: rest, recovered: part, recovery_reference: 'R-1' });
    // Still outstanding: the statement shows both, kept in sight, and re-evaluation leaves it alone.
    const statement = (await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement` })).json().data as BrokerStatement;
    expect(statement.lines).toEqual([expect.objectContaining({ id: line.id, status: 'clawed_back', recoverable: rest, recovered: part, recoveryReference: 'R-1' })]);
    expect(statement.totals).toMatchObject({ paid: line.amount, toRecover: rest, recovered: part, netPaid: '0.00' });
    const before = await lineOf(sale.id);
    expect(await engineTransaction(engine, (tx) => reevaluateCommissions(engine, tx, SYSTEM, undefined, sale.id))).toEqual({ contracts: 1, accrued: 0, changed: 0 });
    expect(await lineOf(sale.id)).toEqual(before);
    // More than is left is refused; the rest completes it.
    expect((await recover(finance, line.id, { amount: money(piastres(rest) + 1n), reference: 'R-2' })).statusCode).toBe(422);
    const second = await recover(finance, line.id, { amount: rest, reference: 'R-2' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ status: 'recovered' });
    expect(await lineOf(sale.id)).toMatchObject({ status: 'recovered', recoverable: '0.00', recovered: line.amount, recovery_reference: 'R-2', recovered_on: await todayOf() });
    expect(await historyOf(line.id)).toEqual(['create', 'earn', 'approve', 'pay', 'clawback', 'recover', 'recover']);
    // Not a commission at all: 404; not a clawback: 422.
    expect((await recover(finance, '00000000-0000-4000-8000-000000000000', { amount: '1.00', reference: 'R-3' })).statusCode).toBe(404);
  });

  it('two recoveries at once that together exceed what is owed: one is recorded, the other refused, never over-recovered', async () => {
    const broker = await newBroker({ type: 'percent', pct: '2.35', payableOn: 'contract_signed' });
    const { sale, line } = await clawedBack(broker.id);
    const most = money((piastres(line.amount) * 3n) / 5n);
    const rest = money(piastres(line.amount) - piastres(most));
    const answers = await Promise.all([
      recover(finance, line.id, { amount: most, reference: 'R-A' }),
      recover(finance, line.id, { amount: most, reference: 'R-B' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await lineOf(sale.id)).toMatchObject({ status: 'clawed_back', recoverable: rest, recovered: most });
    expect(await historyOf(line.id)).toEqual(['create', 'earn', 'approve', 'pay', 'clawback', 'recover']);
  });

  it('the statement separates what is still to recover from what is recovered, totals to the piastre, on screen and in both PDFs', async () => {
    const broker = await newBroker({ type: 'fixed', amount: '333.33', payableOn: 'contract_signed' });
    const partly = await clawedBack(broker.id);
    const whole = await clawedBack(broker.id);
    const kept = await newContract(broker.id);
    const keptLine = await lineOf(kept.id);
    expect((await act(finance, keptLine.id, 'approve')).statusCode).toBe(200);
    expect((await act(finance, keptLine.id, 'pay', 'TRX-K')).statusCode).toBe(200);
    const pending = await newContract(broker.id);
    expect((await lineOf(pending.id)).status).toBe('payable');
    expect((await recover(finance, partly.line.id, { amount: '100.01', reference: 'R-P' })).statusCode).toBe(200);
    expect((await act(finance, whole.line.id, 'recover', 'R-W')).statusCode).toBe(200);

    const response = await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement` });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json().data as BrokerStatement;
    expect(statement.lines.map((line) => line.status).sort()).toEqual(['clawed_back', 'paid', 'payable', 'recovered']);
    const paid = piastres('333.33') * 3n;
    const toRecover = piastres('333.33') - piastres('100.01');
    const recovered = piastres('100.01') + piastres('333.33');
    expect(statement.totals).toEqual({
      accrued: '0.00',
      payable: '333.33',
      approved: '0.00',
      paid: money(paid),
      reversed: '0.00',
      toRecover: money(toRecover),
      recovered: money(recovered),
      owed: '333.33',
      netPaid: money(paid - toRecover - recovered),
    });
    expect(statement.totals).toMatchObject({ paid: '999.99', toRecover: '233.32', recovered: '433.34', netPaid: '333.33' });
    const byId = new Map(statement.lines.map((line) => [line.id, line]));
    expect(byId.get(whole.line.id)).toMatchObject({ status: 'recovered', recoverable: '0.00', recovered: '333.33', recoveryReference: 'R-W' });
    expect(byId.get(keptLine.id)).toMatchObject({ status: 'paid', recoverable: '0.00', recovered: '0.00', recoveredOn: null });
    // Both PDFs render (the recovery column and totals), and read right where pdftotext is installed.
    const dir = mkdtempSync(join(tmpdir(), 'commission-recovery-'));
    for (const lang of ['en', 'ar'] as const) {
      const pdf = await cashier.request({ method: 'GET', url: `/api/brokers/${broker.id}/commission-statement/print?lang=${lang}` });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      writeFileSync(join(dir, `${lang}.pdf`), pdf.rawPayload);
    }
    if (!PDFTOTEXT) return;
    const text = (lang: 'en' | 'ar') => execFileSync('pdftotext', ['-layout', join(dir, `${lang}.pdf`), '-'], { encoding: 'utf8' });
    const english = text('en');
    expect(english).toMatch(/To recover from the broker\s+EGP 233\.32/);
    expect(english).toMatch(/Recovered from the broker\s+EGP 433\.34/);
    // Under each clawed back line's status: what is still to recover and what is back.
    expect(english).toMatch(/233\.32 to recover/);
    expect(english).toMatch(/100\.01 recovered/);
    expect(english).toMatch(/333\.33 recovered/);
    const arabic = text('ar');
    // 233.32 and 433.34 in Eastern Arabic digits with the Arabic decimal separator.
    expect(arabic).toContain('٢٣٣٫٣٢');
    expect(arabic).toContain('٤٣٣٫٣٤');
    expect(arabic).toContain('٣٣٣٫٣٣');
    expect(arabic).toContain('المسترد من الوسيط');
    expect(arabic).toContain('مستردة');
  });
});
