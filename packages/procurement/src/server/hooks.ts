import { notify } from '@propdesk/notifications-core/server';
import type { ResourceHooks } from '@propdesk/records/server';
import { badRequest, unprocessable, type Queryable } from '@propdesk/server-kit';
import { EDITABLE_STATES, documentTotals } from '../model/index.js';

type Tx = Queryable;

const one = async <T>(tx: Tx, text: string, params: unknown[]): Promise<T | undefined> => (await tx.query<T & Record<string, unknown>>(text, params)).rows[0];

const words = (status: string) => status.replace(/_/g, ' ');

/** Refuses a change to a document (or one of its lines) outside its editable states. */
function assertEditable(resource: string, singular: string, status: string) {
  const editable = EDITABLE_STATES[resource] ?? [];
  if (!editable.includes(status)) {
    throw unprocessable(`A ${singular} can change only while it is ${editable.map(words).join(' or ')}; this one is ${words(status)}.`);
  }
}

async function statusOf(tx: Tx, table: string, id: string): Promise<string> {
  return (await one<{ status: string }>(tx, `select status from "${table}" where id = $1`, [id]))?.status ?? '';
}

/** Recomputes a request's estimated total from its lines. */
async function refreshRequestTotal(tx: Tx, requestId: string) {
  const lines = await tx.query<{ quantity: string; price: string | null }>(
    'select quantity::text as quantity, estimated_unit_price::text as price from purchase_request_lines where request_id = $1',
    [requestId],
  );
  const totals = documentTotals(lines.rows.map((line) => ({ quantity: line.quantity, unitPrice: line.price ?? 0 })));
  await tx.query('update purchase_requests set estimated_total = $2 where id = $1', [requestId, totals.total]);
}

async function refreshQuotationTotal(tx: Tx, quotationId: string) {
  const lines = await tx.query<{ quantity: string; price: string }>('select quantity::text as quantity, unit_price::text as price from quotation_lines where quotation_id = $1', [quotationId]);
  const totals = documentTotals(lines.rows.map((line) => ({ quantity: line.quantity, unitPrice: line.price })));
  await tx.query('update quotations set total = $2 where id = $1', [quotationId, totals.total]);
}

/** Recomputes an order's line totals, subtotal, tax and total in exact decimals. */
export async function refreshOrderTotals(tx: Tx, orderId: string) {
  const lines = await tx.query<{ id: string; quantity: string; price: string; tax: string | null }>(
    'select id::text as id, quantity::text as quantity, unit_price::text as price, tax_pct::text as tax from purchase_order_lines where order_id = $1',
    [orderId],
  );
  const totals = documentTotals(lines.rows.map((line) => ({ quantity: line.quantity, unitPrice: line.price, taxPct: line.tax })));
  for (const [index, line] of lines.rows.entries()) {
    await tx.query('update purchase_order_lines set line_total = $2 where id = $1', [line.id, totals.lines[index]!.total]);
  }
  await tx.query('update purchase_orders set subtotal = $2, tax_total = $3, total = $4 where id = $1', [orderId, totals.subtotal, totals.taxTotal, totals.total]);
}

/** Every quotation line must answer a line of the quotation's own request. */
async function checkQuotationLines(tx: Tx, quotationId: string) {
  const stray = await tx.query<{ n: number }>(
    `select count(*)::int as n from quotation_lines ql join quotations q on q.id = ql.quotation_id
     left join purchase_request_lines rl on rl.id = ql.request_line_id
     where ql.quotation_id = $1 and ql.request_line_id is not null and rl.request_id is distinct from q.request_id`,
    [quotationId],
  );
  if ((stray.rows[0]?.n ?? 0) > 0) throw badRequest('Validation failed', [{ field: 'lines', message: 'Each line must answer a line of the same purchase request' }]);
}

