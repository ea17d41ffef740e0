import { CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { approvalTiers } from './definition.js';
import { approvalTierLinks } from './links.js';

/** Purchase-order approval tiers: the folder's face (issue 30). */
export const approvalTierDocument = defineDocument({
  folder: 'approval-tiers',
  definitions: [approvalTiers],
  links: approvalTierLinks,
  entities: [
    // Not named by the spec: the purchase-order approval tiers an administrator sets (issue 9).
    { name: 'approvalTier', label: 'Purchase order approval tiers', group: 'procurement', order: 50, actions: CRUD_ACTIONS },
  ],
});
