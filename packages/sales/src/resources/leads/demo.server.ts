import type { Database, Queryable } from '@propdesk/server-kit';
import { createMany, updateMany, updateRecord, type Caller, type EngineContext, type NewRow } from '@propdesk/records/server';

/** A small deterministic generator (mulberry32), so every demo start makes the same leads. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Ahmed', 'Mohamed', 'Mahmoud', 'Omar', 'Youssef', 'Mostafa', 'Karim', 'Hassan', 'Tarek', 'Amr', 'Nour', 'Mariam', 'Salma', 'Yasmin', 'Farida', 'Hana', 'Laila', 'Dina', 'Rana', 'Aya'];
const LAST = ['Hassan', 'Ibrahim', 'Mansour', 'Fahmy', 'Saleh', 'Khalil', 'Farouk', 'Naguib', 'Shaker', 'Zaki', 'Helmy', 'Soliman', 'Rashad', 'Gamal', 'Adel', 'Fouad'];
/**
 * The same names as people write them in Arabic script (issue 29): every fourth demo lead is written
 * so (its e-mail keeps the Latin spelling), so the Arabic screens and the search that knows Arabic
 * have names to show and find on a fresh start. By position: FIRST_AR[i] is FIRST[i] in Arabic.
 */
const FIRST_AR = ['أحمد', 'محمد', 'محمود', 'عمر', 'يوسف', 'مصطفى', 'كريم', 'حسن', 'طارق', 'عمرو', 'نور', 'مريم', 'سلمى', 'ياسمين', 'فريدة', 'هنا', 'ليلى', 'دينا', 'رنا', 'آية'];
const LAST_AR = ['حسن', 'إبراهيم', 'منصور', 'فهمي', 'صالح', 'خليل', 'فاروق', 'نجيب', 'شاكر', 'زكي', 'حلمي', 'سليمان', 'رشاد', 'جمال', 'عادل', 'فؤاد'];
const OUTCOMES = ['Interested, wants a brochure', 'Asked for payment plans', 'No answer', 'Visited the show unit', 'Comparing with another project', 'Call back next week', 'Budget too low for now'];
const DAY = 86_400_000;

type Ids = { id: string }[];
const SEED: Caller = { auth: null, source: 'system' };
const SEEDED = 'Demo data';
const ids = async (db: Queryable, sql: string, params: unknown[] = []) => ((await db.query(sql, params)).rows as Ids).map((row) => row.id);

/**
 * About `count` demo leads over the last twelve months, spread over the sales team's agents, the
 * statuses, sources and channels, each with one to three activities, written through the engine's
 * set-based `createMany` (one INSERT and one history INSERT per batch; the lead hooks' work, the
 * owner, team and validity, is done here for the batch). The demo manager manages the New Cairo team
 * of the demo agents. Every record's history names the seed (source `system`, reason "Demo data").
 */
