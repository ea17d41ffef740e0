import { compareMoney, percentOf, subtractMoney } from '@propdesk/finance';
import { createRecord, engineTransaction, runAction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { contracts } from './definition.js';
import { moveStep } from './lifecycle.server.js';
import { receipts } from '../receipts/definition.js';
import { addDays, createReservation } from '../reservations/index.server.js';
import { RESERVATION_SETUP_FACTS } from '../reservations/facts.server.js';
import { INSTALLMENT_FACTS, INSTALLMENT_BALANCE_FACTS } from '../installments/facts.server.js';
import { OPEN_INSTALLMENT_STATES, type InstallmentState } from '../installments/definition.js';
import { CUSTOMER_FACTS, customerIdByNationalId } from '../leads/facts.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-contracts-seeded';

/** The demo's bilingual template: each language's text after its marker line. */
export const BILINGUAL_TEMPLATE = `[ar]
حرر هذا العقد بتاريخ {{date}} بين {{seller.name}} (البائع) والسيد/ة {{customer.name}} (المشتري) عن الوحدة رقم {{unit.code}} في مشروع {{project.name}}، بثمن صافٍ قدره {{netPrice}} ({{netPriceWords}})، يسدد وفقًا للجدول التالي:
{{schedule}}
ويقر المشتري بأنه عاين الوحدة المعاينة النافية للجهالة.
[en]
This contract is made on {{date}} between {{seller.name}} (the seller) and {{customer.name}} (the buyer) for unit {{unit.code}} in {{project.name}}, at a net price of {{netPrice}} ({{netPriceWords}}), payable by the following schedule:
{{schedule}}
The buyer declares having inspected the unit.`;

/** An installment a cheque covers: overdue once the cheque's date and the project's grace days pass without it clearing. */
const COVERED: InstallmentState = 'covered';
const idOf = async (tx: Queryable, sql: string, params: unknown[]) => (await tx.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;

/** The database's calendar day (the overdue job's and the cheque register's), YYYY-MM-DD. */
export const demoToday = async (tx: Queryable) => (await tx.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;

type Method = 'bank_transfer' | 'cash';
/**
 * How a buyer paid an installment that fell due: `late` days after its due date (0: on the day),
 * `pct` percent of it (a part payment), by `method`; `void` also issues one that is voided (keyed twice).
 */
type Payment = { late?: number; pct?: string; method?: Method; void?: boolean };

/**
 * The demo's sales, by the buyer's national ID (the cheque demo finds them by it). Contract dates
 * are days before the seeding day, so a year of collections and the overdue ages read the same
 * whenever the demo is seeded; `pay` lists what was paid on the installments that fell due, oldest
 * first (the rest stays open: the cheque demo pays some by cheque, the others are overdue).
 */
export const DEMO_SALES = [
  // Paid on time all year; the cheque demo pays the latest by a cleared cheque and holds post-dated cheques for the next ones.
  { buyer: ['Sherif Abdelaziz', '28410101234571', '+201001234571'], project: 'Palm Heights', plan: '10% down, 7 years quarterly', daysAgo: 350, agent: 'sales.agent', pay: [{}, { method: 'cash' }, { late: 6 }] },
  // The second installment by a cheque that bounced and was replaced (the cheque demo).
  { buyer: ['Rania Mostafa', '29108081234572', '+201001234572'], project: 'Zayed Residences', plan: '20% down, 5 years semi-annual', daysAgo: 320, agent: 'nadia.sales', pay: [{}] },
  // The down payment in two transfers; the next annual installment by a post-dated cheque.
  { buyer: ['Waleed Shawky', '28302021234573', '+201001234573'], project: 'North Coast Bay', plan: '25% down, 4 years annual', daysAgo: 300, agent: 'nadia.sales', pay: [{ pct: '60' }, { late: 20 }] },
  // Monthly; paid until June (June by a cheque that cleared), then stopped (the July cheque bounced and was returned): overdue in every age band.
  { buyer: ['Heba Saad', '29005051234574', '+201001234574'], project: 'Palm Heights', plan: '5% down, 8 years monthly', daysAgo: 290, agent: 'sales.agent', pay: [{}, { method: 'cash' }, { late: 12 }, { method: 'cash', late: 3 }] },
  // The second installment partly paid and late (over 90 days now), the third unpaid (its cheque bounced).
  { buyer: ['Tamer Ragab', '28709091234575', '+201001234575'], project: 'Palm Heights', plan: '10% down, 7 years quarterly', daysAgo: 200, agent: 'nadia.sales', pay: [{}, { late: 10, pct: '40', method: 'cash' }] },
  // Monthly, paid late, one receipt keyed twice and voided; September by a cheque that cleared, October's bounced and was re-deposited.
  { buyer: ['Nermine Fathy', '29211111234576', '+201001234576'], project: 'Palm Heights', plan: '5% down, 8 years monthly', daysAgo: 150, agent: 'sales.agent', pay: [{}, { late: 8, method: 'cash' }, { late: 15, void: true }] },
  // The reservation demo's buyers: the first paid part of the second installment (61–90 days late now).
  { buyer: ['Hany Fouad', '28507011234561', null], project: 'Palm Heights', plan: null, daysAgo: 177, agent: null, pay: [{}, { late: 1, pct: '40', method: 'cash' }] },
  // Moved to legal review.
  { buyer: ['Mariam Adel', '29002021234562', null], project: 'Zayed Residences', plan: null, daysAgo: 70, agent: null, pay: [{}], step: 'Send to legal' },
  // Signed four days ago: most of the down payment by transfer, the rest by a cheque being cleared.
  { buyer: ['Omar Khaled', '28803031234563', null], project: 'North Coast Bay', plan: null, daysAgo: 4, agent: null, pay: [{ pct: '80' }] },
] as const satisfies readonly { buyer: readonly [string, string, string | null]; project: string; plan: string | null; daysAgo: number; agent: string | null; pay: readonly Payment[]; step?: string }[];

/** The demo contract of a buyer of `DEMO_SALES`, by their national ID. */
export async function demoContractOf(tx: Queryable, nationalId: string) {
  const rows = await tx.query<{ id: string; number: string; customer_id: string; drawer: string; project: string }>(
    `select c.id::text as id, c.number, c.customer_id::text as customer_id, cu.full_name as drawer, p.name as project
       from contracts c join ${CUSTOMER_FACTS} cu on cu.id = c.customer_id join projects p on p.id = c.project_id
      where cu.national_id = $1 and c.notes = 'Demo contract.' order by c.number limit 1`,
    [nationalId],
  );
  return rows.rows[0] ?? null;
}

/**
 * The overdue flags as the daily job would leave them: installments still owed after their due date,
 * and those covered by a cheque whose date (plus the project's grace days) passed without it clearing.
 */
export async function flagOverdueDemo(engine: EngineContext, tx: Queryable) {
  const due = await tx.query<{ id: string; status: string }>(
    `select i.id::text as id, i.status from ${INSTALLMENT_BALANCE_FACTS} i join contracts c on c.id = i.contract_id
       left join ${RESERVATION_SETUP_FACTS} s on s.project_id = c.project_id and s.active
      where not coalesce(i.overdue, false) and ((i.status = any($1::text[]) and i.due_date < current_date)
         or (i.status = $2 and greatest(i.cheque_date, i.due_date) + coalesce(s.late_grace_days, 0) < current_date))
      order by i.id`,
    [[...OPEN_INSTALLMENT_STATES], COVERED],
  );
  for (const row of due.rows) {
    const reason = row.status === COVERED ? 'Its cheque’s date passed without it clearing' : 'Due date passed unpaid';
    await updateRecord(engine, tx, engine.registry.get('installments'), { auth: null, source: 'job' }, row.id, { overdue: true }, { ignoreVersion: true, allowReadOnly: true, action: 'overdue', reason });
  }
}

/**
 * The contract demo, once across processes (after the reservation demo): a bilingual template, and
 * the `DEMO_SALES` contracts over the last year in the three projects, each made from a new
 * confirmed reservation (the agent's where it names one), with receipts paying its installments as
 * they fell due — most on time, some late, some in part, one voided — by transfer or cash, and one
 * moved a step. Written through the engine as the product writes them; every amount is read from
 * the contract's ledger. Answers the contracts made.
 */
export async function seedContractDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const templates = engine.registry.get('contract-templates');
    const template =
      (await idOf(tx, "select id::text as id from contract_templates where name = 'Bilingual sale contract'", [])) ??
      (await createRecord(engine, tx, templates, SYSTEM, { name: 'Bilingual sale contract', body: BILINGUAL_TEMPLATE })).id;
    const today = await demoToday(tx);
    let made = 0;
    for (const sale of DEMO_SALES) {
      const [fullName, nationalId, phone] = sale.buyer;
      const project = await idOf(tx, 'select id::text as id from projects where name = $1', [sale.project]);
      const customer =
        (await customerIdByNationalId(tx, nationalId)) ??
        (phone ? (await createRecord(engine, tx, engine.registry.get('customers'), SYSTEM, { kind: 'individual', fullName, nationalId, phone })).id : null);
      if (!project || !customer) continue;
      const plan =
        (sale.plan ? await idOf(tx, 'select id::text as id from payment_plans where name = $1 and (project_id = $2 or project_id is null)', [sale.plan, project]) : null) ??
        (await idOf(tx, 'select id::text as id from payment_plans where project_id = $1 or project_id is null order by project_id nulls last, name limit 1', [project]));
      const unit = await idOf(
        tx,
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null) order by u.code limit 1`,
        [project],
      );
      if (!plan || !unit) continue;
      const agentId = sale.agent ? await idOf(tx, 'select id::text as id from users where username = $1', [sale.agent]) : null;
      const reservation = await createReservation(engine, tx, { unitId: unit, customerId: customer, agentId, paymentPlanId: plan, discountKind: 'percent', discountValue: '0' }, SYSTEM);
      if (reservation.status !== 'confirmed') continue;
      const contractDate = addDays(today, -sale.daysAgo);
      const contract = await createRecord(engine, tx, contracts, SYSTEM, { reservation: reservation.id, template, contractDate, notes: 'Demo contract.' });
      made += 1;
      const due = await tx.query<{ seq: number; due_date: string; amount: string }>(
        `select i.seq, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.amount::text as amount from ${INSTALLMENT_FACTS} i where i.contract_id = $1 and i.due_date <= $2::date order by i.due_date, i.seq`,
        [contract.id, today],
      );
      let serial = 0;
      // Each payment is on the oldest installment still open (as a receipt allocates): in full, or a part of it.
      let cursor = 0;
      let open = due.rows[0]?.amount ?? '0.00';
      for (const payment of sale.pay as readonly Payment[]) {
        const row = due.rows[cursor];
        if (!row) break;
        const amount = payment.pct ? percentOf(row.amount, payment.pct) : open;
        const receiptDate = addDays(row.due_date, payment.late ?? 0);
        if (receiptDate > today) break;
        const method: Method = payment.method ?? 'bank_transfer';
        const write = () => {
          serial += 1;
          const reference = method === 'bank_transfer' ? `TRX-${String(contract.number)}-${serial}` : null;
          return createRecord(engine, tx, receipts, SYSTEM, { customer, contract: contract.id, receiptDate, method, reference, amount });
        };
        if (payment.void) {
          const twice = await write();
          await runAction(engine, tx, receipts, SYSTEM, twice.id, 'void', receipts.actions!.void!, { reason: 'Keyed twice; the transfer is on the next receipt' });
        }
        await write();
        open = subtractMoney(open, amount);
        if (compareMoney(open, 0) <= 0) {
          cursor += 1;
          open = due.rows[cursor]?.amount ?? '0.00';
        }
      }
      if ('step' in sale && sale.step) {
        const action = await idOf(tx, 'select id::text as id from contract_actions where name = $1', [sale.step]);
        if (action) await moveStep(engine, tx, SYSTEM, contract.id, action, { reason: 'Papers complete' });
      }
    }
    await flagOverdueDemo(engine, tx);
    return made;
  });
}
