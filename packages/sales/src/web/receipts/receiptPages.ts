import { placeholderPage } from '@propdesk/shell-ui';

/** The receipt screens (Settings mode); each is a placeholder until its issue is built. */
export const receiptPages = {
  list: placeholderPage(
    'Receipts',
    'All receipts (RCT-YYYY-NNNNN) with customer, date, method, items and cheque details, issued or void.',
  ),
  view: placeholderPage('View Receipt', 'One receipt with its items and cheque details, printable as a PDF, and voidable with a reason.'),
  itemList: placeholderPage(
    'Receipt Items',
    'The lines of receipts: which EOI, reservation or installment each amount pays.',
  ),
  itemCreate: placeholderPage('Create Receipt Item', 'Adds a line to a receipt against an EOI, a reservation or an installment.'),
  itemView: placeholderPage('View Receipt Item', 'One receipt line with what it pays and its amount.'),
  itemEdit: placeholderPage('Edit Receipt Item', 'Corrects a receipt line.'),
  createNew: placeholderPage(
    'Create Receipt',
    'Issues a new receipt for a customer: date, method, cheque details and the items it pays.',
  ),
};

export type ReceiptPage = keyof typeof receiptPages;
