import { resourceModule } from '@propdesk/records/server';
import { requestPdf } from './print.server.js';
import { purchaseRequestHooks, purchaseRequestRollups } from './lifecycle.server.js';
import { registerPurchaseRequestRoutes } from './routes.server.js';

/** Purchase requests and their lines: the lifecycle, the ordered quantity kept from the orders, the print, the comparison, award and dashboard calls. */
export default resourceModule({
  id: 'purchase-requests',
  hooks: () => ({ 'purchase-requests': purchaseRequestHooks }),
  rollups: purchaseRequestRollups,
  printers: { 'purchase-requests': (db, id) => requestPdf(db, id) },
  routes: (app, { engine }) => registerPurchaseRequestRoutes(app, engine),
});
