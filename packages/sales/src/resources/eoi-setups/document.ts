import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { EOI_SETUP_STATES, eoiSetups } from './definition.js';
import { eoiSetupLinks } from './links.js';

/** EOI setups: the folder's face (issue 30). */
export const eoiSetupDocument = defineDocument({
  folder: 'eoi-setups',
  definitions: [eoiSetups],
  states: EOI_SETUP_STATES,
  links: eoiSetupLinks,
  entities: [
    { name: 'eoiSetup', label: 'EOI setup', group: 'sales', order: 40, actions: ACTIONS },
  ],
});
