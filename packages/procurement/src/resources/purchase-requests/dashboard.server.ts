import type { Queryable } from '@propdesk/server-kit';
import { OPEN_REQUEST_STATES } from '../../model/index.js';

/** Open requests (draft to partly ordered) by status, orders awaiting approval, spend by project this month. */
export async function procurementDashboard(db: Queryable) {
  const requests = await db.query<{ status: string; count: number }>(
    'select status, count(*)::int as count from purchase_requests where status = any($1::text[]) group by status order by status',
    [[...OPEN_REQUEST_STATES]],
  );
  const awaiting = await db.query<{ count: number; total: string }>("select count(*)::int as count, coalesce(sum(total), 0)::text as total from purchase_orders where status = 'pending_approval'", []);
  const spend = await db.query<{ project: string; total: string }>(
    `select coalesce(p.name, 'No project') as project, sum(o.total)::text as total from purchase_orders o left join projects p on p.id = o.project_id
     where o.status in ('approved', 'issued', 'partially_received', 'received', 'closed') and o.created_on >= date_trunc('month', now())
     group by 1 order by sum(o.total) desc limit 10`,
    [],
  );
  return { requestsByStatus: requests.rows, awaitingApproval: awaiting.rows[0] ?? { count: 0, total: '0' }, spendByProject: spend.rows };
}
