import { declareResources } from '@propdesk/records/web';
import type { ProcurementScreens } from '../../web/manifest.js';
import { PROCUREMENT_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(PROCUREMENT_RESOURCES);

/** Purchase requests, the engine's screen with the lines, the quotations' comparison and the dashboard; the guard is the spec's PurchaseRequest. */
export const purchaseRequestScreens: ProcurementScreens = [
  {
    section: 'purchaseRequest',
    screen: resource('purchase-requests', {
      navLabel: 'Purchase Request',
      extend: () => import('./purchaseRequestPages.web.js').then((m) => m.purchaseRequestPage),
    }),
  },
];
