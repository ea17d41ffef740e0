import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { INSTALLMENT_STATES, installments } from './definition.js';
import { installmentLinks } from './links.js';

/** The installment ledger: the folder's face (issue 30). */
export const installmentDocument = defineDocument({
  folder: 'installments',
  definitions: [installments],
  states: INSTALLMENT_STATES,
  links: installmentLinks,
  entities: [
    { name: 'contractPayment', label: 'Contract payments (installments)', group: 'sales', order: 110, actions: ACTIONS },
  ],
});
