import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { BULK_DEAL_STATES, bulkDeals } from './definition.js';
import { bulkDealLinks } from './links.js';

/** Bulk deals: the folder's face (issue 30). */
export const bulkDealDocument = defineDocument({
  folder: 'bulk-deals',
  definitions: [bulkDeals],
  states: BULK_DEAL_STATES,
  links: bulkDealLinks,
  entities: [
    { name: 'bulkDeal', label: 'Bulk deals', group: 'sales', order: 60, actions: ACTIONS },
  ],
});
