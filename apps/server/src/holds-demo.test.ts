import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, seededDatabases } from './test/harness.js';

/** The hold demo (issue 17): every state in each of the three projects, the unit and its claim following each. */
describe.each(DB_KINDS)('hold demo on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;

  beforeAll(async () => {
    db = await databases.open();
  });

  afterAll(async () => {
    await databases.cleanup();
  });

  it('has a hold in every state in each project, with the unit held only while the hold is live', async () => {
    const rows = await db.query<{ project: string; number: string; status: string; unit_status: string; live: string | null; unit_claim: string | null; expires_at: Date | null; history: number }>(
      `select p.name as project, h.number, h.status, u.status as unit_status, c.kind as live, uc.kind as unit_claim, h.expires_at,
              (select count(*)::int from record_history r where r.resource = 'hold-requests' and r.record_id = h.id) as history
         from hold_requests h join projects p on p.id = h.project_id join units u on u.id = h.unit_id
         left join unit_claims c on c.document_id = h.id and c.released_at is null
         left join unit_claims uc on uc.unit_id = h.unit_id and uc.released_at is null
        order by p.name, h.number`,
    );
    for (const project of ['Palm Heights', 'Zayed Residences', 'North Coast Bay']) {
      const mine = rows.rows.filter((row) => row.project === project);
      const decided = (await db.query<{ requires_approval: boolean | null }>('select s.requires_approval from hold_request_setups s join projects p on p.id = s.project_id where p.name = $1', [project])).rows[0]?.requires_approval !== false;
      // A project whose setup needs no approval approves at once: none of its holds waits or is rejected.
      const states = decided ? ['approved', 'converted', 'expired', 'pending', 'rejected', 'released'] : ['approved', 'converted', 'expired', 'released'];
      expect(new Set(mine.map((row) => row.status)), project).toEqual(new Set(states));
      for (const row of mine) {
        // Written through the engine: each hold has its history.
        expect(row.history, `${project} ${row.number}`).toBeGreaterThan(0);
        if (row.status === 'approved') expect([row.unit_status, row.live], `${project} ${row.number}`).toEqual(['on_hold', 'hold']);
        // The claim went over to the reservation: the hold holds nothing, its unit is the reservation's.
        else if (row.status === 'converted') expect([row.live, row.unit_claim], `${project} ${row.number}`).toEqual([null, 'reservation']);
        else expect(row.live, `${project} ${row.number}`).toBeNull();
      }
      const approved = mine.filter((row) => row.status === 'approved').map((row) => new Date(row.expires_at!).getTime() - Date.now());
      // One expires within hours (the dashboard's "expiring today" on most days), one in about a day (the shortest project limit is 24 hours).
      expect(Math.min(...approved)).toBeLessThanOrEqual(4 * 3_600_000);
      expect(Math.max(...approved)).toBeGreaterThan(12 * 3_600_000);
    }
  });
});
