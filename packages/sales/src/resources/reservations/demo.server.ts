import { createRecord, engineTransaction, runAction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import type { Queryable } from '@propdesk/server-kit';
import { demoCaller } from '../../server/demoCaller.js';
import { discountAuthorities, reservationSetups, reservations } from './definition.js';
import { createReservation } from './create.server.js';
import { reservationDoc } from './lifecycle.server.js';
import { addDays, todayInCairo } from './setup.server.js';
import { reservationPayments } from '../reservation-payments/definition.js';
import { releaseClaim } from '../unit-claims/index.server.js';
import { customerIdByNationalId } from '../leads/facts.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const DEMO_KEY = 'demo-reservations-seeded';

const SETUPS = [
  { project: 'Palm Heights', signByDays: 14, defaultFee: '100000.00', feeOnCancel: 'refund' },
  { project: 'Zayed Residences', signByDays: 14, defaultFee: '75000.00', feeOnCancel: 'forfeit' },
  { project: 'North Coast Bay', signByDays: 21, defaultFee: '150000.00', feeOnCancel: 'refund' },
] as const;

/** The discount each demo role may give without approval (the example: 2% agents, 5% sales managers). */
const AUTHORITIES = [
  { role: 'Sales Agent', maxPct: '2' },
  { role: 'Sales Manager', maxPct: '5' },
] as const;

const BUYERS = [
  ['Hany Fouad', '28507011234561', '+201001234561'],
  ['Mariam Adel', '29002021234562', '+201001234562'],
  ['Omar Khaled', '28803031234563', '+201001234563'],
  ['Salma Yousry', '29104041234564', '+201001234564'],
  ['Karim Lotfy', '28705051234565', '+201001234565'],
  ['Nour Samir', '29206061234566', '+201001234566'],
] as const;


const idOf = async (tx: Queryable, sql: string, params: unknown[]) => (await tx.query<{ id: string }>(sql, params)).rows[0]?.id ?? null;

/**
 * The reservation demo, once across processes: each project's reservation setup, the discount
 * authorities, six buyers, and in each of the three projects reservations in every state but contracted (draft,
 * waiting for approval, confirmed with its fee paid (twice: one ready for a contract), cancelled, expired; the
 * contracts demo, which runs next, adds contracted ones), all written
 * through the engine as the product writes them. Answers how many reservations it made.
 */
export async function seedReservationDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const finance = await idOf(tx, "select id::text as id from departments where name = 'Finance'", []);
    for (const setup of SETUPS) {
      const project = await idOf(tx, 'select id::text as id from projects where name = $1', [setup.project]);
      if (!project || (await idOf(tx, 'select id::text as id from reservation_setups where project_id = $1', [project]))) continue;
      await createRecord(engine, tx, reservationSetups, SYSTEM, { name: `${setup.project} reservations`, project, signByDays: setup.signByDays, defaultFee: setup.defaultFee, feeOnCancel: setup.feeOnCancel, approverDepartment: finance });
    }
    for (const authority of AUTHORITIES) {
      const role = await idOf(tx, 'select id::text as id from roles where name = $1', [authority.role]);
      if (!role || (await idOf(tx, 'select id::text as id from discount_authorities where role_id = $1', [role]))) continue;
      await createRecord(engine, tx, discountAuthorities, SYSTEM, { role, maxPct: authority.maxPct });
    }
    const customers: string[] = [];
    for (const [fullName, nationalId, phone] of BUYERS) {
      const found = await customerIdByNationalId(tx, nationalId);
      customers.push(found ?? (await createRecord(engine, tx, engine.registry.get('customers'), SYSTEM, { kind: 'individual', fullName, nationalId, phone })).id);
    }
    const agent = await demoCaller(tx, 'sales.agent');
    const nadia = await demoCaller(tx, 'nadia.sales');
    const financeCaller = await demoCaller(tx, 'finance.manager');
    const today = todayInCairo();
    let made = 0;
    let round = 0;
    for (const setup of SETUPS) {
      const project = await idOf(tx, 'select id::text as id from projects where name = $1', [setup.project]);
      if (!project) continue;
      const plan = await idOf(tx, 'select id::text as id from payment_plans where project_id = $1 or project_id is null order by project_id nulls last, name limit 1', [project]);
      const units = await tx.query<{ id: string }>(
        `select u.id::text as id from units u
          where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
            and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
          order by u.code desc limit 6`,
        [project],
      );
      if (!plan || units.rows.length < 6) continue;
      const [draftUnit, pendingUnit, confirmedUnit, contractedUnit, cancelledUnit, expiredUnit] = units.rows.map((row) => row.id) as [string, string, string, string, string, string];
      const buyer = () => customers[round++ % customers.length]!;
      const base = { paymentPlanId: plan, discountKind: 'percent' as const };

      await createReservation(engine, tx, { ...base, unitId: draftUnit, customerId: buyer(), discountValue: '1', submit: false, notes: 'Waiting for the second buyer’s papers.' }, agent);
      // 4% is above the agent's 2%: it waits for finance.
      await createReservation(engine, tx, { ...base, unitId: pendingUnit, customerId: buyer(), discountValue: '4' }, agent);
      const first = buyer();
      const confirmed = await createReservation(engine, tx, { ...base, unitId: confirmedUnit, customerId: first, buyers: [{ customerId: first, share: '50' }, { customerId: buyer(), share: '50' }], discountValue: '2' }, nadia);
      await payFee(engine, tx, confirmed.id, String(confirmed.fee), agent, financeCaller, today);
      // Confirmed with its fee paid, ready for a contract (the contracts demo contracts reservations of its own).
      const ready = await createReservation(engine, tx, { ...base, unitId: contractedUnit, customerId: buyer(), discountValue: '1.5' }, agent);
      await payFee(engine, tx, ready.id, String(ready.fee), agent, financeCaller, today);
      const cancelled = await createReservation(engine, tx, { ...base, unitId: cancelledUnit, customerId: buyer(), discountValue: '0' }, nadia);
      await runAction(engine, tx, reservations, nadia, cancelled.id, 'cancel', reservations.actions!.cancel!, { reason: 'The customer chose another project.' });
      // Expired as the job does: its sign-by date passed unsigned.
      const expired = await createReservation(engine, tx, { ...base, unitId: expiredUnit, customerId: buyer(), discountValue: '0.5', signBy: today }, agent);
      await updateRecord(engine, tx, reservations, { auth: null, source: 'job' }, expired.id, { status: 'expired', signBy: addDays(today, -1) }, { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: 'The sign-by date passed' });
      await releaseClaim(engine, tx, { auth: null, source: 'job' }, reservationDoc(expired.id), { action: 'expire', reason: `${String(expired.number)} expired` });
      made += 6;
    }
    return made;
  });
}

/** A fee payment recorded by the agent and approved by finance (the reservation's fee paid follows). */
async function payFee(engine: EngineContext, tx: Queryable, reservationId: string, amount: string, agent: Caller, finance: Caller, today: string) {
  if (!amount || Number(amount) <= 0) return;
  const payment = await createRecord(engine, tx, reservationPayments, agent, { reservation: reservationId, kind: 'fee', amount, paidOn: today, reference: `TRX-${reservationId.slice(0, 8).toUpperCase()}` }, {}, { workflow: true });
  await runAction(engine, tx, reservationPayments, finance, payment.id, 'approve', reservationPayments.actions!.approve!, {});
}
