import { createRecord, engineTransaction, runAction, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { demoCaller } from '../../server/demoCaller.js';
import { holdRequests } from './definition.js';
import { setupFor } from './lifecycle.server.js';
import { createReservation } from '../reservations/index.server.js';
import { releaseClaim } from '../unit-claims/index.server.js';
import { firstActiveCustomerIds } from '../leads/facts.server.js';

const DEMO_KEY = 'demo-holds-seeded';
const JOB: Caller = { auth: null, source: 'job' };
const PROJECTS = ['Palm Heights', 'Zayed Residences', 'North Coast Bay'] as const;
type Action = keyof NonNullable<typeof holdRequests.actions>;


/**
 * The hold demo, once across processes: in each of the three projects a hold in every state, written
 * through the engine as people would (requested by the agents, decided by the sales manager): pending and
 * rejected (where the project's setup asks for approval), approved for a day, approved and expiring within hours (today), rejected, released, expired (as the
 * expiry job leaves it) and converted into a reservation. Runs after the reservations demo (its setups
 * and buyers). Answers how many holds it made.
 */
export async function seedHoldDemo(engine: EngineContext): Promise<number> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query(`insert into app_state (key, value) values ('${DEMO_KEY}', 'true'::jsonb) on conflict (key) do nothing returning key`);
    if (claimed.rows.length === 0) return 0;
    const agent = await demoCaller(tx, 'sales.agent');
    const nadia = await demoCaller(tx, 'nadia.sales');
    const manager = await demoCaller(tx, 'sales.manager');
    const customers = await firstActiveCustomerIds(tx, 6);
    if (customers.length === 0) return 0;
    let made = 0;
    let round = 0;
    const act = (caller: Caller, id: string, action: Action, reason?: string) => runAction(engine, tx, holdRequests, caller, id, action, holdRequests.actions![action]!, reason ? { reason } : {});
    for (const name of PROJECTS) {
      const project = (await tx.query<{ id: string }>('select id::text as id from projects where name = $1', [name])).rows[0]?.id;
      if (!project) continue;
      const plan = (await tx.query<{ id: string }>('select id::text as id from payment_plans where project_id = $1 or project_id is null order by project_id nulls last, name limit 1', [project])).rows[0]?.id;
      const units = (
        await tx.query<{ id: string }>(
          `select u.id::text as id from units u
            where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
              and not exists (select 1 from unit_claims c where c.unit_id = u.id and c.released_at is null)
            order by u.code limit 7`,
          [project],
        )
      ).rows.map((row) => row.id);
      if (units.length < 7 || !plan) continue;
      const request = async (caller: Caller, unit: string, hours: number, reason: string) => {
        const hold = await createRecord(engine, tx, holdRequests, caller, { unit, customer: customers[round++ % customers.length], hours, reason });
        made += 1;
        return hold;
      };
      // Where the project's setup needs no approval the request is approved at once; otherwise the manager decides.
      const approved = async (caller: Caller, unit: string, hours: number, reason: string) => {
        const hold = await request(caller, unit, hours, reason);
        if (hold.status === 'pending') await act(manager, hold.id, 'approve');
        return hold;
      };
      const [pendingUnit, longUnit, shortUnit, rejectedUnit, releasedUnit, expiredUnit, convertedUnit] = units as [string, string, string, string, string, string, string];
      // Those that end first, so no agent passes the project's limit of active holds (two in North Coast Bay).
      const released = await approved(agent, releasedUnit, 24, 'The customer compares two floors.');
      await act(agent, released.id, 'release', 'The customer chose another floor.');
      // Converted: the approved hold becomes a reservation (its claim handed over).
      const converted = await approved(agent, convertedUnit, 24, 'The customer pays the reservation fee tomorrow.');
      await createReservation(engine, tx, { unitId: convertedUnit, customerId: String(converted.customer), paymentPlanId: plan, discountKind: 'percent', discountValue: '0', source: { kind: 'hold', holdId: converted.id } }, agent);
      // Expired as the expiry job leaves a hold whose time ran out.
      const expired = await approved(nadia, expiredUnit, 12, 'The customer travels this week.');
      await updateRecord(engine, tx, holdRequests, JOB, expired.id, { status: 'expired', expiresAt: new Date(Date.now() - 3_600_000).toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: 'The hold time ran out' });
      await releaseClaim(engine, tx, JOB, { resource: holdRequests.name, id: expired.id }, { action: 'expire', reason: `${String(expired.number)} expired` });
      // Where the setup needs no approval a request is approved at once: nothing waits and nothing is rejected.
      const decided = (await setupFor(tx, project)).requiresApproval;
      if (decided) {
        const rejected = await request(nadia, rejectedUnit, 24, 'A second unit for the same customer.');
        await act(manager, rejected.id, 'reject', 'One hold per customer during the launch.');
      }
      // Live ones: waiting for a decision, held for a day, and held for a few hours (expiring today).
      if (decided) await request(agent, pendingUnit, 24, 'The customer visits the show unit on Saturday.');
      await approved(nadia, longUnit, 24, 'Waiting for the customer’s bank letter.');
      await approved(agent, shortUnit, 4, 'The customer signs this afternoon.');
    }
    return made;
  });
}

/**
 * The hold request setups of the demo company, as reference rows for the engine's seed (references by
 * name): one per project, approved by the Sales department (the field's defaults: 48 hours, 3 active
 * holds per agent).
 */
export function holdDemoSetups() {
  return [
    {
      resource: 'hold-request-setups',
      rows: [
        { name: 'Palm Heights holds', project: 'Palm Heights', maxHoldHours: 48, maxActiveHoldsPerAgent: 3, requiresApproval: true, approverDepartment: 'Sales' },
        { name: 'Zayed Residences holds', project: 'Zayed Residences', maxHoldHours: 72, maxActiveHoldsPerAgent: 3, requiresApproval: true, approverDepartment: 'Sales' },
        { name: 'North Coast Bay holds', project: 'North Coast Bay', maxHoldHours: 24, maxActiveHoldsPerAgent: 2, requiresApproval: false },
      ],
    },
  ] as const;
}
