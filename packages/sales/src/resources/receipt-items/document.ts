import { defineDocument } from '@propdesk/records/model';
import { receiptItems } from './definition.js';
import { receiptItemLinks } from './links.js';

/** Receipt items, the receipt’s lines (entity receipt, declared by receipts): the folder's face (issue 30). */
export const receiptItemDocument = defineDocument({
  folder: 'receipt-items',
  definitions: [receiptItems],
  links: receiptItemLinks,
});
