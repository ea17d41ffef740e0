import { accessDenied, notFound, type Queryable } from '@propdesk/server-kit';
import { getRecord, qb, sql, updateRecord, type Caller, type EngineContext, type ResourceHooks } from '@propdesk/records/server';
import { z } from 'zod';
import { notice } from '../../server/i18n/notice.js';
import { leadScope } from '../../server/scope.js';
import { canOwnLead, checkOwner } from './owners.server.js';
import {
  checkAssign,
  defaultStatus,
  leadLink,
  nextInTurn,
  refuseDuplicates,
  teamOfProjects,
  teamOfUser,
  validityFor,
  type Notify,
} from './rules.server.js';

const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Is this lead one the caller may see (and lock it for the transaction)? */
export async function lockVisibleLead(tx: Queryable, caller: Caller, id: string) {
  const scope = leadScope('l', caller.auth) ?? sql`true`;
  const compiled = sql`select l.id::text as id, l.assigned_to_id::text as owner, l.sales_team_id::text as team, l.full_name as name, l.source_id::text as source, l.channel_id::text as channel, l.valid_until
                         from leads l where l.id = ${id}::uuid and ${scope} for update of l`.compile(qb);
  const rows = await tx.query<{ id: string; owner: string | null; team: string | null; name: string; source: string | null; channel: string | null; valid_until: Date | string | null }>(
    compiled.sql,
    compiled.parameters,
  );
  const row = rows.rows[0];
  if (!row) throw notFound('No such lead');
  return row;
}

/**
 * Sets who owns a lead and what follows from it (team, validity from now), through the engine so
 * the lead's history shows it, and tells the new agent.
 */
export async function assignLead(ctx: EngineContext, tx: Queryable, caller: Caller, id: string, userId: string | null, notify: Notify | undefined, action = 'assign') {
  const lead = await lockVisibleLead(tx, caller, id);
  checkAssign(caller.auth, userId, lead.owner);
  if (userId === lead.owner) return false;
  // Only someone who can own a lead (in the lead's team, for a team manager) may be given it: 422 with why.
  if (userId) await checkOwner(tx, caller.auth, userId, lead.team, 'userId');
  const validity = await validityFor(tx, lead.source, lead.channel);
  const team = userId ? ((await teamOfUser(tx, userId)) ?? lead.team) : lead.team;
  await updateRecord(
    ctx,
    tx,
    ctx.registry.get('leads'),
    caller,
    id,
    { assignedTo: userId, salesTeam: team, validUntil: userId ? addDays(new Date(), validity.days).toISOString() : null, reminderSentFor: null },
    { ignoreVersion: true, allowReadOnly: true, action },
  );
  if (userId && notify && userId !== caller.auth?.userId) {
    await notify(tx, { userId, title: notice('noticeLeadAssigned', { name: lead.name }), body: notice('noticeLeadAssignedBody'), link: leadLink(id), category: 'lead' });
  }
  return true;
}

/** The leads resource's hooks: ownership, team, status and validity on create; duplicates refused on every save. */
export function leadHooks(ctx: EngineContext, notify?: Notify): ResourceHooks {
  return {
    extraCreate: { assignTo: z.uuid({ error: 'Must be a user id' }).nullable().optional() },
    // Imported rows get the same duplicate refusal, team, round-robin and validity, in the dry run too.
    onImport: true,
    beforeCreate: async (tx, extra, caller, values) => {
      await refuseDuplicates(tx, caller.auth, values, null);
      const requested = extra.assignTo as string | null | undefined;
      // A lead someone captures is theirs unless they put it elsewhere; imports, API keys' (web leads) and the server's own go to the pool.
      let assignee = requested !== undefined ? requested : caller.auth && caller.source !== 'import' && !caller.auth.apiKeyId ? caller.auth.userId : null;
      const projects = Array.isArray(values.projects) ? (values.projects as string[]) : [];
      if (assignee !== null && requested !== undefined) {
        checkAssign(caller.auth, assignee, null);
        // The lead's team is the one selling its projects (else, for a team manager, the teams they manage).
        await checkOwner(tx, caller.auth, assignee, await teamOfProjects(tx, projects), 'assignTo');
      } else if (assignee !== null && !(await canOwnLead(tx, assignee))) {
        // Captured by someone who cannot own leads: it goes to the pool (and round-robin) rather than out of sight.
        assignee = null;
      }
      let team = assignee ? await teamOfUser(tx, assignee) : null;
      if (!team) team = await teamOfProjects(tx, projects);
      // New unassigned leads of a team's projects go round-robin to the team's active members.
      if (!assignee && team && projects.length > 0) assignee = await nextInTurn(tx, team);
      const validity = await validityFor(tx, text(values.source), text(values.channel));
      const columns: Record<string, unknown> = {
        assigned_to_id: assignee,
        sales_team_id: team,
        valid_until: assignee ? addDays(new Date(), validity.days) : null,
      };
      if (!values.status) columns.status_id = await defaultStatus(tx);
      return columns;
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const row = await tx.query<{ owner: string | null; name: string }>('select assigned_to_id::text as owner, full_name as name from leads where id = $1', [id]);
      const lead = row.rows[0];
      if (lead?.owner && notify && lead.owner !== caller.auth?.userId) {
        await notify(tx, { userId: lead.owner, title: notice('noticeLeadNew', { name: lead.name }), body: notice('noticeLeadNewBody'), link: leadLink(id), category: 'lead' });
      }
    },
    afterUpdate: async (tx, id, _extra, { before, after }, caller) => {
      const changed = ['phone', 'phone2', 'email'].some((name) => before[name] !== after[name]);
      if (changed) await refuseDuplicates(tx, caller.auth, after, id);
    },
  };
}

/** Logging an activity: only on a lead the caller sees, with update on lead; it moves the lead's validity. */
export function activityHooks(ctx: EngineContext): ResourceHooks {
  return {
    beforeCreate: async (tx, _extra, caller, values) => {
      if (caller.auth && !caller.auth.checker.can('lead', 'update')) throw accessDenied();
      await lockVisibleLead(tx, caller, String(values.lead));
      return {};
    },
    afterCreate: async (tx, id, _extra, caller) => {
      const activity = await getRecord(ctx, tx, ctx.registry.get('lead-activities'), { auth: null, source: 'system' }, id);
      if (!activity) return;
      await moveValidity(ctx, tx, caller, String(activity.lead), new Date(String(activity.at)), (activity.nextFollowUpAt as string | null) ?? null);
    },
  };
}

/** An activity at `at` makes the lead valid for its config's days from then (never shortening it). */
export async function moveValidity(ctx: EngineContext, tx: Queryable, caller: Caller, leadId: string, at: Date, nextFollowUpAt: string | null) {
  const lead = await lockVisibleLead(tx, caller, leadId);
  const validity = await validityFor(tx, lead.source, lead.channel);
  const current = lead.valid_until ? new Date(lead.valid_until) : null;
  const moved = addDays(at, validity.days);
  const patch: Record<string, unknown> = { lastActivityAt: at.toISOString(), reminderSentFor: null };
  if (lead.owner && (!current || moved > current)) patch.validUntil = moved.toISOString();
  if (nextFollowUpAt) patch.nextFollowUpAt = nextFollowUpAt;
  await updateRecord(ctx, tx, ctx.registry.get('leads'), caller, leadId, patch, { ignoreVersion: true, allowReadOnly: true, action: 'activity' });
}
