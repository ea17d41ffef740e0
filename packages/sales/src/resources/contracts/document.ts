import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { CONTRACT_STATES, contracts } from './definition.js';
import { contractLinks } from './links.js';

/** Contracts: the folder's face (issue 30). */
export const contractDocument = defineDocument({
  folder: 'contracts',
  definitions: [contracts],
  states: CONTRACT_STATES,
  links: contractLinks,
  entities: [
    // Contracts, their installment ledger and receipts (issue 18): approve moves contract steps, reschedules, cancels, voids receipts.
    { name: 'contract', label: 'Contracts', group: 'sales', order: 100, actions: ACTIONS },
  ],
});
