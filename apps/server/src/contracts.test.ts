import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineTransaction, type EngineContext } from '@propdesk/records/server';
import { formatDate } from '@propdesk/records/model';
import { amountInWords, generateSchedule, runInstallmentOverdue, sumMoney, writeSchedule } from '@propdesk/sales/server';

type Frequency = 'monthly' | 'quarterly' | 'semi_annual' | 'annual';
import type { Database } from '@propdesk/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './test/harness.js';
import { PDFTOTEXT, SYSTEM, grant, salesCore, toEastern, type Agent, type SalesContract } from './test/sales-core.js';

const clerkPrivileges: Privilege[] = [
  ...grant('contract', ['read', 'create', 'update']),
  ...grant('contractPayment', ['read']),
  ...grant('receipt', ['read', 'create']),
  ...grant('reservation', ['read']),
  ...grant('unit', ['read']),
  ...grant('customer', ['read']),
];
const approverPrivileges: Privilege[] = [...clerkPrivileges, ...grant('contract', ['approve']), ...grant('receipt', ['approve'])];

type Contract = SalesContract & { step: string; paid: string; scheduleVersion: number };

/**
 * Contracts (issue 18): made from a confirmed reservation, moved through the configured steps,
 * their installment ledger (exact sums, month ends, versions carrying payments over), the overdue
 * job, and the printed contract in Arabic and English.
 */
