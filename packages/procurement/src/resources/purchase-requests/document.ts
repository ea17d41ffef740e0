import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { REQUEST_STATES } from '../../model/states.js';
import { purchaseRequests } from './definition.js';
import { requestLinks } from './links.js';

/** Purchase requests (their lines are guarded by the same entity): the folder's face (issue 30). */
export const purchaseRequestDocument = defineDocument({
  folder: 'purchase-requests',
  definitions: [purchaseRequests],
  states: REQUEST_STATES,
  links: requestLinks,
  entities: [
    { name: 'PurchaseRequest', label: 'Purchase requests', group: 'procurement', order: 10, actions: ACTIONS },
  ],
});
