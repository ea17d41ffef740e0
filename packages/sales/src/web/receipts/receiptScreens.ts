import { declareResources } from '@propdesk/records/web';
import { readOn, type UnlistedScreens } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await import('./receiptExtras.js')).receiptExtras;
const chequeExtras = async () => (await import('../cheques/ChequePanels.js')).chequeExtras;
const bouncedExtras = async () => (await import('../cheques/ChequePanels.js')).bouncedExtras;

/**
 * Receipts and their items are sales records shown in the Settings sidebar (the settings Leads group
 * links to them), engine screens, unguarded as the spec shows them (the server asks `receipt`).
 * `/view` is the list's record view; receipt items are written with their receipt, so their create
 * and edit paths open the items' list. Bounced Cheques (read on bouncedCheques) is the cheque
 * register's screen with the bounced ones above it.
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
    // The cheque register (issue 18), with the week's deposit calendar above it (read on cheque).
    resource('cheques', { extend: chequeExtras, aliases: ['/settings/leads/Cheques/view'] }),
    // Bounced Cheques: the same register under the spec's guard, its bounced ones listed above it.
    resource('cheques', { path: '/settings/leads/BouncedCheques', title: 'Bounced Cheques', guard: readOn('bouncedCheques'), extend: bouncedExtras, aliases: ['/settings/leads/BouncedCheques/view'] }),
  ],
};
