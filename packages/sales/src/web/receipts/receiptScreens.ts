import { placeholderFamily, placeholderScreen, readOn, type UnlistedScreens } from '@propdesk/shell-ui';

const receipts = placeholderFamily('/settings/leads/Receipt', 'Receipt', 'Receipts');
const receiptItems = placeholderFamily('/settings/leads/ReceiptItem', 'Receipt Item', 'Receipt Items');
const bouncedCheques = placeholderFamily('/settings/leads/BouncedCheques', 'Bounced Cheque', 'Bounced Cheques', { guard: readOn('bouncedCheques') });

/**
 * Receipts and bounced cheques are sales records shown in the Settings sidebar (the settings
 * Leads group links to them); placeholders until their issue is built. Receipts are unguarded,
 * as the spec shows them; cheques need read on bouncedCheques.
 */
export const receiptScreens: UnlistedScreens = {
  trail: ['Settings', 'Leads'],
  pages: [
    receipts.list('All receipts (RCT-YYYY-NNNNN) with customer, date, method, items and cheque details, issued or void.'),
    receipts.view('One receipt with its items and cheque details, printable as a PDF, and voidable with a reason.'),
    receiptItems.list('The lines of receipts: which EOI, reservation or installment each amount pays.'),
    receiptItems.create('Adds a line to a receipt against an EOI, a reservation or an installment.'),
    receiptItems.view('One receipt line with what it pays and its amount.'),
    receiptItems.edit('Corrects a receipt line.'),
    placeholderScreen('/receipt/createNewReceipt', 'Create Receipt', 'Issues a new receipt for a customer: date, method, cheque details and the items it pays.'),
    bouncedCheques.list('Cheques that bounced, with bank, due date, amount, drawer and bounced reason, until they are replaced or returned.'),
    bouncedCheques.view('One bounced cheque with the installment it reopened and its replacement or return.'),
  ],
};
