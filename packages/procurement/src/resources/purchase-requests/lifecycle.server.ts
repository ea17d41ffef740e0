import { notify } from '@propdesk/notifications-core/server';
import type { ResourceHooks, Rollup } from '@propdesk/records/server';
import { unprocessable, type LocalText, type Queryable } from '@propdesk/server-kit';
import { notice, procurementText } from '../../server/i18n/catalog.js';
import { linesTotals, one, plain, userOf } from '../common.server.js';
import { requestLinks } from './links.js';

/** The departments of the people who may approve purchase requests. */
async function approverDepartments(tx: Queryable): Promise<string[]> {
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

async function notifyRequester(tx: Queryable, id: string, title: LocalText, body: string, by: string | null) {
  const requester = (await one<{ id: string | null }>(tx, 'select requester_id::text as id from purchase_requests where id = $1', [id]))?.id;
  if (requester) await notify(tx, { userId: requester, title, body, link: requestLinks.link(id), category: 'procurement', createdBy: by });
}

/** A purchase request: its requester, and what submitting and deciding it does. */
export const purchaseRequestHooks: ResourceHooks = {
  beforeCreate: async (_tx, _extra, caller, values) => (values.requester ? {} : { requester_id: userOf(caller) }),
  actions: {
    submit: {
      before: async (tx, id) => {
        const lines = await one<{ n: number }>(tx, 'select count(*)::int as n from purchase_request_lines where request_id = $1', [id]);
        if ((lines?.n ?? 0) === 0) throw unprocessable(procurementText('requestNeedsLine'));
      },
      after: async (tx, id, record, caller) => {
        for (const departmentId of await approverDepartments(tx)) {
          await notify(tx, { departmentId, title: notice('noticeRequestSubmitted', { number: String(record.number) }), body: String(record.title), link: requestLinks.link(id), category: 'procurement', createdBy: userOf(caller) });
        }
      },
    },
    approve: {
      after: (tx, id, record, caller, reason) =>
        notifyRequester(tx, id, notice('noticeRequestApproved', { number: String(record.number) }), reason ? `${String(record.title)}: ${reason}` : String(record.title), userOf(caller)),
    },
    reject: {
      after: (tx, id, record, caller, reason) =>
        notifyRequester(tx, id, notice('noticeRequestRejected', { number: String(record.number) }), reason ? `${String(record.title)}: ${reason}` : String(record.title), userOf(caller)),
    },
  },
};

/** What the engine keeps on requests and their lines from other records. */
export const purchaseRequestRollups: Rollup[] = [
  {
    target: 'purchase-requests',
    source: 'purchase-request-lines',
    via: 'request',
    label: 'total',
    compute: async (tx, requestId) => ({
      estimatedTotal: (await linesTotals(tx, { table: 'purchase_request_lines', parent: 'request_id', price: 'estimated_unit_price' }, requestId)).total,
    }),
  },
  {
    // Ordered and received quantities follow the order lines made for each request line (cancelled orders do not count).
    target: 'purchase-request-lines',
    source: 'purchase-order-lines',
    via: 'requestLine',
    label: 'ordered',
    compute: async (tx, requestLineId) => {
      const row = await one<{ ordered: string; received: string }>(
        tx,
        `select coalesce(sum(l.quantity), 0)::text as ordered, coalesce(sum(l.received_quantity), 0)::text as received
         from purchase_order_lines l join purchase_orders o on o.id = l.order_id
         where l.request_line_id = $1 and o.status <> 'cancelled'`,
        [requestLineId],
      );
      return { orderedQuantity: plain(row?.ordered ?? '0'), receivedQuantity: plain(row?.received ?? '0') };
    },
  },
];
