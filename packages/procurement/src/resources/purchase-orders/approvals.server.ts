import { notify } from '@propdesk/notifications-core/server';
import { formatMoney } from '@propdesk/records/model';
import type { Queryable } from '@propdesk/server-kit';
import { notice } from '../../server/i18n/catalog.js';
import { orderLinks } from './links.js';

export type Tier = { level: number; name: string; aboveAmount: string; roleId: string; roleName: string };
export type Decision = { tierLevel: number; userId: string; userName: string; comment: string | null; decidedOn: string };

/** The tiers an order of this total needs, in level order (every active tier whose threshold it exceeds). */
export async function requiredTiers(tx: Queryable, total: string): Promise<Tier[]> {
  const rows = await tx.query<Tier>(
    `select t.level, t.name, t.above_amount::text as "aboveAmount", t.role_id::text as "roleId", r.name as "roleName"
     from approval_tiers t join roles r on r.id = t.role_id
     where t.active and $1::numeric > t.above_amount order by t.level`,
    [total],
  );
  return rows.rows;
}

/** The standing decisions on an order (a return to draft supersedes them). */
export async function decisionsOf(tx: Queryable, orderId: string): Promise<Decision[]> {
  const rows = await tx.query<Decision>(
    `select a.tier_level as "tierLevel", a.user_id::text as "userId", u.full_name as "userName", a.comment, to_char(a.decided_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "decidedOn"
     from po_approvals a join users u on u.id = a.user_id where a.order_id = $1 and not a.superseded order by a.tier_level`,
    [orderId],
  );
  return rows.rows;
}

/** Active users holding a role. */
async function usersWithRole(tx: Queryable, roleId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'select u.id::text as id from users u join user_roles ur on ur.user_id = u.id where ur.role_id = $1 and u.active order by u.id',
    [roleId],
  );
  return rows.rows.map((row) => row.id);
}

/** Tells the holders of the next undecided tier's role that the order waits for them. */
export async function notifyNextTier(tx: Queryable, orderId: string, number: string, total: string, by: string | null) {
  const tiers = await requiredTiers(tx, total);
  const decided = new Set((await decisionsOf(tx, orderId)).map((decision) => decision.tierLevel));
  const next = tiers.find((tier) => !decided.has(tier.level));
  if (!next) return;
  // The order's currency is its project's (as on its PDF).
  const currency = await tx.query<{ currency: string }>("select coalesce(nullif(p.currency, ''), 'EGP') as currency from purchase_orders o left join projects p on p.id = o.project_id where o.id = $1", [orderId]);
  const amount = formatMoney(total, currency.rows[0]?.currency ?? 'EGP');
  for (const userId of await usersWithRole(tx, next.roleId)) {
    await notify(tx, {
      userId,
      title: notice('noticeOrderAwaitsApproval', { number }),
      body: notice('noticeOrderTier', { level: String(next.level), name: next.name, amount }),
      link: orderLinks.link(orderId),
      category: 'procurement',
      createdBy: by,
    });
  }
}
