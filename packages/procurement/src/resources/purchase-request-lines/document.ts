import { defineDocument } from '@propdesk/records/model';
import { purchaseRequestLines } from './definition.js';

/** A purchase request’s lines (entity PurchaseRequest, declared by purchase-requests): the folder's face (issue 30). */
export const purchaseRequestLineDocument = defineDocument({
  folder: 'purchase-request-lines',
  definitions: [purchaseRequestLines],
});
