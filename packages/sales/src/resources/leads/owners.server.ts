import { aliasesOf } from '@propdesk/privileges';
import { HttpError, type Queryable, type RequestAuth } from '@propdesk/server-kit';
import type { Assignee } from '../../model/assignees.js';
import { readsAllLeads } from '../../server/scope.js';

/**
 * Who can own a lead (issue 19), defined once for assignment, create's `assignTo`, round-robin,
 * expiry's `reassign_to_manager` and the assignees picker: an active user who holds, through their
 * roles, the entity-level lead privileges of an agent (read, create and update). Privileges are
 * read from `role_privileges` in SQL, comparing entity names and actions case-insensitively and
 * folding the spec's aliases (`ENTITY_ALIASES`), as the privilege engine does; a field-level grant does not count.
 */
export const LEAD_OWNER_ACTIONS = ['create', 'read', 'update'] as const;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** Every spelling the engine folds onto `lead` (its name and the spec's aliases), lower case. */
const LEAD_NAMES = ['lead', ...aliasesOf('lead')].map((name) => name.toLowerCase());
const LEAD_NAMES_SQL = `array[${LEAD_NAMES.map(literal).join(', ')}]::text[]`;
const OWNER_ACTIONS_SQL = `array[${LEAD_OWNER_ACTIONS.map(literal).join(', ')}]::text[]`;

/** SQL: the owner actions (of `LEAD_OWNER_ACTIONS`) the user whose id is `userIdSql` holds on lead, as a sorted text[]. */
export const leadActionsHeldSql = (userIdSql: string) =>
  `coalesce((select array_agg(distinct lower(trim(rp.action)) order by lower(trim(rp.action)))
     from user_roles ur join role_privileges rp on rp.role_id = ur.role_id
    where ur.user_id = ${userIdSql} and lower(trim(rp.entity_name)) = any(${LEAD_NAMES_SQL})
      and coalesce(rp.field_name, '') = '' and lower(trim(rp.action)) = any(${OWNER_ACTIONS_SQL})), '{}'::text[])`;

/** SQL condition on a `users` row `alias`: this user can own a lead (a person: an API key's service user never does). */
export const canOwnLeadSql = (alias: string) => `(${alias}.active and ${alias}.kind = 'person' and ${leadActionsHeldSql(`${alias}.id`)} @> ${OWNER_ACTIONS_SQL})`;

/**
 * SQL condition on a `users` row `alias`: a member of one of the teams `$teamsParam` (a uuid[]
 * parameter): named in its members, its manager, or with it as their own sales team.
 */
const inTeamsSql = (alias: string, teamsParam: string) =>
  `(exists (select 1 from sales_teams st where st.id = any(${teamsParam}::uuid[]) and (${alias}.id = any(st.members_ids) or st.manager_id = ${alias}.id))
    or ${alias}.sales_team_id = any(${teamsParam}::uuid[]))`;

/**
 * The teams a caller may choose owners from, or `null` for no team limit: the server's own work,
 * `readAll` and callers who manage no team choose any user who can own leads; a team manager only
 * members of the lead's team (of the teams they manage when the lead has none).
 */
export async function assignableTeams(db: Queryable, auth: RequestAuth | null, leadTeam: string | null): Promise<string[] | null> {
  if (!auth || readsAllLeads(auth)) return null;
  const managed = await db.query<{ id: string }>('select id::text from sales_teams where manager_id = $1::uuid and active order by name', [auth.userId]);
  if (managed.rows.length === 0) return null;
  return leadTeam ? [leadTeam] : managed.rows.map((row) => row.id);
}

/** Why this user cannot own leads, or `null` when they can. */
function ownerProblem(user: { username: string; active: boolean; held: string[] }): string | null {
  if (!user.active) return `${user.username} cannot own leads: their account is inactive.`;
  if (user.held.length === 0) return `${user.username} cannot own leads: they have no lead privileges.`;
  const missing = LEAD_OWNER_ACTIONS.filter((action) => !user.held.includes(action));
  if (missing.length > 0) return `${user.username} cannot own leads: they lack the lead ${missing.join(' and ')} privilege${missing.length === 1 ? '' : 's'}.`;
  return null;
}

/**
 * Refuses (422, with the reason, on `field`) a new owner who cannot own leads, or, for a team
 * manager, one outside the lead's team. Taking a lead for oneself is not limited by team (who may
 * do that is `checkAssign`'s rule) but still needs the privileges.
 */
export async function checkOwner(db: Queryable, auth: RequestAuth | null, userId: string, leadTeam: string | null, field: string): Promise<void> {
  const teams = auth && userId === auth.userId ? null : await assignableTeams(db, auth, leadTeam);
  const rows = await db.query<{ username: string; active: boolean; held: string[]; in_team: boolean }>(
    `select u.username, u.active, ${leadActionsHeldSql('u.id')} as held,
            ($2::uuid[] is null or ${inTeamsSql('u', '$2')}) as in_team
       from users u where u.id = $1::uuid`,
    [userId, teams],
  );
  const user = rows.rows[0];
  const refuse = (message: string) => new HttpError(422, message, { errors: [{ field, message }] });
  if (!user) throw refuse('No such user.');
  const problem = ownerProblem(user);
  if (problem) throw refuse(problem);
  if (!user.in_team && teams) {
    const names = await db.query<{ name: string }>('select name from sales_teams where id = any($1::uuid[]) order by name', [teams]);
    const teamNames = names.rows.map((row) => row.name).join(', ');
    throw refuse(
      leadTeam
        ? `${user.username} cannot be given this lead: they are not in its sales team (${teamNames}).`
        : `${user.username} cannot be given this lead: they are not in a sales team you manage (${teamNames}).`,
    );
  }
}

/** The users this caller may give a lead of `leadTeam` to (the assignees picker), by name; at most `limit`. */
export async function eligibleOwners(db: Queryable, auth: RequestAuth | null, leadTeam: string | null, search: string, limit = 50): Promise<Assignee[]> {
  const canAssign = !auth || auth.checker.can('lead', 'assign');
  const teams = canAssign ? await assignableTeams(db, auth, leadTeam) : null;
  const pattern = search.trim() === '' ? null : `%${search.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db.query<{ id: string; username: string; name: string; team_id: string | null; team_name: string | null }>(
    `select u.id::text as id, u.username, coalesce(nullif(u.full_name, ''), u.username) as name, t.id::text as team_id, t.name as team_name
       from users u
       left join lateral (
         select st.id, st.name from sales_teams st
          where st.active and (u.id = any(st.members_ids) or st.id = u.sales_team_id or st.manager_id = u.id)
          order by (st.id = any(coalesce($2::uuid[], '{}'::uuid[]))) desc, (u.id = any(st.members_ids)) desc, st.name limit 1
       ) t on true
      where ${canOwnLeadSql('u')}
        and ($1::uuid is null or u.id = $1::uuid)
        and ($2::uuid[] is null or ${inTeamsSql('u', '$2')} or u.id = $5::uuid)
        and ($3::text is null or u.username ilike $3 or u.full_name ilike $3)
      order by lower(coalesce(nullif(u.full_name, ''), u.username)), u.id
      limit $4`,
    // Without assign a caller may only take leads for themselves.
    [canAssign ? null : auth!.userId, teams, pattern, limit, auth?.userId ?? null],
  );
  return rows.rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
  }));
}

/** Whether this user can own leads (`canOwnLeadSql`). */
export async function canOwnLead(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>(`select ${canOwnLeadSql('u')} as ok from users u where u.id = $1::uuid`, [userId]);
  return rows.rows[0]?.ok === true;
}
