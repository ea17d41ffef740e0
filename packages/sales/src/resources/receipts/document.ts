import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { RECEIPT_STATES, receipts } from './definition.js';
import { receiptLinks } from './links.js';

/** Receipts (their items are guarded by the same entity): the folder's face (issue 30). */
export const receiptDocument = defineDocument({
  folder: 'receipts',
  definitions: [receipts],
  states: RECEIPT_STATES,
  links: receiptLinks,
  entities: [
    { name: 'receipt', label: 'Receipts', group: 'sales', order: 120, actions: ACTIONS },
  ],
});
