import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { ORDER_STATES } from '../../model/states.js';
import { purchaseOrders } from './definition.js';
import { orderLinks } from './links.js';

/** Purchase orders: the folder's face (issue 30). */
export const purchaseOrderDocument = defineDocument({
  folder: 'purchase-orders',
  definitions: [purchaseOrders],
  states: ORDER_STATES,
  links: orderLinks,
  entities: [
    { name: 'poheader', label: 'Purchase orders', group: 'procurement', order: 20, actions: ACTIONS },
  ],
});
