import { defineDocument } from '@propdesk/records/model';
import { purchaseOrderLines } from './definition.js';

/** A purchase order’s lines (entity poheader, declared by purchase-orders): the folder's face (issue 30). */
export const purchaseOrderLineDocument = defineDocument({
  folder: 'purchase-order-lines',
  definitions: [purchaseOrderLines],
});
