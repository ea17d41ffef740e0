import { createRecord, engineTransaction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { contracts } from './definition.js';
import { moveStep } from './lifecycle.server.js';
import { receipts } from '../receipts/definition.js';
import { createReservation } from '../reservations/create.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-contracts-seeded';

/** The demo's bilingual template: each language's text after its marker line. */
export const BILINGUAL_TEMPLATE = `[ar]
حرر هذا العقد بتاريخ {{date}} بين الشركة المطورة (البائع) والسيد/ة {{customer.name}} (المشتري) عن الوحدة رقم {{unit.code}} في مشروع {{project.name}}، بثمن صافٍ قدره {{netPrice}} ({{netPriceWords}})، يسدد وفقًا للجدول التالي:
{{schedule}}
ويقر المشتري بأنه عاين الوحدة المعاينة النافية للجهالة.
[en]
This contract is made on {{date}} between the developer (the seller) and {{customer.name}} (the buyer) for unit {{unit.code}} in {{project.name}}, at a net price of {{netPrice}} ({{netPriceWords}}), payable by the following schedule:
{{schedule}}
The buyer declares having inspected the unit.`;

const idOf = async (tx: Queryable, sql: string, params: unknown[]) => (await tx.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;

/**
 * The contract demo, once across processes (after the reservation demo): a bilingual template, and
 * in each project a contract made from a new confirmed reservation, with receipts paying part of
 * its schedule (one contract signed months ago, so some installments are overdue), one contract
 * moved a step. Written through the engine as the product writes them. Answers the contracts made.
 */
export async function seedContractDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const templates = engine.registry.get('contract-templates');
    const template =
      (await idOf(tx, "select id::text as id from contract_templates where name = 'Bilingual sale contract'", [])) ??
      (await createRecord(engine, tx, templates, SYSTEM, { name: 'Bilingual sale contract', body: BILINGUAL_TEMPLATE })).id;
    const customers = (await tx.query<{ id: string }>("select id::text as id from customers where national_id in ('28507011234561', '29002021234562', '28803031234563') order by national_id")).rows.map((row) => row.id);
    const dates = ['2026-05-31', '2026-09-15', '2026-11-20'];
    let made = 0;
    for (const [index, projectName] of ['Palm Heights', 'Zayed Residences', 'North Coast Bay'].entries()) {
      const project = await idOf(tx, 'select id::text as id from projects where name = $1', [projectName]);
      const customer = customers[index % Math.max(customers.length, 1)];
      if (!project || !customer) continue;
      const plan = await idOf(tx, 'select id::text as id from payment_plans where project_id = $1 or project_id is null order by project_id nulls last, name limit 1', [project]);
      const unit = await idOf(
        tx,
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null) order by u.code limit 1`,
        [project],
      );
      if (!plan || !unit) continue;
      const reservation = await createReservation(engine, tx, { unitId: unit, customerId: customer, paymentPlanId: plan, discountKind: 'percent', discountValue: '0' }, SYSTEM);
      if (reservation.status !== 'confirmed') continue;
      const contract = await createRecord(engine, tx, contracts, SYSTEM, { reservation: reservation.id, template, contractDate: dates[index]!, notes: 'Demo contract.' });
      made += 1;
      const rows = await tx.query<{ amount: string }>("select amount::text as amount from installments where contract_id = $1 order by seq limit 2", [contract.id]);
      const downPayment = rows.rows[0]?.amount;
      if (downPayment) {
        await createRecord(engine, tx, receipts, SYSTEM, { customer, contract: contract.id, receiptDate: dates[index]!, method: 'bank_transfer', reference: `TRX-${String(contract.number)}`, amount: downPayment });
      }
      if (index === 0 && rows.rows[1]) {
        // A partial payment of the first installment; the rest of that schedule falls overdue.
        await createRecord(engine, tx, receipts, SYSTEM, { customer, contract: contract.id, receiptDate: '2026-09-01', method: 'cash', amount: '25000.00' });
      }
      if (index === 1) {
        const action = await idOf(tx, "select id::text as id from contract_actions where name = 'Send to legal'", []);
        if (action) await moveStep(engine, tx, SYSTEM, contract.id, action, { reason: 'Papers complete' });
      }
    }
    // The overdue flags as the daily job would leave them.
    const due = await tx.query<{ id: string }>("select id::text as id from installments where status in ('open', 'partly_paid') and due_date < current_date order by id");
    for (const row of due.rows) {
      await updateRecord(engine, tx, engine.registry.get('installments'), { auth: null, source: 'job' }, row.id, { overdue: true }, { ignoreVersion: true, allowReadOnly: true, action: 'overdue', reason: 'Due date passed unpaid' });
    }
    return made;
  });
}
