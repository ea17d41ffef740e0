import { callerOf, engineTransaction, recordDoc, type EngineContext } from '@propdesk/records/server';
import { ok, okEnvelope } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiptSchema } from '../../model/index.js';
import { can, idParams, visibleRecord } from '../common.server.js';
import { decisionsOf, requiredTiers } from './approvals.server.js';
import { approvalsDoc, receiptsDoc } from './docs.server.js';
import { receive } from './receive.server.js';

/** An order's calls beside the engine's (api.md, Procurement): its approval tiers, goods received, the old print path. */
export function registerPurchaseOrderRoutes(rawApp: FastifyInstance, ctx: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const tags = ['Procurement'];

  app.get('/api/purchase-orders/:id/approvals', { schema: { tags, summary: "An order's approval tiers and decisions", params: idParams, docs: { response: { 200: approvalsDoc } } }, onRequest: can('poheader', 'read') }, async (request) => {
    const order = await visibleRecord(ctx, request, 'purchase-orders', request.params.id);
    const tiers = await requiredTiers(ctx.db, String(order.total ?? '0'));
    const decisions = await decisionsOf(ctx.db, request.params.id);
    const next = ['pending_approval'].includes(String(order.status)) ? tiers.find((tier) => !decisions.some((decision) => decision.tierLevel === tier.level)) : undefined;
    return ok({
      tiers: tiers.map((tier) => ({ ...tier, decision: decisions.find((decision) => decision.tierLevel === tier.level) ?? null })),
      next: next?.level ?? null,
    });
  });

  app.get('/api/purchase-orders/:id/receipts', { schema: { tags, summary: 'Goods received against an order', params: idParams, docs: { response: { 200: receiptsDoc } } }, onRequest: can('poheader', 'read') }, async (request) => {
    await visibleRecord(ctx, request, 'purchase-orders', request.params.id);
    const rows = await ctx.db.query(
      `select r.id::text as id, r.line_id::text as line, l.description, r.quantity::text as quantity, r.received_on::text as "receivedOn", r.over_receipt_reason as "overReceiptReason", u.full_name as "receivedBy"
       from po_receipts r join purchase_order_lines l on l.id = r.line_id left join users u on u.id = r.received_by where r.order_id = $1 order by r.created_on, l.line_no`,
      [request.params.id],
    );
    return ok(rows.rows);
  });

  app.post(
    '/api/purchase-orders/:id/receipts',
    { schema: { tags, summary: 'Record goods received (partial allowed; over-receipt needs a reason)', params: idParams, body: receiptSchema, docs: { response: { 201: okEnvelope(recordDoc(ctx.registry, ctx.registry.get('purchase-orders'))) } } }, onRequest: can('poheader', 'update') },
    async (request, reply) => {
      await visibleRecord(ctx, request, 'purchase-orders', request.params.id);
      const record = await engineTransaction(ctx, (tx) => receive(ctx, tx, callerOf(request), request.params.id, request.body));
      reply.code(201);
      return ok(record, 'Goods received.');
    },
  );

  // The printable document is the engine's `/print` (api.md); the old path leads there.
  app.get('/api/purchase-orders/:id/pdf', { schema: { hide: true, params: idParams } }, async (request, reply) => reply.redirect(`/api/purchase-orders/${request.params.id}/print`, 308));
}
