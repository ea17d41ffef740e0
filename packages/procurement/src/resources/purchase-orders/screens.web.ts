import { declareResources } from '@propdesk/records/web';
import type { ProcurementScreens } from '../../web/manifest.js';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);

/** Purchase orders, the engine's screen with the lines, the approvals and the goods received. */
export const purchaseOrderScreens: ProcurementScreens = [
  {
    section: 'purchaseOrder',
    screen: resource('purchase-orders', {
      navLabel: 'Purchase Order',
      extend: () => import('./purchaseOrderPages.web.js').then((m) => m.purchaseOrderPage),
    }),
  },
];
