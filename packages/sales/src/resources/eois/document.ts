import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { EOI_STATES, eois } from './definition.js';
import { eoiLinks } from './links.js';

/** Expressions of interest: the folder's face (issue 30). */
export const eoiDocument = defineDocument({
  folder: 'eois',
  definitions: [eois],
  states: EOI_STATES,
  links: eoiLinks,
  entities: [
    { name: 'eoi', label: 'Expressions of interest', group: 'sales', order: 30, actions: ACTIONS },
  ],
});
