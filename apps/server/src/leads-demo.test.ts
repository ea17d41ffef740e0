import type { Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, seededDatabases } from './test/harness.js';

/** The lead demo (issue 30): about 5,000 leads with activities, written through the engine, each with its history. */
describe.each(DB_KINDS)('lead demo on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;

  beforeAll(async () => {
    db = await databases.open();
  });

  afterAll(async () => {
    await databases.cleanup();
  });

  it('every demo lead and activity was created by the engine: version 1 and one create entry naming the seed', async () => {
    for (const [resource, table] of [['leads', 'leads'], ['lead-activities', 'lead_activities']] as const) {
      const counts = await db.query<{ records: number; versioned: number; created: number; seeded: number }>(
        `select count(*)::int as records, count(*) filter (where t.version = 1)::int as versioned,
                count(h.id)::int as created, count(h.id) filter (where h.source = 'system' and h.reason = 'Demo data' and h.actor_id is null)::int as seeded
           from ${table} t left join record_history h on h.resource = $1 and h.record_id = t.id and h.action = 'create'`,
        [resource],
      );
      const row = counts.rows[0]!;
      expect(row.records, resource).toBeGreaterThan(resource === 'leads' ? 4000 : 5000);
      expect(row, resource).toEqual({ records: row.records, versioned: row.records, created: row.records, seeded: row.records });
    }
  });

  it('keeps what the lead hooks would have set: owner and team together, validity only for an owned open lead, last activity the latest one', async () => {
    const leads = await db.query<{ owners: number; teamless: number; stray_validity: number; wrong_last: number; reminded: number }>(
      `select count(*) filter (where l.assigned_to_id is not null)::int as owners,
              count(*) filter (where l.assigned_to_id is not null and l.sales_team_id is null)::int as teamless,
              count(*) filter (where l.assigned_to_id is null and l.valid_until is not null)::int as stray_validity,
              count(*) filter (where l.last_activity_at is distinct from a.last)::int as wrong_last,
              count(*) filter (where l.reminder_sent_for is distinct from l.valid_until)::int as reminded
         from leads l left join (select lead_id, max(at) as last from lead_activities group by lead_id) a on a.lead_id = l.id`,
    );
    expect(leads.rows[0]!.owners).toBeGreaterThan(3000);
    expect({ ...leads.rows[0]!, owners: 0 }).toEqual({ owners: 0, teamless: 0, stray_validity: 0, wrong_last: 0, reminded: 0 });
    // Activities are dated as they happened, and the records say so.
    const dated = await db.query<{ off: number }>('select count(*)::int as off from lead_activities where created_on <> at');
    expect(dated.rows[0]!.off).toBe(0);
  });

  it('the New Cairo team and its agents were changed through the engine, with their history', async () => {
    const team = await db.query<{ manager: string | null; members: number; history: number }>(
      `select u.username as manager, cardinality(t.members_ids) as members,
              (select count(*)::int from record_history h where h.resource = 'sales-teams' and h.record_id = t.id and h.reason = 'Demo data') as history
         from sales_teams t left join users u on u.id = t.manager_id where t.name = 'New Cairo team'`,
    );
    expect(team.rows[0]).toEqual({ manager: 'sales.manager', members: 2, history: 1 });
    const agents = await db.query<{ username: string; team: string; history: number }>(
      `select u.username, t.name as team,
              (select count(*)::int from record_history h where h.resource = 'users' and h.record_id = u.id and h.reason = 'Demo data') as history
         from users u join sales_teams t on t.id = u.sales_team_id where u.username in ('sales.agent', 'nadia.sales') order by u.username`,
    );
    expect(agents.rows).toEqual([
      { username: 'nadia.sales', team: 'New Cairo team', history: 1 },
      { username: 'sales.agent', team: 'New Cairo team', history: 1 },
    ]);
  });
});
