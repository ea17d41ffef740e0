import { linksOf } from '@propdesk/records/model';
import { bulkDeals } from './definition.js';

/** Bulk deals (`/sales/eoi/bulkdeals`): a deal's view, the create form. */
export const bulkDealLinks = linksOf(bulkDeals);
