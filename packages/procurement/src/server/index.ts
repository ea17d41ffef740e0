import type { DomainServer } from '@propdesk/records/server';
import { PROCUREMENT_RESOURCES } from '../model/index.js';
import { purchaseOrderHooks, purchaseOrderLineHooks, purchaseOrderRollups } from '../resources/purchase-orders/lifecycle.server.js';
import { purchaseRequestHooks, purchaseRequestRollups } from '../resources/purchase-requests/lifecycle.server.js';
import { quotationHooks, quotationLineHooks, quotationRollups } from '../resources/quotations/lifecycle.server.js';
import { orderPdf, requestPdf } from './pdf.js';
import { registerProcurementRoutes } from './routes.js';
import { lateMigrations, migrations } from './schema.js';
import { seedProcurementDemo } from './demo.js';

export { migrations, lateMigrations } from './schema.js';
export { requiredTiers, decisionsOf } from '../resources/purchase-orders/approvals.server.js';
export { award, comparisonOf, receive, ATTACHMENT_LIMIT_BYTES } from './routes.js';
export { orderPdf, requestPdf, COMPANY } from './pdf.js';
export { seedProcurementDemo };

/**
 * The procurement domain on the server: its documents' lifecycles (each in its resource's folder),
 * the values the engine keeps from their lines, their printable documents, and the calls beside
 * the engine's: comparison and award of a request, approvals and receipts of an order, quotation
 * attachments and the dashboard.
 */
export const procurementDomain: DomainServer = {
  id: 'procurement',
  resources: PROCUREMENT_RESOURCES,
  migrations,
  lateMigrations,
  hooks: () => ({
    'purchase-requests': purchaseRequestHooks,
    quotations: quotationHooks,
    'quotation-lines': quotationLineHooks,
    'purchase-orders': purchaseOrderHooks,
    'purchase-order-lines': purchaseOrderLineHooks,
  }),
  rollups: [...purchaseRequestRollups, ...quotationRollups, ...purchaseOrderRollups],
  printers: {
    'purchase-orders': (db, id) => orderPdf(db, id),
    'purchase-requests': (db, id) => requestPdf(db, id),
  },
  routes: (app, { engine }) => registerProcurementRoutes(app, engine),
};
