import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { CHEQUE_STATES, cheques } from './definition.js';
import { chequeLinks } from './links.js';

/** The cheque register: the folder's face (issue 30). */
export const chequeDocument = defineDocument({
  folder: 'cheques',
  definitions: [cheques],
  states: CHEQUE_STATES,
  links: chequeLinks,
  entities: [
    // The cheque register (issue 18): approve clears, bounces, re-deposits and returns cheques and sets bounce charges.
    { name: 'cheque', label: 'Cheques', group: 'sales', order: 130, actions: ACTIONS },
    // The same register as the spec's Bounced Cheques screen.
    { name: 'bouncedCheques', label: 'Bounced cheques', group: 'settings-leads', order: 180, actions: ACTIONS },
  ],
});
