import { linksOf } from '@propdesk/records/model';
import { purchaseRequests } from './definition.js';

/** Purchase requests (`/procurement/purchaseRequest`): a request's view, the create form. */
export const requestLinks = linksOf(purchaseRequests);
