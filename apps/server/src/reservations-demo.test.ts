import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, seededDatabases } from './test/harness.js';

/** The reservation demo (issue 17): every state in each of the three projects, written as the product writes them. */
describe.each(DB_KINDS)('reservation demo on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;

  beforeAll(async () => {
    db = await databases.open();
  });

  afterAll(async () => {
    await databases.cleanup();
  });

  it('has a reservation in every state in each project, the unit following each state', async () => {
    const rows = await db.query<{ project: string; status: string; unit_status: string; live: string | null; fee: string; fee_paid: string }>(
      `select p.name as project, r.status, u.status as unit_status, c.kind as live, r.fee::text as fee, r.fee_paid::text as fee_paid
         from reservations r join projects p on p.id = r.project_id join units u on u.id = r.unit_id
         left join unit_claims c on c.document_id = r.id and c.released_at is null
        where r.source = 'unit' order by p.name, r.number`,
    );
    for (const project of ['Palm Heights', 'Zayed Residences', 'North Coast Bay']) {
      const mine = rows.rows.filter((row) => row.project === project);
      // Contracted ones come from the contracts demo, which contracts confirmed reservations of its own.
      expect(new Set(mine.map((row) => row.status)), project).toEqual(new Set(['cancelled', 'confirmed', 'contracted', 'draft', 'expired', 'pending_approval']));
      // Every reservation's unit follows its state.
      const units: Record<string, [string, string | null]> = { draft: ['on_hold', 'hold'], pending_approval: ['on_hold', 'hold'], confirmed: ['reserved', 'reservation'], contracted: ['contracted', null] };
      for (const row of mine) {
        if (units[row.status]) expect([row.unit_status, row.live], `${project} ${row.status}`).toEqual(units[row.status]);
        else expect(row.live, `${project} ${row.status}`).toBeNull();
      }
      expect(mine.some((row) => row.status === 'confirmed' && row.fee_paid === row.fee && Number(row.fee) > 0), `${project}: a confirmed reservation with its fee paid`).toBe(true);
    }
    const history = await db.query<{ n: number }>("select count(*)::int as n from record_history h join reservations r on r.id = h.record_id where h.resource = 'reservations' and h.action = 'create'");
    expect(history.rows[0]!.n).toBeGreaterThanOrEqual(18);
  });

  it('gives agents 2% and sales managers 5% of discount authority, and each project its reservation rules', async () => {
    const authorities = await db.query<{ role: string; pct: string }>('select r.name as role, d.max_pct::text as pct from discount_authorities d join roles r on r.id = d.role_id order by r.name');
    expect(authorities.rows.map((row) => [row.role, Number(row.pct)])).toEqual([
      ['Sales Agent', 2],
      ['Sales Manager', 5],
    ]);
    const setups = await db.query<{ n: number }>("select count(*)::int as n from reservation_setups s join departments d on d.id = s.approver_department_id where d.name = 'Finance'");
    expect(setups.rows[0]!.n).toBe(3);
  });
});
