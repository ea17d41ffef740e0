import { HttpError, accessDenied, badRequest, type LocalText, type Queryable, type RequestAuth } from '@propdesk/server-kit';
import { sql, run, qb, type EngineContext } from '@propdesk/records/server';
import type { DuplicateMatch } from '../../model/api.js';
import { leadScope, readsAllLeads } from '../../server/scope.js';
import { canOwnLeadSql } from './owners.server.js';
import { leadLinks } from './links.js';

/**
 * Raises a notification inside the caller's transaction (notifications-core's `notify`, given by the
 * app); its title and body by key (`text(salesCatalog, …)`) reach each reader in their language.
 */
export type Notify = (tx: Queryable, input: { userId: string; title: string | LocalText; body?: string | LocalText | null; link?: string | null; category?: string }) => Promise<unknown>;

export const leadLink = leadLinks.link;

export type Validity = { days: number; reminderDays: number; onExpiry: 'return_to_pool' | 'reassign_to_manager' };
export const DEFAULT_VALIDITY: Validity = { days: 30, reminderDays: 3, onExpiry: 'return_to_pool' };

/** The Lead Validity Config of a source or channel (a source's rule wins over a channel's). */
export async function validityFor(db: Queryable, sourceId: string | null, channelId: string | null): Promise<Validity> {
  if (!sourceId && !channelId) return DEFAULT_VALIDITY;
  const rows = await db.query<{ validity_days: number; reminder_days_before: number; on_expiry: Validity['onExpiry'] }>(
    `select validity_days, reminder_days_before, on_expiry from lead_validity_configs
      where active and (source_id = $1::uuid or channel_id = $2::uuid)
      order by (source_id is not distinct from $1::uuid) desc, name limit 1`,
    [sourceId, channelId],
  );
  const row = rows.rows[0];
  return row ? { days: row.validity_days, reminderDays: row.reminder_days_before, onExpiry: row.on_expiry } : DEFAULT_VALIDITY;
}

export type { DuplicateMatch } from '../../model/api.js';

/**
 * Open leads with this phone or email (a lead merged into another is not one). A lead the caller may not see gives away only who owns it
 * and until when; its name and link are left out.
 */
export async function findDuplicates(
  db: Queryable,
  auth: RequestAuth | null,
  probe: { phones: readonly string[]; email: string | null; exceptId?: string | null },
): Promise<DuplicateMatch[]> {
  const phones = probe.phones.filter((phone) => phone !== '');
  const email = probe.email?.trim() ? probe.email.trim() : null;
  if (phones.length === 0 && !email) return [];
  const scope = leadScope('l', auth) ?? sql`true`;
  const rows = await run<{ id: string; full_name: string; owner_id: string | null; owner_name: string | null; valid_until: Date | string | null; visible: boolean; by_phone: boolean }>(
    db,
    qb
      .selectFrom('leads as l')
      .leftJoin('users as u', 'u.id', 'l.assigned_to_id')
      .leftJoin('lead_statuses as s', 's.id', 'l.status_id')
      .select([
        sql`l.id::text`.as('id'),
        'l.full_name',
        sql`l.assigned_to_id::text`.as('owner_id'),
        sql`coalesce(nullif(u.full_name, ''), u.username)`.as('owner_name'),
        'l.valid_until',
        sql`(${scope})`.as('visible'),
        sql`(l.phone = any(${phones}::text[]) or l.phone2 = any(${phones}::text[]))`.as('by_phone'),
      ] as never)
      .where(
        sql`(l.phone = any(${phones}::text[]) or l.phone2 = any(${phones}::text[]) or (${email}::text is not null and lower(l.email) = lower(${email}::text)))
            and l.merged_into_id is null and coalesce(s.category, 'open') = 'open' and (${probe.exceptId ?? null}::uuid is null or l.id <> ${probe.exceptId ?? null}::uuid)` as never,
      )
      .orderBy(sql`l.created_on` as never)
      .limit(5),
  );
  return rows.map((row) => ({
    id: row.id,
    visible: row.visible,
    fullName: row.visible ? row.full_name : null,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    validUntil: row.valid_until === null ? null : new Date(row.valid_until).toISOString(),
    matchedOn: row.by_phone ? 'phone' : 'email',
    link: row.visible ? leadLink(row.id) : null,
  }));
}

/**
 * Saving a lead whose phone or email is on another open lead: refused (409) unless the caller holds
 * `readAll`. The phones and email are locked for the transaction first, so two agents saving the
 * same walk-in at once cannot both pass.
 */
