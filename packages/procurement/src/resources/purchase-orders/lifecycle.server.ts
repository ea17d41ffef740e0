import { notify } from '@propdesk/notifications-core/server';
import type { ResourceHooks, Rollup } from '@propdesk/records/server';
import { dataWord, unprocessable, type LocalText, type Queryable } from '@propdesk/server-kit';
import { notice, procurementText } from '../../server/i18n/catalog.js';
import { documentTotals } from '../../model/money.js';
import { linesTotals, one, userOf } from '../common.server.js';
import { orderLinks } from './links.js';
import { decisionsOf, notifyNextTier, requiredTiers } from './approvals.server.js';

const today = () => new Date().toISOString().slice(0, 10);

async function notifyCreator(tx: Queryable, id: string, title: LocalText, body: string, by: string | null) {
  const creator = (await one<{ id: string | null }>(tx, 'select created_by::text as id from purchase_orders where id = $1', [id]))?.id;
  if (creator) await notify(tx, { userId: creator, title, body, link: orderLinks.link(id), category: 'procurement', createdBy: by });
}

/**
 * A purchase order's workflow: submit needs lines; approval goes tier by tier (each tier by a holder
 * of its role, nobody twice), the order staying pending until its last tier; a return to draft voids
 * the decisions; issuing dates it and tells the requester.
 */
export const purchaseOrderHooks: ResourceHooks = {
  actions: {
    submit: {
      before: async (tx, id) => {
        const lines = await one<{ n: number }>(tx, 'select count(*)::int as n from purchase_order_lines where order_id = $1', [id]);
        if ((lines?.n ?? 0) === 0) throw unprocessable(procurementText('orderNeedsLine'));
      },
      after: (tx, id, record, caller) => notifyNextTier(tx, id, String(record.number), String(record.total ?? '0'), userOf(caller)),
    },
    approve: {
      before: async (tx, id, current, caller, reason) => {
        const userId = userOf(caller);
        if (!userId) throw unprocessable(procurementText('orderApproverPerson'));
        const tiers = await requiredTiers(tx, String(current.total ?? '0'));
        const decisions = await decisionsOf(tx, id);
        if (decisions.some((decision) => decision.userId === userId)) {
          throw unprocessable(procurementText('orderApprovedAlready'));
        }
        const decided = new Set(decisions.map((decision) => decision.tierLevel));
        const next = tiers.find((tier) => !decided.has(tier.level));
        if (!next) return { to: 'approved' };
        const holds = await one<{ n: number }>(tx, 'select count(*)::int as n from user_roles where user_id = $1 and role_id = $2', [userId, next.roleId]);
        if ((holds?.n ?? 0) === 0) throw unprocessable(procurementText('orderWaitsForTier', { level: String(next.level), tier: dataWord(next.name), role: dataWord(next.roleName) }));
        await tx.query('insert into po_approvals (order_id, tier_level, tier_name, user_id, comment) values ($1, $2, $3, $4, $5)', [id, next.level, next.name, userId, reason]);
        const remaining = tiers.filter((tier) => tier.level !== next.level && !decided.has(tier.level));
        return { to: remaining.length === 0 ? 'approved' : String(current.status) };
      },
      after: async (tx, id, record, caller, reason) => {
        const by = userOf(caller);
        if (record.status === 'pending_approval') await notifyNextTier(tx, id, String(record.number), String(record.total ?? '0'), by);
        else await notifyCreator(tx, id, notice('noticeOrderApproved', { number: String(record.number) }), reason ?? String(record.title), by);
      },
    },
    reject: {
      before: async (tx, id) => {
        await tx.query('update po_approvals set superseded = true where order_id = $1 and not superseded', [id]);
      },
      after: (tx, id, record, caller, reason) => notifyCreator(tx, id, notice('noticeOrderReturned', { number: String(record.number) }), reason ?? String(record.title), userOf(caller)),
    },
    issue: {
      before: async () => ({ values: { issuedOn: today() } }),
      after: async (tx, id, record, caller) => {
        const requester = (
          await one<{ id: string | null }>(tx, 'select r.requester_id::text as id from purchase_orders o join purchase_requests r on r.id = o.request_id where o.id = $1', [id])
        )?.id;
        if (requester) {
          await notify(tx, { userId: requester, title: notice('noticeOrderIssued', { number: String(record.number) }), body: String(record.title), link: orderLinks.link(id), category: 'procurement', createdBy: userOf(caller) });
        }
      },
    },
  },
};

type LineValues = { quantity?: unknown; unitPrice?: unknown; taxPct?: unknown };
const lineTotal = (line: LineValues) =>
  documentTotals([{ quantity: String(line.quantity ?? 0), unitPrice: String(line.unitPrice ?? 0), taxPct: line.taxPct === null || line.taxPct === undefined ? 0 : String(line.taxPct) }]).lines[0]!.total;

/** An order line's total (net plus tax, each rounded to the cent) is kept with the line. */
export const purchaseOrderLineHooks: ResourceHooks = {
  beforeCreate: async (_tx, _extra, _caller, values) => ({ line_total: lineTotal(values) }),
  beforeUpdate: async (_tx, _id, values, before) => ({ lineTotal: lineTotal({ ...before, ...values } as LineValues) }),
};

/** An order's subtotal, tax and total are the sums of its rounded lines. */
export const purchaseOrderRollups: Rollup[] = [
  {
    target: 'purchase-orders',
    source: 'purchase-order-lines',
    via: 'order',
    label: 'totals',
    compute: async (tx, orderId) => {
      const totals = await linesTotals(tx, { table: 'purchase_order_lines', parent: 'order_id', price: 'unit_price', tax: 'tax_pct' }, orderId);
      return { subtotal: totals.subtotal, taxTotal: totals.taxTotal, total: totals.total };
    },
  },
];
