import { resourceModule } from '@propdesk/records/server';
import { seedProcurementDemo } from '../../server/demo.js';
import { orderPdf } from './print.server.js';
import { purchaseOrderHooks, purchaseOrderLineHooks, purchaseOrderRollups } from './lifecycle.server.js';
import { registerPurchaseOrderRoutes } from './routes.server.js';

/** Purchase orders and their lines: tiered approval, the totals kept from the lines, the print, the approvals and receipts calls. */
export default resourceModule({
  id: 'purchase-orders',
  hooks: () => ({ 'purchase-orders': purchaseOrderHooks, 'purchase-order-lines': purchaseOrderLineHooks }),
  rollups: purchaseOrderRollups,
  printers: { 'purchase-orders': (db, id) => orderPdf(db, id) },
  routes: (app, { engine }) => registerPurchaseOrderRoutes(app, engine),
  // Procurement's demo (suppliers, requests, quotations, orders in every state), with the orders: the last of its documents.
  demo: { run: (engine) => seedProcurementDemo(engine).then(() => null) },
});
