import { resourceModule } from '@propdesk/records/server';
import { requestPdf } from '../../server/pdf.js';
import { purchaseRequestHooks, purchaseRequestRollups } from './lifecycle.server.js';

/** Purchase requests and their lines: the lifecycle, the ordered quantity kept from the orders, the print. */
export default resourceModule({
  id: 'purchase-requests',
  hooks: () => ({ 'purchase-requests': purchaseRequestHooks }),
  rollups: purchaseRequestRollups,
  printers: { 'purchase-requests': (db, id) => requestPdf(db, id) },
});
