import type { RequestAuth } from '@propdesk/server-kit';
import { sql, type RawBuilder } from '@propdesk/records/server';
import type { ResourceDef } from '@propdesk/records/model';

/** Holds the `readAll` action on lead: sees (and may save duplicates of) every lead. */
export const readsAllLeads = (auth: RequestAuth | null) => auth?.checker.can('lead', 'readAll') ?? false;

/**
 * Which leads a user sees, as a condition on the leads row `alias`: their own, the unassigned
 * pool, and, for a sales team's manager, the team's (leads of the team, or held by its members).
 * `null` means every lead (`readAll`, or the server's own work with no session).
 */
export function leadScope(alias: string, auth: RequestAuth | null): RawBuilder<unknown> | null {
  if (!auth || readsAllLeads(auth)) return null;
  const me = auth.userId;
  const assigned = sql.ref(`${alias}.assigned_to_id`);
  const team = sql.ref(`${alias}.sales_team_id`);
  // The team lists are computed once per query (ARRAY(...) is an init plan), not per row.
  return sql`(${assigned} = ${me}::uuid or ${assigned} is null or ${team} = any(array(select st.id from sales_teams st where st.manager_id = ${me}::uuid)) or ${assigned} = any(array(select m.id from sales_teams st cross join unnest(st.members_ids) as m(id) where st.manager_id = ${me}::uuid)))`;
}

/** The engine's row scope for the sales resources (`rowScope` of the records plugin). */
export function salesRowScope(def: ResourceDef, auth: RequestAuth | null): RawBuilder<unknown> | null {
  if (def.name === 'leads') return leadScope('t', auth);
  if (def.name === 'lead-activities') {
    const scope = leadScope('l', auth);
    return scope ? sql`t.lead_id in (select l.id from leads l where ${scope})` : null;
  }
  return null;
}