/** A draft document is deleted whole: its lines go first (those nothing else refers to). */
async function deleteDraftLines(tx: Tx, table: string, column: string, id: string, referrers: readonly [string, string][]) {
  const unused = referrers.map(([other, otherColumn]) => `and not exists (select 1 from "${other}" o where o."${otherColumn}" = l.id)`).join(' ');
  await tx.query(`delete from "${table}" l where l."${column}" = $1 ${unused}`, [id]);
}

const link = (route: string, id: string) => `${route}?record=${id}`;

/** Users holding a role, active. */
async function usersWithRole(tx: Tx, roleId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'select u.id::text as id from users u join user_roles ur on ur.user_id = u.id where ur.role_id = $1 and u.active order by u.id',
    [roleId],
  );
  return rows.rows.map((row) => row.id);
}

export type Tier = { level: number; name: string; aboveAmount: string; roleId: string; roleName: string };
export type Decision = { tierLevel: number; userId: string; userName: string; comment: string | null; decidedOn: string };

/** The tiers an order of this total needs, in level order (every active tier whose threshold it exceeds). */
export async function requiredTiers(tx: Tx, total: string): Promise<Tier[]> {
  const rows = await tx.query<Tier>(
    `select t.level, t.name, t.above_amount::text as "aboveAmount", t.role_id::text as "roleId", r.name as "roleName"
     from approval_tiers t join roles r on r.id = t.role_id
     where t.active and $1::numeric > t.above_amount order by t.level`,
    [total],
  );
  return rows.rows;
}

export async function decisionsOf(tx: Tx, orderId: string): Promise<Decision[]> {
  const rows = await tx.query<Decision>(
    `select a.tier_level as "tierLevel", a.user_id::text as "userId", u.full_name as "userName", a.comment, a.decided_on::text as "decidedOn"
     from po_approvals a join users u on u.id = a.user_id where a.order_id = $1 and not a.superseded order by a.tier_level`,
    [orderId],
  );
  return rows.rows;
}

async function notifyNextTier(tx: Tx, orderId: string, number: string, total: string, by: string | null) {
  const tiers = await requiredTiers(tx, total);
  const decided = new Set((await decisionsOf(tx, orderId)).map((decision) => decision.tierLevel));
  const next = tiers.find((tier) => !decided.has(tier.level));
  if (!next) return;
  for (const userId of await usersWithRole(tx, next.roleId)) {
    await notify(tx, {
      userId,
      title: `${number} awaits your approval`,
      body: `Tier ${next.level} (${next.name}): total ${total}.`,
      link: link('/procurement/purchaseOrder', orderId),
      category: 'procurement',
      createdBy: by,
    });
  }
}

