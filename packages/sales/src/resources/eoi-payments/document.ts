import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { EOI_PAYMENT_STATES, eoiPayments } from './definition.js';
import { eoiPaymentLinks } from './links.js';

/** EOI payments: the folder's face (issue 30). */
export const eoiPaymentDocument = defineDocument({
  folder: 'eoi-payments',
  definitions: [eoiPayments],
  states: EOI_PAYMENT_STATES,
  links: eoiPaymentLinks,
  entities: [
    { name: 'eoiPayment', label: 'EOI payments', group: 'sales', order: 50, actions: ACTIONS },
  ],
});
