import type { Registry } from '@propdesk/records/model';
import type { Database } from '@propdesk/server-kit';
import type { FastifyPluginAsync } from 'fastify';
import { registerProcurementRoutes } from './routes.js';

export { migrations, lateMigrations } from './schema.js';
export { procurementHooks, refreshOrderTotals, requiredTiers, decisionsOf } from './hooks.js';
export { award, comparisonOf, receive, ATTACHMENT_LIMIT_BYTES } from './routes.js';
export { orderPdf, requestPdf, COMPANY } from './pdf.js';
export { seedProcurementDemo } from './demo.js';

/** What the procurement server gets from the app. */
export type ProcurementServerOptions = { db: Database; registry: Registry };

/**
 * The procurement calls beside the engine's generated ones: the comparison and award of a
 * request, approvals and receipts of an order, quotation attachments, PDFs and the dashboard.
 */
export const procurementPlugin: FastifyPluginAsync<ProcurementServerOptions> = async (app, options) => {
  registerProcurementRoutes(app, options);
};
