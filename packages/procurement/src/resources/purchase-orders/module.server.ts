import { resourceModule } from '@propdesk/records/server';
import { purchaseOrderLines } from '../purchase-order-lines/definition.js';
import { orderPdf } from '../../server/pdf.js';
import { purchaseOrders } from './definition.js';
import { purchaseOrderHooks, purchaseOrderLineHooks, purchaseOrderRollups } from './lifecycle.server.js';

/** Purchase orders and their lines: tiered approval, the totals kept from the lines, the print. */
export default resourceModule({
  id: 'purchase-orders',
  resources: [purchaseOrders, purchaseOrderLines],
  hooks: () => ({ 'purchase-orders': purchaseOrderHooks, 'purchase-order-lines': purchaseOrderLineHooks }),
  rollups: purchaseOrderRollups,
  printers: { 'purchase-orders': (db, id) => orderPdf(db, id) },
});
