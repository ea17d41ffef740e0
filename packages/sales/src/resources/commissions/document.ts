import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { COMMISSION_STATES, commissions } from './definition.js';
import { commissionLinks } from './links.js';

/** Broker commissions: the folder's face (issue 30). */
export const commissionDocument = defineDocument({
  folder: 'commissions',
  definitions: [commissions],
  states: COMMISSION_STATES,
  links: commissionLinks,
  entities: [
    // Broker commissions (issue 18): approve approves and pays commission lines and re-runs their evaluation.
    { name: 'commission', label: 'Broker commissions', group: 'sales', order: 140, actions: ACTIONS },
  ],
});
