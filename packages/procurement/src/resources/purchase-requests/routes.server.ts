import { callerOf, engineTransaction, type EngineContext } from '@propdesk/records/server';
import { ok } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { awardSchema } from '../../model/index.js';
import { can, idParams, visibleRecord } from '../common.server.js';
import { award } from './award.server.js';
import { comparisonOf } from './comparison.server.js';
import { procurementDashboard } from './dashboard.server.js';
import { awardDoc, comparisonDoc, dashboardDoc } from './docs.server.js';

/** A request's calls beside the engine's (api.md, Procurement): its quotations compared, the award, the old print path, the dashboard above the list. */
export function registerPurchaseRequestRoutes(rawApp: FastifyInstance, ctx: EngineContext) {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const tags = ['Procurement'];

  app.get('/api/purchase-requests/:id/comparison', { schema: { tags, summary: "A request's quotations side by side", params: idParams, docs: { response: { 200: comparisonDoc } } }, onRequest: can('quotation', 'read') }, async (request) => {
    await visibleRecord(ctx, request, 'purchase-requests', request.params.id);
    return ok(await comparisonOf(ctx.db, request.params.id));
  });

  app.post(
    '/api/purchase-requests/:id/award',
    { schema: { tags, summary: 'Award a request, whole or line by line: one purchase order per supplier', params: idParams, body: awardSchema, docs: { response: { 201: awardDoc } } }, onRequest: can('poheader', 'create') },
    async (request, reply) => {
      await visibleRecord(ctx, request, 'purchase-requests', request.params.id);
      const orders = await engineTransaction(ctx, (tx) => award(ctx, tx, callerOf(request), request.params.id, request.body));
      reply.code(201);
      return ok({ orders }, `${orders.length} purchase order${orders.length === 1 ? '' : 's'} created.`);
    },
  );

  // The printable document is the engine's `/print` (api.md); the old path leads there.
  app.get('/api/purchase-requests/:id/pdf', { schema: { hide: true, params: idParams } }, async (request, reply) => reply.redirect(`/api/purchase-requests/${request.params.id}/print`, 308));

  app.get(
    '/api/procurement/dashboard',
    { schema: { tags, summary: 'Open requests (draft to partly ordered) by status, orders awaiting approval, spend by project this month', docs: { response: { 200: dashboardDoc } } }, onRequest: can('PurchaseRequest', 'read') },
    async () => ok(await procurementDashboard(ctx.db)),
  );
}
