import { linksOf } from '@propdesk/records/model';
import { purchaseOrders } from './definition.js';

/** Purchase orders (`/procurement/purchaseOrder`): an order's view, the create form. */
export const orderLinks = linksOf(purchaseOrders);