export async function refuseDuplicates(tx: Queryable, auth: RequestAuth | null, values: { phone?: unknown; phone2?: unknown; email?: unknown }, exceptId: string | null) {
  const phones = [values.phone, values.phone2].filter((value): value is string => typeof value === 'string' && value !== '');
  const email = typeof values.email === 'string' && values.email !== '' ? values.email.toLowerCase() : null;
  const keys = [...phones, ...(email ? [email] : [])].sort();
  for (const key of keys) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`lead-contact:${key}`]);
  if (keys.length === 0 || readsAllLeads(auth)) return;
  const matches = await findDuplicates(tx, auth, { phones, email, exceptId });
  const match = matches[0];
  if (!match) return;
  const owner = match.ownerName ? `${match.ownerName}${match.validUntil ? ` until ${match.validUntil.slice(0, 10)}` : ''}` : 'the unassigned pool';
  const field = match.matchedOn;
  throw new HttpError(409, `This ${match.matchedOn} already belongs to an open lead (${owner}).`, {
    errors: [{ field, message: `Already on a lead of ${owner}`, ...(match.link ? { link: match.link } : {}) }],
  });
}

/** The sales team of a user: the one naming them as a member (or the user's own salesTeam). */
export async function teamOfUser(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `select st.id::text from sales_teams st where st.active and $1::uuid = any(st.members_ids)
     union all select u.sales_team_id::text from users u where u.id = $1::uuid and u.sales_team_id is not null
     limit 1`,
    [userId],
  );
  return rows.rows[0]?.id ?? null;
}

/** The team that sells one of these projects. */
export async function teamOfProjects(db: Queryable, projectIds: readonly string[]): Promise<string | null> {
  if (projectIds.length === 0) return null;
  const rows = await db.query<{ id: string }>('select id::text from sales_teams where active and projects_ids && $1::uuid[] order by name limit 1', [projectIds]);
  return rows.rows[0]?.id ?? null;
}

/** The manager of a team, or of the team an agent belongs to. */
export async function managerOf(db: Queryable, teamId: string | null, agentId: string | null): Promise<string | null> {
  const team = teamId ?? (agentId ? await teamOfUser(db, agentId) : null);
  if (!team) return null;
  const rows = await db.query<{ manager_id: string | null }>('select manager_id::text from sales_teams where id = $1::uuid', [team]);
  return rows.rows[0]?.manager_id ?? null;
}

/**
 * The next member of a team in turn (round-robin) who can own a lead (`canOwnLeadSql`: active, with
 * the lead privileges of an agent). The turn counter is one row per team, incremented under its row
 * lock, so concurrent leads take different turns; members who cannot own leads are skipped. `null`
 * when no member can.
 */
export async function nextInTurn(tx: Queryable, teamId: string): Promise<string | null> {
  const members = await tx.query<{ id: string }>(
    `select u.id::text from sales_teams st cross join unnest(st.members_ids) with ordinality as m(id, ord)
       join users u on u.id = m.id where st.id = $1::uuid and ${canOwnLeadSql('u')} order by m.ord`,
    [teamId],
  );
  if (members.rows.length === 0) return null;
  const turn = await tx.query<{ turn: string }>(
    `insert into lead_round_robin (team_id, turn) values ($1::uuid, 0)
     on conflict (team_id) do update set turn = lead_round_robin.turn + 1 returning turn::text`,
    [teamId],
  );
  return members.rows[Number(turn.rows[0]!.turn) % members.rows.length]!.id;
}

export async function activeUser(db: Queryable, userId: string) {
  const rows = await db.query<{ id: string; name: string }>("select id::text, coalesce(nullif(full_name, ''), username) as name from users where id = $1::uuid and active", [userId]);
  return rows.rows[0] ?? null;
}

/** Who may put a lead in someone's hands: `assign` for another user or the pool; anyone may take a pool lead. */
export function checkAssign(auth: RequestAuth | null, target: string | null, currentOwner: string | null) {
  if (!auth) return;
  if (auth.checker.can('lead', 'assign')) return;
  if (target === auth.userId && (currentOwner === null || currentOwner === auth.userId)) return;
  throw accessDenied();
}

export async function defaultStatus(db: Queryable): Promise<string | null> {
  const rows = await db.query<{ id: string }>('select id::text from lead_statuses where is_default and active order by sort_order limit 1');
  return rows.rows[0]?.id ?? null;
}

export async function wonStatus(db: Queryable): Promise<string> {
  const rows = await db.query<{ id: string }>("select id::text from lead_statuses where category = 'won' and active order by sort_order, name limit 1");
  const id = rows.rows[0]?.id;
  if (!id) throw badRequest('Add a lead status of category won first.');
  return id;
}

export type { EngineContext };
