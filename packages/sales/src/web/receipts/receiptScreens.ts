import { declareResources } from '@propdesk/records/web';
import { placeholderFamily, readOn, type UnlistedScreens } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../model/definitions.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await import('./receiptExtras.js')).receiptExtras;
const bouncedCheques = placeholderFamily('/settings/leads/BouncedCheques', 'Bounced Cheque', 'Bounced Cheques', { guard: readOn('bouncedCheques') });

/**
 * Receipts and their items are sales records shown in the Settings sidebar (the settings Leads group
 * links to them), engine screens, unguarded as the spec shows them (the server asks `receipt`).
 * `/view` is the list's record view; receipt items are written with their receipt, so their create
 * and edit paths open the items' list. Bounced cheques stay placeholders until cheques are built
 * (they need read on bouncedCheques).
 */
export const receiptScreens: UnlistedScreens = {
  trail: ['Settings', 'Leads'],
  pages: [
    resource('receipts', { guard: null, extend, aliases: ['/settings/leads/Receipt/view'] }),
    resource('receipts', { guard: null, mode: 'create', path: '/receipt/createNewReceipt', title: 'Create Receipt', custom: async () => (await import('./ReceiptCreatePage.js')).default }),
    resource('receipt-items', {
      guard: null,
      aliases: ['/settings/leads/ReceiptItem/view', '/settings/leads/ReceiptItem/create', '/settings/leads/ReceiptItem/edit'],
    }),
    bouncedCheques.list('Cheques that bounced, with bank, due date, amount, drawer and bounced reason, until they are replaced or returned.'),
    bouncedCheques.view('One bounced cheque with the installment it reopened and its replacement or return.'),
  ],
};
