import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { QUOTATION_STATES } from '../../model/states.js';
import { quotations } from './definition.js';
import { quotationLinks } from './links.js';

/** Quotations: the folder's face (issue 30). */
export const quotationDocument = defineDocument({
  folder: 'quotations',
  definitions: [quotations],
  states: QUOTATION_STATES,
  links: quotationLinks,
  entities: [
    { name: 'quotation', label: 'Quotations', group: 'procurement', order: 30, actions: ACTIONS },
  ],
});