/** The departments of the people who may approve purchase requests. */
async function requestApproverDepartments(tx: Tx): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select distinct u.department_id::text as id from users u
     join user_roles ur on ur.user_id = u.id
     join role_privileges rp on rp.role_id = ur.role_id
     where u.active and u.department_id is not null and rp.field_name is null and lower(rp.action) = 'approve'
       and lower(rp.entity_name) in ('purchaserequest', 'prheader')
     order by 1`,
    [],
  );
  return rows.rows.map((row) => row.id);
}

const userOf = (caller: { auth: { userId: string } | null }) => caller.auth?.userId ?? null;

/** The lines' hooks: a line changes only while its document is editable; the document's totals follow. */
function lineHooks(options: { lineTable: string; parentColumn: string; parentField: string; parentTable: string; resource: string; singular: string; refresh: (tx: Tx, parentId: string) => Promise<void> }): ResourceHooks {
  const parentOf = async (tx: Tx, lineId: string) =>
    (await one<{ parent: string }>(tx, `select "${options.parentColumn}"::text as parent from "${options.lineTable}" where id = $1`, [lineId]))?.parent;
  const check = async (tx: Tx, lineId: string) => {
    const parent = await parentOf(tx, lineId);
    if (!parent) return;
    assertEditable(options.resource, options.singular, await statusOf(tx, options.parentTable, parent));
    return parent;
  };
  return {
    afterCreate: async (tx, id) => {
      const parent = await check(tx, id);
      if (parent) await options.refresh(tx, parent);
    },
    afterUpdate: async (tx, id, _extra, changes) => {
      const parent = await check(tx, id);
      const before = changes.before[options.parentField];
      if (typeof before === 'string' && before !== parent) assertEditable(options.resource, options.singular, await statusOf(tx, options.parentTable, before));
      if (parent) await options.refresh(tx, parent);
    },
    beforeDelete: async (tx, id) => {
      await check(tx, id);
    },
  };
}

/** The engine hooks of the procurement resources: locks, totals, tiered approval and notifications. */
export function procurementHooks(): Record<string, ResourceHooks> {
  return {
    'purchase-requests': {
      afterCreate: async (tx, id, _extra, caller) => {
        await tx.query('update purchase_requests set requester_id = coalesce(requester_id, $2) where id = $1', [id, userOf(caller)]);
        await refreshRequestTotal(tx, id);
      },
      afterUpdate: async (tx, id, _extra, { before }) => {
        assertEditable('purchase-requests', 'purchase request', String(before.status));
        await refreshRequestTotal(tx, id);
      },
      beforeDelete: async (tx, id) => {
        assertEditable('purchase-requests', 'purchase request', await statusOf(tx, 'purchase_requests', id));
        await deleteDraftLines(tx, 'purchase_request_lines', 'request_id', id, [
          ['quotation_lines', 'request_line_id'],
          ['purchase_order_lines', 'request_line_id'],
        ]);
      },
      beforeAction: async (tx, id, action) => {
        if (action === 'submit') {
          const lines = await one<{ n: number }>(tx, 'select count(*)::int as n from purchase_request_lines where request_id = $1', [id]);
          if ((lines?.n ?? 0) === 0) throw unprocessable('Add at least one line before submitting the request.');
        }
      },
      afterAction: async (tx, id, action, record, caller, reason) => {
        const number = String(record.number);
        const by = userOf(caller);
        if (action === 'submit') {
          for (const departmentId of await requestApproverDepartments(tx)) {
            await notify(tx, { departmentId, title: `${number} submitted for approval`, body: String(record.title), link: link('/procurement/purchaseRequest', id), category: 'procurement', createdBy: by });
          }
        }
        if (action === 'approve' || action === 'reject') {
          const requester = (await one<{ id: string | null }>(tx, 'select requester_id::text as id from purchase_requests where id = $1', [id]))?.id;
          if (requester) {
            await notify(tx, {
              userId: requester,
              title: `${number} ${action === 'approve' ? 'approved' : 'rejected'}`,
              body: reason ? `${String(record.title)}: ${reason}` : String(record.title),
              link: link('/procurement/purchaseRequest', id),
              category: 'procurement',
              createdBy: by,
            });
          }
        }
      },
    },
    'purchase-request-lines': lineHooks({ lineTable: 'purchase_request_lines', parentColumn: 'request_id', parentField: 'request', parentTable: 'purchase_requests', resource: 'purchase-requests', singular: 'purchase request', refresh: refreshRequestTotal }),
    quotations: {
      afterCreate: async (tx, id) => {
        await checkQuotationLines(tx, id);
        await refreshQuotationTotal(tx, id);
      },
      afterUpdate: async (tx, id, _extra, { before }) => {
        assertEditable('quotations', 'quotation', String(before.status));
        await checkQuotationLines(tx, id);
        await refreshQuotationTotal(tx, id);
      },
      beforeDelete: async (tx, id) => {
        assertEditable('quotations', 'quotation', await statusOf(tx, 'quotations', id));
        await deleteDraftLines(tx, 'quotation_lines', 'quotation_id', id, []);
      },
    },
    'quotation-lines': lineHooks({ lineTable: 'quotation_lines', parentColumn: 'quotation_id', parentField: 'quotation', parentTable: 'quotations', resource: 'quotations', singular: 'quotation', refresh: refreshQuotationTotal }),
    'purchase-orders': {
      afterCreate: async (tx, id) => refreshOrderTotals(tx, id),
      afterUpdate: async (tx, id, _extra, { before }) => {
        assertEditable('purchase-orders', 'purchase order', String(before.status));
        await refreshOrderTotals(tx, id);
      },
      beforeDelete: async (tx, id) => {
        assertEditable('purchase-orders', 'purchase order', await statusOf(tx, 'purchase_orders', id));
        await deleteDraftLines(tx, 'purchase_order_lines', 'order_id', id, []);
      },
      beforeAction: async (tx, id, action, current, caller, reason) => {
        if (action === 'submit') {
          const lines = await one<{ n: number }>(tx, 'select count(*)::int as n from purchase_order_lines where order_id = $1', [id]);
          if ((lines?.n ?? 0) === 0) throw unprocessable('Add at least one line before submitting the order.');
          return;
        }
        if (action === 'issue') {
          await tx.query('update purchase_orders set issued_on = current_date where id = $1', [id]);
          return;
        }
        if (action === 'reject') {
          await tx.query('update po_approvals set superseded = true where order_id = $1 and not superseded', [id]);
          return;
        }
        if (action !== 'approve') return;
        const userId = userOf(caller);
        if (!userId) throw unprocessable('Only a person can approve an order.');
        const total = (await one<{ total: string }>(tx, 'select coalesce(total, 0)::text as total from purchase_orders where id = $1', [id]))!.total;
        const tiers = await requiredTiers(tx, total);
        const decisions = await decisionsOf(tx, id);
        if (decisions.some((decision) => decision.userId === userId)) {
          throw unprocessable('You have already approved this order; the next tier needs another person.');
        }
        const decided = new Set(decisions.map((decision) => decision.tierLevel));
        const next = tiers.find((tier) => !decided.has(tier.level));
        if (!next) return { to: 'approved' };
        const holds = await one<{ n: number }>(tx, 'select count(*)::int as n from user_roles where user_id = $1 and role_id = $2', [userId, next.roleId]);
        if ((holds?.n ?? 0) === 0) {
          throw unprocessable(`This order waits for tier ${next.level} (${next.name}): a ${next.roleName} approves it first.`);
        }
        await tx.query('insert into po_approvals (order_id, tier_level, tier_name, user_id, comment) values ($1, $2, $3, $4, $5)', [id, next.level, next.name, userId, reason]);
        const remaining = tiers.filter((tier) => tier.level !== next.level && !decided.has(tier.level));
        return { to: remaining.length === 0 ? 'approved' : String(current.status) };
      },
      afterAction: async (tx, id, action, record, caller, reason) => {
        const number = String(record.number);
        const by = userOf(caller);
        const creator = (await one<{ id: string | null }>(tx, 'select created_by::text as id from purchase_orders where id = $1', [id]))?.id;
        if (action === 'submit' || (action === 'approve' && record.status === 'pending_approval')) {
          await notifyNextTier(tx, id, number, String(record.total ?? '0'), by);
        }
        if (creator && ((action === 'approve' && record.status === 'approved') || action === 'reject')) {
          await notify(tx, {
            userId: creator,
            title: action === 'reject' ? `${number} returned to draft` : `${number} approved`,
            body: reason ?? String(record.title),
            link: link('/procurement/purchaseOrder', id),
            category: 'procurement',
            createdBy: by,
          });
        }
        if (action === 'issue') {
          const requester = (
            await one<{ id: string | null }>(tx, 'select r.requester_id::text as id from purchase_orders o join purchase_requests r on r.id = o.request_id where o.id = $1', [id])
          )?.id;
          if (requester) {
            await notify(tx, { userId: requester, title: `${number} issued to the supplier`, body: String(record.title), link: link('/procurement/purchaseOrder', id), category: 'procurement', createdBy: by });
          }
        }
      },
    },
    'purchase-order-lines': lineHooks({ lineTable: 'purchase_order_lines', parentColumn: 'order_id', parentField: 'order', parentTable: 'purchase_orders', resource: 'purchase-orders', singular: 'purchase order', refresh: refreshOrderTotals }),
  };
}