export async function salesDemoLeads(ctx: EngineContext, tx: Queryable, options: { count?: number; now?: Date; agents: readonly string[]; manager: string | null }) {
  const count = options.count ?? 5000;
  const now = options.now ?? new Date();
  const next = random(20_260_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sources = await ids(tx, 'select id::text from sources where active order by name');
  const channels = await ids(tx, 'select id::text from channels where active order by name');
  const statuses = (await tx.query<{ id: string; category: string }>('select id::text, category from lead_statuses where active order by sort_order')).rows;
  const projects = await ids(tx, 'select id::text from projects where active order by name');
  const types = await ids(tx, 'select id::text from lead_activity_types order by name');
  const team = (await ids(tx, "select id::text from sales_teams where name = 'New Cairo team'"))[0] ?? null;
  if (sources.length === 0 || statuses.length === 0 || options.agents.length === 0) return 0;
  if (team) {
    await updateRecord(ctx, tx, ctx.registry.get('sales-teams'), SEED, team, { manager: options.manager, members: [...options.agents] }, { ignoreVersion: true, reason: SEEDED });
    await updateMany(ctx, tx, ctx.registry.get('users'), SEED, options.agents.map((id) => ({ id, values: { salesTeam: team } })), { reason: SEEDED });
  }
  const BATCH = 1000;
  let written = 0;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Math.min(BATCH, count - start);
    const leadRows: NewRow[] = [];
    const activityRows: { lead: number; row: NewRow }[] = [];
    for (let i = 0; i < rows; i += 1) {
      const n = start + i;
      const created = new Date(now.getTime() - Math.floor(next() * 365 * DAY));
      const status = statuses[Math.min(statuses.length - 1, Math.floor(next() ** 1.6 * statuses.length))]!;
      const pooled = next() < 0.12;
      const agent = pooled ? null : pick(options.agents);
      const open = status.category === 'open';
      // Valid from one to forty days ahead, reminders already sent, so the first run of the job has nothing to do.
      const validUntil = agent && open ? new Date(now.getTime() + Math.floor((1 + next() * 39) * DAY)) : null;
      const followUp = open && next() < 0.6 ? new Date(now.getTime() + Math.floor((next() * 14 - 4) * DAY)) : null;
      const first = pick(FIRST);
      const last = pick(LAST);
      // Every fourth lead in Arabic script (by position, so the random sequence and the rest are unchanged).
      const fullName = n % 4 === 1 ? `${FIRST_AR[FIRST.indexOf(first)]} ${LAST_AR[LAST.indexOf(last)]}` : `${first} ${last}`;
      const phone = `+20${pick(['10', '11', '12', '15'])}${String(10_000_000 + ((n * 7919 + 1234) % 90_000_000)).padStart(8, '0')}`;
      const email = next() < 0.7 ? `${first}.${last}.${n}@example.com`.toLowerCase() : null;
      const values: Record<string, unknown> = { fullName, phone, source: pick(sources), status: status.id };
      if (email) values.email = email;
      if (channels.length) values.channel = pick(channels);
      if (projects.length) values.projects = [pick(projects)];
      if (followUp) values.nextFollowUpAt = followUp.toISOString();
      const columns: Record<string, unknown> = {
        assigned_to_id: agent,
        sales_team_id: agent ? team : null,
        valid_until: validUntil?.toISOString() ?? null,
        reminder_sent_for: validUntil?.toISOString() ?? null,
        created_on: created.toISOString(),
        modified_on: created.toISOString(),
        created_by: agent,
      };
      const activityCount = types.length ? 1 + Math.floor(next() * 3) : 0;
      let lastActivity: Date | null = null;
      for (let a = 0; a < activityCount; a += 1) {
        const at = new Date(created.getTime() + Math.floor(next() * Math.min(30 * DAY, now.getTime() - created.getTime())));
        if (!lastActivity || at > lastActivity) lastActivity = at;
        activityRows.push({
          lead: i,
          row: { values: { type: pick(types), at: at.toISOString(), outcome: pick(OUTCOMES) }, columns: { created_by: agent, created_on: at.toISOString(), modified_on: at.toISOString() } },
        });
      }
      columns.last_activity_at = lastActivity?.toISOString() ?? null;
      leadRows.push({ values, columns });
    }
    const leadsWritten = await createMany(ctx, tx, ctx.registry.get('leads'), SEED, leadRows, { hooks: 'caller', reason: SEEDED });
    const activities = activityRows.map(({ lead, row }) => ({ ...row, values: { ...row.values, lead: leadsWritten[lead]!.id } }));
    await createMany(ctx, tx, ctx.registry.get('lead-activities'), SEED, activities, { hooks: 'caller', reason: SEEDED });
    written += rows;
  }
  return written;
}

export type { Database };

/**
 * The lead validity rules of the demo company, as reference rows for the engine's seed (references by
 * name), per source or channel: digital leads go cold fastest; broker and referral leads are given longer.
 */
export function leadDemoSetups() {
  return [
    {
      resource: 'lead-validity-configs',
      rows: [
        { name: 'Facebook leads', source: 'Facebook', validityDays: 14, reminderDaysBefore: 3, onExpiry: 'return_to_pool' },
        { name: 'Google Ads leads', source: 'Google Ads', validityDays: 14, reminderDaysBefore: 3, onExpiry: 'return_to_pool' },
        { name: 'Walk-in leads', source: 'Walk-in', validityDays: 30, reminderDaysBefore: 5, onExpiry: 'reassign_to_manager' },
        { name: 'Customer referrals', source: 'Customer referral', validityDays: 45, reminderDaysBefore: 7, onExpiry: 'reassign_to_manager' },
        { name: 'Broker channel', channel: 'Broker', validityDays: 60, reminderDaysBefore: 7, onExpiry: 'reassign_to_manager' },
        { name: 'Hotline calls', channel: 'Hotline', validityDays: 21, reminderDaysBefore: 3, onExpiry: 'return_to_pool' },
      ],
    },
  ] as const;
}
