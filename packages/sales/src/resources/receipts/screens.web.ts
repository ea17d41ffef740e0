import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';
import { RECEIPT_CREATE_ROUTE, receiptLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await withSalesWords(import('./receiptExtras.web.js'))).receiptExtras;

/**
 * Receipts are sales records shown in the Settings sidebar (the settings Leads group links to them),
 * engine screens, unguarded as the spec shows them (the server asks `receipt`). `/view` is the list's
 * record view.
 */
export const receiptScreens: SalesScreens = [
  {
    section: 'settingsLeads',
    pages: [
      resource('receipts', { guard: null, extend, aliases: [`${receiptLinks.route}/view`] }),
      resource('receipts', { guard: null, mode: 'create', path: RECEIPT_CREATE_ROUTE, title: 'Create Receipt', custom: async () => (await withSalesWords(import('./ReceiptCreatePage.web.js'))).default }),
    ],
  },
];