describe.each(DB_KINDS)('contracts on %s', (kind) => {
  const core = salesCore(kind);
  let db: Database;
  let engine: EngineContext;
  let clerk: Agent;
  let approver: Agent;
  let customerId: string;
  let templateId: string;
  const steps = new Map<string, string>();
  const actions = new Map<string, string>();
  const taken = core.taken;
  const login = core.login;

  /** A confirmed reservation of a free priced unit (the server's own, within any authority). */
  const confirmedReservation = (planId?: string, submit = true) => core.reservation({ customer: customerId, plan: planId, submit });
  const newContract = (body: Record<string, unknown> = {}, planId?: string) => core.newContract<Contract>({ by: clerk, customer: customerId, plan: planId, submit: true, body });

  const getContract = async (id: string) => (await approver.request({ method: 'GET', url: `/api/contracts/${id}` })).json().data as Contract;
  const rowsOf = (contractId: string, version?: number) => core.rowsOf(contractId, version ?? 'all');
  const historyCount = async (id: string) => (await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'contracts' and record_id = $1", [id])).rows[0]!.n;
  const step = (who: Agent, id: string, action: string, reason?: string) =>
    who.request({ method: 'POST', url: `/api/contracts/${id}/steps/${actions.get(action)}`, payload: reason ? { reason } : {} });

  async function plan(terms: { downPaymentPct: string; years: number; frequency: Frequency; deliveryPct: string; deliveryAfterMonths: number; maintenancePct: string }) {
    const rows = await db.query<{ id: string }>(
      `insert into payment_plans (name, down_payment_pct, years, frequency, delivery_pct, delivery_after_months, maintenance_pct, discount_pct)
       values ($1, $2, $3, $4, $5, $6, $7, 0) returning id::text as id`,
      [`Test plan ${Math.random().toString(36).slice(2, 10)}`, terms.downPaymentPct, terms.years, terms.frequency, terms.deliveryPct, terms.deliveryAfterMonths, terms.maintenancePct],
    );
    return rows.rows[0]!.id;
  }

  beforeAll(async () => {
    ({ db, engine, templateId } = core);
    clerk = await login(clerkPrivileges);
    approver = await login(approverPrivileges);
    customerId = await core.customer({ fullName: 'محمد أحمد علي', nationalId: '29001011234567', phone: '+201012345690', address: 'القاهرة' });
    for (const row of (await db.query<{ id: string; name: string }>('select id::text as id, name from contract_steps')).rows) steps.set(row.name, row.id);
    for (const row of (await db.query<{ id: string; name: string }>('select id::text as id, name from contract_actions')).rows) actions.set(row.name, row.id);
  });

  it('makes CNT-numbered contracts from a confirmed reservation: reservation and unit contracted, parties, the first step, the ledger stored', async () => {
    const contract = await newContract();
    expect(contract.number).toMatch(/^CNT-\d{4}-\d{5}$/);
    expect(contract.status).toBe('active');
    expect(contract.step).toBe(steps.get('Draft'));
    const reservation = (await db.query<{ status: string; contract: string; net_price: string }>('select status, contract, net_price::text as net_price from reservations where id = $1', [contract.reservation])).rows[0]!;
    expect(reservation).toMatchObject({ status: 'contracted', contract: contract.id });
    expect(contract.netPrice).toBe(reservation.net_price);
    expect((await db.query<{ status: string }>('select status from units where id = $1', [contract.unit])).rows[0]!.status).toBe('contracted');
    expect(contract.parties).toEqual([expect.objectContaining({ role: 'buyer', name: 'محمد أحمد علي', idNumber: '29001011234567' })]);
    const rows = await rowsOf(contract.id);
    expect(rows.length).toBeGreaterThan(1);
    expect(sumMoney(rows.map((row) => row.amount))).toBe(Number(contract.netPrice).toFixed(2));
    expect(rows[0]).toMatchObject({ seq: 1, kind: 'down_payment', due_date: '2026-11-24', paid: '0.00', status: 'open', version: 1 });
    // Written as a set (createMany): still each row at record version 1 with its own creation entry naming its amount.
    const rowVersions = await db.query<{ id: string; version: number }>('select id::text as id, version from installments where id = any($1::uuid[]) order by id', [rows.map((row) => row.id)]);
    expect(rowVersions.rows.every((row) => row.version === 1)).toBe(true);
    const created = await db.query<{ record_id: string; action: string; amount: string | null }>(
      "select record_id::text as record_id, action, changes->'amount'->>'after' as amount from record_history where resource = 'installments' and record_id = any($1::uuid[]) order by record_id",
      [rows.map((row) => row.id)],
    );
    expect(created.rows).toEqual([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => ({ record_id: row.id, action: 'create', amount: row.amount })));
    // One creation entry for the contract, with its parties in it.
    const history = await db.query<{ action: string }>("select action from record_history where resource = 'contracts' and record_id = $1", [contract.id]);
    expect(history.rows.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses a contract from a reservation that is not confirmed, naming its state, and a second contract for one reservation', async () => {
    const draft = await confirmedReservation(undefined, false);
    const before = await db.query<{ n: number }>('select count(*)::int as n from contracts');
    const refused = await clerk.request({ method: 'POST', url: '/api/contracts', payload: { reservation: draft.id, template: templateId, contractDate: '2026-11-24' } });
    expect([400, 422]).toContain(refused.statusCode);
    expect(refused.body).toMatch(/confirmed/);
    const contract = await newContract();
    const again = await clerk.request({ method: 'POST', url: '/api/contracts', payload: { reservation: contract.reservation, template: templateId, contractDate: '2026-11-24' } });
    expect([400, 409, 422]).toContain(again.statusCode);
    expect((await db.query<{ n: number }>('select count(*)::int as n from contracts')).rows[0]!.n).toBe(before.rows[0]!.n + 1);
    const unprivileged = await login(grant('contract', ['read']));
    expect((await unprivileged.request({ method: 'POST', url: '/api/contracts', payload: { reservation: draft.id } })).statusCode).toBe(423);
  });

  it('takes one reservation once when two contracts race for it; a new contract date reschedules; buyers’ shares add up to 100', async () => {
    const reservation = await confirmedReservation();
    const racing = await Promise.all(
      [0, 1, 2].map(() => clerk.request({ method: 'POST', url: '/api/contracts', payload: { reservation: reservation.id, template: templateId, contractDate: '2026-11-24' } })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from contracts where reservation_id = $1', [reservation.id])).rows[0]!.n).toBe(1);
    const contract = racing.find((response) => response.statusCode === 201)!.json().data as Contract;
    const moved = await clerk.request({ method: 'PATCH', url: `/api/contracts/${contract.id}`, payload: { contractDate: '2027-01-31', version: contract.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.scheduleVersion).toBe(2);
    const rows = await rowsOf(contract.id, 2);
    expect(rows[0]!.due_date).toBe('2027-01-31');
    expect(sumMoney(rows.map((row) => row.amount))).toBe(Number(contract.netPrice).toFixed(2));
    const shares = await clerk.request({
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      payload: { parties: [{ role: 'buyer', name: 'A', share: '60' }, { role: 'co_buyer', name: 'B', share: '30' }], version: moved.json().data.version },
    });
    expect(shares.statusCode).toBe(400);
    expect(shares.json().errors).toEqual([expect.objectContaining({ field: 'parties' })]);
  });

  it('moves through the configured steps by the configured actions: wrong step refused naming it, reasons, privilege, history', async () => {
    const contract = await newContract();
    const open = await approver.request({ method: 'GET', url: `/api/contracts/${contract.id}/steps` });
    expect(open.json().data.map((action: { name: string }) => action.name)).toEqual(['Send to legal']);
    const historyBefore = await historyCount(contract.id);
    const wrong = await step(approver, contract.id, 'Countersign');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Countersign is not possible while the contract is at the step Draft.');
    expect(await historyCount(contract.id)).toBe(historyBefore);
    expect((await step(clerk, contract.id, 'Send to legal')).statusCode).toBe(423);
    const sent = await step(approver, contract.id, 'Send to legal');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.step).toBe(steps.get('Legal review'));
    const noReason = await step(approver, contract.id, 'Return to draft');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe('Return needs a reason.');
    const returned = await step(approver, contract.id, 'Return to draft', 'Missing the buyer’s ID copy');
    expect(returned.json().data.step).toBe(steps.get('Draft'));
    const bad = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/steps/${actions.get('Send to legal')}`, payload: { reason: 5 } });
    expect(bad.statusCode).toBe(400);
    const entries = await db.query<{ action: string; reason: string | null }>("select action, reason from record_history where resource = 'contracts' and record_id = $1 and action like 'step:%' order by id", [contract.id]);
    expect(entries.rows).toEqual([
      { action: 'step: Send to legal', reason: 'Send to legal → Legal review' },
      { action: 'step: Return to draft', reason: 'Return → Draft: Missing the buyer’s ID copy' },
    ]);
  });

  it('cancels with a reason: open installments closed, the unit available; every action afterwards refused naming the state', async () => {
    const contract = await newContract();
    expect((await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/actions/cancel`, payload: {} })).statusCode).toBe(400);
    expect((await clerk.request({ method: 'POST', url: `/api/contracts/${contract.id}/actions/cancel`, payload: { reason: 'x' } })).statusCode).toBe(423);
    const cancelled = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/actions/cancel`, payload: { reason: 'Buyer withdrew' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Buyer withdrew' });
    expect(new Set((await rowsOf(contract.id)).map((row) => row.status))).toEqual(new Set(['cancelled']));
    expect((await db.query<{ status: string }>('select status from units where id = $1', [contract.unit])).rows[0]!.status).toBe('available');
    // Its reservation ends with it, through the engine (a history row naming the contract).
    const reservation = await db.query<{ status: string; cancel_reason: string; version: number }>('select status, cancel_reason, version from reservations where id = $1', [contract.reservation]);
    expect(reservation.rows[0]).toMatchObject({ status: 'cancelled', cancel_reason: `${String(contract.number)} cancelled: Buyer withdrew` });
    const history = await historyCount(contract.id);
    const again = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/actions/cancel`, payload: { reason: 'again' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Cancel contract is not possible while the contract is cancelled.');
    const moved = await step(approver, contract.id, 'Send to legal');
    expect(moved.json().message).toBe('Send to legal is not possible while the contract is cancelled.');
    const edit = await clerk.request({ method: 'PATCH', url: `/api/contracts/${contract.id}`, payload: { notes: 'late', version: cancelled.json().data.version } });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toMatch(/cancelled/);
    const rescheduled = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { netPrice: '100.00', reason: 'x' } });
    expect(rescheduled.statusCode).toBe(422);
    expect(await historyCount(contract.id)).toBe(history);
  });

  it('a live contract or issued receipt is neither deleted nor deactivated (409 naming the state, nothing written); once cancelled or void it is archived', async () => {
    const contract = await newContract();
    const receipt = await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: '2026-11-24', method: 'cash', amount: '1000.00' } });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const receiptId = receipt.json().data.id as string;
    const state = async (table: string, id: string) => (await db.query<{ version: number; active: boolean; status: string }>(`select version, active, status from ${table} where id = $1`, [id])).rows[0]!;
    const historyOf = async (resource: string, id: string) => (await db.query<{ n: number }>('select count(*)::int as n from record_history where resource = $1 and record_id = $2', [resource, id])).rows[0]!.n;
    const contractBefore = await state('contracts', contract.id);
    const contractHistory = await historyOf('contracts', contract.id);

    const removed = await approver.request({ method: 'DELETE', url: `/api/contracts/${contract.id}` });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().message).toBe('A contract is deleted or deactivated only once it is cancelled; this one is active. Use its “Cancel contract” action instead.');
    const archived = await clerk.request({ method: 'PATCH', url: `/api/contracts/${contract.id}`, payload: { active: false, version: contractBefore.version } });
    expect(archived.statusCode, archived.body).toBe(409);
    expect(archived.json().message).toMatch(/this one is active/);
    expect(await state('contracts', contract.id)).toEqual(contractBefore);
    expect(await historyOf('contracts', contract.id)).toBe(contractHistory);

    const receiptBefore = await state('receipts', receiptId);
    const receiptHistory = await historyOf('receipts', receiptId);
    const cashier = await login([...approverPrivileges, ...grant('receipt', ['update'])]);
    const receiptRemoved = await cashier.request({ method: 'DELETE', url: `/api/receipts/${receiptId}` });
    expect(receiptRemoved.statusCode, receiptRemoved.body).toBe(409);
    expect(receiptRemoved.json().message).toBe('A receipt is deleted or deactivated only once it is void; this one is issued. Use its “Void” action instead.');
    expect(await state('receipts', receiptId)).toEqual(receiptBefore);
    expect(await historyOf('receipts', receiptId)).toBe(receiptHistory);
    expect((await getContract(contract.id)).paid).toBe('1000.00');

    // Ended by their own actions, they may be archived.
    expect((await approver.request({ method: 'POST', url: `/api/receipts/${receiptId}/actions/void`, payload: { reason: 'Wrong amount' } })).statusCode).toBe(200);
    const voidRemoved = await cashier.request({ method: 'DELETE', url: `/api/receipts/${receiptId}` });
    expect(voidRemoved.statusCode, voidRemoved.body).toBe(200);
    expect(voidRemoved.json().data).toMatchObject({ deleted: false, deactivated: true });
    expect((await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/actions/cancel`, payload: { reason: 'Buyer withdrew' } })).statusCode).toBe(200);
    const cancelledRemoved = await approver.request({ method: 'DELETE', url: `/api/contracts/${contract.id}` });
    expect(cancelledRemoved.statusCode, cancelledRemoved.body).toBe(200);
    expect(cancelledRemoved.json().data).toMatchObject({ deleted: false, deactivated: true });
    expect(await state('contracts', contract.id)).toMatchObject({ active: false, status: 'cancelled' });
  });

  it('writes a schedule in the same few statements whatever its number of rows (set-based), each row with its version and creation entry', async () => {
    const contract = await newContract();
    const facts = (await db.query<{ customer: string; price: string }>('select customer_id::text as customer, net_price::text as price from contracts where id = $1', [contract.id])).rows[0]!;
    const plans = (
      await db.query<{ id: string; rows: number }>(
        `select id::text as id, years * case frequency when 'monthly' then 12 when 'quarterly' then 4 when 'semi_annual' then 2 else 1 end as rows
           from payment_plans where years > 0 order by 2, id`,
      )
    ).rows;
    const [fewest, most] = [plans[0]!, plans[plans.length - 1]!];
    expect(most.rows).toBeGreaterThan(fewest.rows);
    const written: { statements: number; ids: string[] }[] = [];
    for (const [index, plan] of [fewest, most].entries()) {
      let statements = 0;
      const ids = await engineTransaction(engine, (tx) => {
        // Every statement the ledger writer sends, counted.
        const counting = new Proxy(tx, {
          get(target, name) {
            if (name === 'query') return (...args: Parameters<typeof tx.query>) => ((statements += 1), target.query(...args));
            const value = Reflect.get(target, name, target) as unknown;
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
        return writeSchedule(engine, counting, SYSTEM, { contractId: contract.id, contractNumber: contract.number, customerId: facts.customer, version: 100 + index, netPrice: facts.price, planId: plan.id, startDate: '2026-11-24' });
      });
      written.push({ statements, ids });
    }
    expect(written[1]!.ids.length).toBeGreaterThan(written[0]!.ids.length);
    expect(written[1]!.statements).toBe(written[0]!.statements);
    expect(written[1]!.statements).toBeLessThan(written[1]!.ids.length);
    for (const { ids } of written) {
      const rows = await db.query<{ version: number; entries: number }>(
        "select n.version, (select count(*)::int from record_history h where h.resource = 'installments' and h.record_id = n.id and h.action = 'create') as entries from installments n where n.id = any($1::uuid[])",
        [ids],
      );
      expect(rows.rows).toHaveLength(ids.length);
      expect(rows.rows.every((row) => row.version === 1 && row.entries === 1)).toBe(true);
    }
  });

  it('stores schedules that add up to the net price exactly, for many prices and plans, with month ends clamped (property loop)', async () => {
    // The pure generator over many cases first, then stored versions of one contract.
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const frequencies: Frequency[] = ['monthly', 'quarterly', 'semi_annual', 'annual'];
    for (let index = 0; index < 300; index += 1) {
      const price = `${Math.floor(random() * 50_000_000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
      const down = String(Math.floor(random() * 40));
      const delivery = String(Math.floor(random() * 30));
      const maintenance = String(Math.floor(random() * 10));
      const schedule = generateSchedule({ price, startDate: '2027-01-31', terms: { downPaymentPct: down, years: 1 + Math.floor(random() * 8), frequency: frequencies[index % 4]!, deliveryPct: delivery, deliveryAfterMonths: 36, maintenancePct: maintenance, discountPct: 0 } });
      expect(sumMoney(schedule.lines.map((line) => line.amount))).toBe(schedule.netPrice);
    }
    const contract = await newContract({ contractDate: '2027-01-31' });
    let version = contract.scheduleVersion;
    for (let index = 0; index < 8; index += 1) {
      const planId = await plan({ downPaymentPct: String(5 + index * 3), years: 1 + (index % 3), frequency: frequencies[index % 4]!, deliveryPct: String(index % 2 ? 10 : 0), deliveryAfterMonths: 13, maintenancePct: index % 3 === 0 ? '5' : '0' });
      const netPrice = `${1_000_000 + Math.floor(random() * 9_000_000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
      const response = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { paymentPlan: planId, netPrice, reason: `Case ${index}` } });
      expect(response.statusCode, response.body).toBe(200);
      version += 1;
      const rows = await rowsOf(contract.id, version);
      expect(sumMoney(rows.map((row) => row.amount))).toBe(netPrice);
      // The last installment takes the remainder: every other installment is equal and not larger.
      const installments = rows.filter((row) => row.kind === 'installment');
      const last = installments.at(-1)!;
      for (const row of installments.slice(0, -1)) {
        expect(row.amount).toBe(installments[0]!.amount);
        expect(Number(row.amount)).toBeLessThanOrEqual(Number(last.amount));
      }
      for (const row of rows) expect(row.due_date).toMatch(/^\d{4}-(02-2[89]|04-30|06-30|09-30|11-30|\d{2}-31)$/);
    }
    const monthly = await plan({ downPaymentPct: '10', years: 1, frequency: 'monthly', deliveryPct: '0', deliveryAfterMonths: 12, maintenancePct: '0' });
    await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { paymentPlan: monthly, netPrice: '1200000.00', reason: 'Monthly' } });
    const dues = (await rowsOf(contract.id, version + 1)).map((row) => row.due_date);
    expect(dues.slice(0, 5)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    // Every earlier version is kept, superseded.
    expect((await rowsOf(contract.id, 1)).every((row) => row.status === 'superseded')).toBe(true);
  });

  it('a new schedule version carries the payments over, keeps the old one, and a later void reopens exactly what was paid', async () => {
    const contract = await newContract();
    const first = await rowsOf(contract.id, 1);
    const pay = sumMoney([first[0]!.amount, '1000.55']);
    const receipt = await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: '2026-11-24', method: 'cash', amount: pay } });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect((await rowsOf(contract.id, 1)).slice(0, 2).map((row) => [row.paid, row.status])).toEqual([[first[0]!.amount, 'paid'], ['1000.55', 'partly_paid']]);
    const newPrice = sumMoney([contract.netPrice, '-50000.00']);
    const response = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { netPrice: newPrice, reason: 'Discount agreed at signing' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ version: 2, total: newPrice });
    const old = await rowsOf(contract.id, 1);
    expect(old.every((row) => row.status === 'superseded')).toBe(true);
    expect(old.slice(0, 2).map((row) => row.paid)).toEqual([first[0]!.amount, '1000.55']);
    const fresh = await rowsOf(contract.id, 2);
    expect(sumMoney(fresh.map((row) => row.amount))).toBe(newPrice);
    expect(sumMoney(fresh.map((row) => row.paid))).toBe(pay);
    // Every old row superseded with the reason in its history; the paid new rows settled after their creation.
    const actionsOf = async (id: string) => (await db.query<{ action: string; reason: string | null }>("select action, reason from record_history where resource = 'installments' and record_id = $1 order by id", [id])).rows;
    expect(await actionsOf(old[0]!.id)).toEqual([{ action: 'create', reason: null }, { action: 'settle', reason: null }, { action: 'supersede', reason: 'Discount agreed at signing' }]);
    expect(await actionsOf(old[5]!.id)).toEqual([{ action: 'create', reason: null }, { action: 'supersede', reason: 'Discount agreed at signing' }]);
    expect((await actionsOf(fresh[0]!.id)).map((entry) => entry.action)).toEqual(['create', 'settle']);
    // The receipt's items moved: the old ones stop counting (carryOver), new ones pay the new rows.
    const items = await db.query<{ installment: string; counts: boolean; amount: string }>(
      'select installment_id::text as installment, counts, amount::text as amount from receipt_items where receipt_id = $1 order by created_on, id',
      [receipt.json().data.id],
    );
    expect(sumMoney(items.rows.filter((item) => item.counts).map((item) => item.amount))).toBe(pay);
    expect(items.rows.filter((item) => item.counts).every((item) => fresh.some((row) => row.id === item.installment))).toBe(true);
    expect(items.rows.filter((item) => !item.counts).every((item) => old.some((row) => row.id === item.installment))).toBe(true);
    expect((await getContract(contract.id)).paid).toBe(pay);
    const voided = await approver.request({ method: 'POST', url: `/api/receipts/${receipt.json().data.id}/actions/void`, payload: { reason: 'Cheque bounced' } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await rowsOf(contract.id, 2)).every((row) => row.paid === '0.00' && row.status === 'open')).toBe(true);
    expect((await getContract(contract.id)).paid).toBe('0.00');
  });

  it('moves to another unit of its project as a new version: old unit available, new one contracted, payments carried; a held or foreign unit refused', async () => {
    const contract = await newContract();
    const project = (await db.query<{ project: string }>('select project_id::text as project from contracts where id = $1', [contract.id])).rows[0]!.project;
    await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: '2026-11-24', method: 'cash', amount: '10000.00' } });
    const free = async (sameProject: boolean) =>
      (
        await db.query<{ id: string; price: string }>(
          `select u.id::text as id, u.base_price::text as price from units u where u.active and u.status = 'available' and u.base_price is not null
              and (u.project_id = $1) = $2 and not (u.id = any($3::uuid[]))
              and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null) order by u.code desc limit 1`,
          [project, sameProject, [...taken]],
        )
      ).rows[0]!;
    const foreign = await free(false);
    const refused = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { unit: foreign.id, reason: 'Move' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/another project/);
    const held = await confirmedReservation();
    const busy = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { unit: held.unit, reason: 'Move' } });
    expect(busy.statusCode).toBe(409);
    const target = await free(true);
    taken.add(target.id);
    const moved = await approver.request({ method: 'POST', url: `/api/contracts/${contract.id}/reschedule`, payload: { unit: target.id, reason: 'Buyer prefers a higher floor' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await getContract(contract.id);
    expect(after).toMatchObject({ unit: target.id, scheduleVersion: 2, paid: '10000.00' });
    expect(after.netPrice).toBe(Number(target.price).toFixed(2));
    expect(sumMoney((await rowsOf(contract.id, 2)).map((row) => row.amount))).toBe(Number(target.price).toFixed(2));
    const statuses = await db.query<{ id: string; status: string }>('select id::text as id, status from units where id = any($1::uuid[])', [[contract.unit, target.id]]);
    expect(Object.fromEntries(statuses.rows.map((row) => [row.id, row.status]))).toEqual({ [contract.unit]: 'available', [target.id]: 'contracted' });
  });

  it('the overdue job flags unpaid installments past due once, and a payment clears the flag', async () => {
    const contract = await newContract();
    const first = await runInstallmentOverdue(engine, '2026-12-01');
    expect(first.flagged).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(contract.id)).filter((row) => row.overdue).map((row) => row.seq)).toEqual([1]);
    expect((await runInstallmentOverdue(engine, '2026-12-01')).flagged).toBe(0);
    const rows = await rowsOf(contract.id);
    await clerk.request({ method: 'POST', url: '/api/receipts', payload: { customer: customerId, contract: contract.id, receiptDate: '2026-12-02', method: 'cash', amount: rows[0]!.amount } });
    expect((await rowsOf(contract.id))[0]).toMatchObject({ status: 'paid', overdue: false });
  });

  it('the project\u2019s late-payment rule: overdue only after its grace days, a late charge added once as a fee row, finance and the agent told', async () => {
    const contract = await newContract();
    const first = (await rowsOf(contract.id))[0]!;
    const project = String(contract.project);
    const before = await db.query<{ id: string; late_grace_days: number | null; late_fee_pct: string | null }>('select id::text as id, late_grace_days, late_fee_pct::text as late_fee_pct from reservation_setups where project_id = $1', [project]);
    const setup = before.rows[0];
    if (setup) await db.query('update reservation_setups set late_grace_days = 10, late_fee_pct = 2 where id = $1', [setup.id]);
    else await db.query("insert into reservation_setups (name, project_id, sign_by_days, fee_on_cancel, late_grace_days, late_fee_pct) values ('Late rule test', $1, 14, 'refund', 10, 2)", [project]);
    try {
      const due = new Date(`${first.due_date}T00:00:00Z`);
      const day = (days: number) => new Date(due.getTime() + days * 86_400_000).toISOString().slice(0, 10);
      // Within the grace days: not overdue yet.
      await runInstallmentOverdue(engine, day(10), notify);
      expect((await rowsOf(contract.id))[0]!.overdue).toBe(false);
      // A day after: overdue, charged 2 % of what is unpaid, once.
      const run = await runInstallmentOverdue(engine, day(11), notify);
      expect(run.charged).toBeGreaterThanOrEqual(1);
      const rows = await rowsOf(contract.id);
      expect(rows[0]!.overdue).toBe(true);
      const fees = rows.filter((row) => row.kind === 'fee');
      expect(fees.map((row) => row.amount)).toEqual([(Math.round(Number(first.amount) * 2) / 100).toFixed(2)]);
      const label = await db.query<{ label: string }>('select label from installments where id = $1', [fees[0]!.id]);
      expect(label.rows[0]!.label).toBe(`${contract.number} late charge #1`);
      await runInstallmentOverdue(engine, day(12), notify);
      expect((await rowsOf(contract.id)).filter((row) => row.kind === 'fee')).toHaveLength(1);
      // Finance hears of it (the department's notification names the contract).
      const told = await db.query<{ n: number }>("select count(*)::int as n from notifications n join departments d on d.id = n.department_id where lower(d.name) = 'finance' and n.title = $1", [`Overdue: ${contract.number}`]);
      expect(told.rows[0]!.n).toBe(1);
    } finally {
      if (setup) await db.query('update reservation_setups set late_grace_days = $2, late_fee_pct = $3 where id = $1', [setup.id, setup.late_grace_days, setup.late_fee_pct]);
      else await db.query('delete from reservation_setups where project_id = $1', [project]);
    }
  });

  it.skipIf(!PDFTOTEXT)('prints the contract in Arabic and English from its template: amounts in words, reading order, kept with its hash', async () => {
    const template = await db.query<{ id: string }>(
      `insert into contract_templates (name, body) values ('Bilingual test contract', $1) returning id::text as id`,
      [
        '[ar]\nحرر هذا العقد بتاريخ {{date}} بين الشركة المطورة والسيد {{customer.name}} عن الوحدة {{unit.code}} في مشروع {{project.name}} بثمن صافٍ قدره {{netPrice}} ({{netPriceWords}})، يسدد كالآتي:\n{{schedule}}\n[en]\nThis contract is made on {{date}} between the developer and {{customer.name}} for unit {{unit.code}} in {{project.name}} at a net price of {{netPrice}}, payable as follows:\n{{schedule}}',
      ],
    );
    const made = await newContract({ template: template.rows[0]!.id });
    // A price whose Arabic words carry no tanween: pdftotext puts a raised tanween mark on a line of
    // its own (the pages, looked at, show it in place), which would break a reading-order check.
    expect((await approver.request({ method: 'POST', url: `/api/contracts/${made.id}/reschedule`, payload: { netPrice: '2156000.00', reason: 'Price agreed' } })).statusCode).toBe(200);
    const contract = await getContract(made.id);
    expect(contract.netPrice).toBe('2156000.00');
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const text = async (lang: 'ar' | 'en') => {
      const response = await clerk.request({ method: 'GET', url: `/api/contracts/${contract.id}/print?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const file = join(dir, `${lang}.pdf`);
      writeFileSync(file, response.rawPayload);
      return { text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }), hash: createHash('sha256').update(response.rawPayload).digest('hex') };
    };
    const ar = await text('ar');
    const en = await text('en');
    if (process.env['KEEP_PRINTS']) execFileSync('cp', [join(dir, 'ar.pdf'), join(dir, 'en.pdf'), process.env['KEEP_PRINTS']]);
    const arWords = amountInWords(contract.netPrice, { lang: 'ar' });
    // pdftotext's known artefacts, not the print's (the rendered pages are looked at): it gives a
    // lam-alef ligature's two letters back swapped and moves short-vowel marks (tanween); both sides
    // are compared with those undone. Everything else must read in order as written.
    const squash = (value: string) =>
      value
        .replace(/[\u064B-\u0652]/g, '')
        .replace(/\u0644([\u0623\u0625\u0622\u0627])/g, '$1\u0644')
        .replace(/[\s\u200e\u200f\u202a-\u202e]+/g, ' ');
    const arText = squash(ar.text);
    expect(arText).toContain(squash(`فقط ${arWords}`));
    expect(arText).toContain(squash('عقد بيع وحدة'));
    expect(arText).toContain(squash(`حرر هذا العقد بتاريخ ${toEastern(String(contract.contractDate).split('-').reverse().join('/'))} بين الشركة المطورة والسيد محمد أحمد علي عن الوحدة`));
    expect(arText).toContain(contract.number);
    expect(arText).toContain(squash('جدول السداد'));
    expect(squash(en.text)).toContain(squash(`In words ${amountInWords(contract.netPrice, { lang: 'en' })}`));
    expect(squash(en.text)).toContain(`This contract is made on ${formatDate(contract.contractDate)} between the developer and محمد أحمد علي for unit`);
    const prints = await clerk.request({ method: 'GET', url: `/api/contracts/${contract.id}/prints` });
    expect(prints.json().data.map((print: { sha256: string; lang: string }) => [print.lang, print.sha256]).sort()).toEqual([['ar', ar.hash], ['en', en.hash]].sort());
    const kept = await clerk.request({ method: 'GET', url: `/api/contracts/${contract.id}/prints/${prints.json().data[0].id}` });
    expect(createHash('sha256').update(kept.rawPayload).digest('hex')).toBe(prints.json().data[0].sha256);
  });
});
