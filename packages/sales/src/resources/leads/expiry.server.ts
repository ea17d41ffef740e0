import type { Database, Queryable } from '@propdesk/server-kit';
import { notice, noticeDay } from '../../server/i18n/notice.js';
import { updateMany, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { canOwnLeadSql } from './owners.server.js';
import { leadLink, type Notify } from './rules.server.js';

const SYSTEM: Caller = { auth: null, source: 'system' };
const BATCH = 200;

// Each lead's rule: its source's Lead Validity Config, else its channel's, else 30 days / 3 days / back to the pool.
const CONFIG_JOIN = `
  left join lateral (
    select c.validity_days, c.reminder_days_before, c.on_expiry from lead_validity_configs c
     where c.active and (c.source_id = l.source_id or c.channel_id = l.channel_id)
     order by (c.source_id is not distinct from l.source_id) desc, c.name limit 1
  ) c on true
  left join lead_statuses s on s.id = l.status_id`;

export type ExpiryResult = { reminded: number; expired: number };

/**
 * One run of the validity job: reminders before expiry, then expiry (back to the pool or to the
 * team's manager). Rows are taken with `FOR UPDATE SKIP LOCKED` and changed in the same transaction,
 * so any number of processes may run it at once and each lead is reminded and expired once.
 */
export async function runLeadExpiry(ctx: EngineContext & { db: Database }, notify: Notify | undefined, now = new Date()): Promise<ExpiryResult> {
  const result: ExpiryResult = { reminded: 0, expired: 0 };
  for (;;) {
    const count = await ctx.db.transaction((tx) => remindBatch(ctx, tx, notify, now));
    result.reminded += count;
    if (count < BATCH) break;
  }
  for (;;) {
    const count = await ctx.db.transaction((tx) => expireBatch(ctx, tx, notify, now));
    result.expired += count;
    if (count < BATCH) break;
  }
  return result;
}

async function remindBatch(ctx: EngineContext, tx: Queryable, notify: Notify | undefined, now: Date) {
  const due = await tx.query<{ id: string; owner: string; name: string; valid_until: Date | string; exact_until: string }>(
    `select l.id::text, l.assigned_to_id::text as owner, l.full_name as name, l.valid_until, l.valid_until::text as exact_until from leads l ${CONFIG_JOIN}
      where l.assigned_to_id is not null and l.merged_into_id is null and l.valid_until > $1
        and l.valid_until - make_interval(days => coalesce(c.reminder_days_before, 3)) <= $1
        and l.reminder_sent_for is distinct from l.valid_until and coalesce(s.category, 'open') = 'open'
      order by l.valid_until limit ${BATCH} for update of l skip locked`,
    [now],
  );
  // The reminder's mark goes through the engine, so each lead's history shows when its agent was told
  // (the validity's own text, to the microsecond, so the mark equals it).
  const marks = due.rows.map((lead) => ({ id: lead.id, values: { reminderSentFor: lead.exact_until } }));
  await updateMany(ctx, tx, ctx.registry.get('leads'), SYSTEM, marks, { allowReadOnly: true, action: 'remind', reason: 'Expiry reminder sent to the agent.' });
  for (const lead of due.rows) {
    const until = noticeDay(new Date(lead.valid_until));
    await notify?.(tx, { userId: lead.owner, title: notice('noticeLeadExpiring', { until, name: lead.name }), body: notice('noticeLeadExpiringBody'), link: leadLink(lead.id), category: 'lead' });
  }
  return due.rows.length;
}

async function expireBatch(ctx: EngineContext, tx: Queryable, notify: Notify | undefined, now: Date) {
  // reassign_to_manager needs a manager who can own leads; otherwise the lead goes back to the pool.
  const due = await tx.query<{ id: string; owner: string; name: string; days: number; on_expiry: string; manager: string | null; manager_can_own: boolean | null }>(
    `select l.id::text, l.assigned_to_id::text as owner, l.full_name as name, coalesce(c.validity_days, 30) as days,
            coalesce(c.on_expiry, 'return_to_pool') as on_expiry, st.manager_id::text as manager,
            (select ${canOwnLeadSql('mu')} from users mu where mu.id = st.manager_id) as manager_can_own
       from leads l ${CONFIG_JOIN} left join sales_teams st on st.id = l.sales_team_id
      where l.assigned_to_id is not null and l.merged_into_id is null and l.valid_until <= $1 and coalesce(s.category, 'open') = 'open'
      order by l.valid_until limit ${BATCH} for update of l skip locked`,
    [now],
  );
  const leads = ctx.registry.get('leads');
  for (const lead of due.rows) {
    const toManager = lead.on_expiry === 'reassign_to_manager' && lead.manager !== null && lead.manager !== lead.owner && lead.manager_can_own === true;
    const next = toManager ? lead.manager : null;
    await updateRecord(
      ctx,
      tx,
      leads,
      SYSTEM,
      lead.id,
      { assignedTo: next, validUntil: next ? new Date(now.getTime() + lead.days * 86_400_000).toISOString() : null, reminderSentFor: null },
      { ignoreVersion: true, allowReadOnly: true, action: 'expire', reason: `No activity for ${lead.days} days: ${toManager ? 'passed to the team manager' : 'returned to the pool'}.` },
    );
    const title = notice('noticeLeadExpired', { name: lead.name });
    await notify?.(tx, { userId: lead.owner, title, body: notice(toManager ? 'noticeLeadExpiredToManager' : 'noticeLeadExpiredToPool'), link: null, category: 'lead' });
    if (lead.manager && lead.manager !== lead.owner) {
      await notify?.(tx, { userId: lead.manager, title, body: notice(toManager ? 'noticeLeadExpiredYours' : 'noticeLeadExpiredInPool'), link: leadLink(lead.id), category: 'lead' });
    }
  }
  return due.rows.length;
}
