import { declareResources } from '@propdesk/records/web';
import { readOn } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { BOUNCED_CHEQUE_VIEW_ROUTE, bouncedChequeLinks, chequeLinks } from './links.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);
const chequeExtras = async () => (await withSalesWords(import('./ChequePanels.web.js'))).chequeExtras;
const bouncedExtras = async () => (await withSalesWords(import('./ChequePanels.web.js'))).bouncedExtras;

/**
 * The cheque register (issue 18) under Settings › Leads, after the receipts: with the week's deposit
 * calendar above it (read on cheque), and as Bounced Cheques (read on bouncedCheques, the spec's guard)
 * with the bounced ones listed above it.
 */
export const chequeScreens: SalesScreens = [
  {
    section: 'settingsLeads',
    pages: [
      resource('cheques', { extend: chequeExtras, aliases: [`${chequeLinks.route}/view`] }),
      resource('cheques', { path: bouncedChequeLinks.route, title: 'Bounced Cheques', guard: readOn('bouncedCheques'), extend: bouncedExtras, aliases: [BOUNCED_CHEQUE_VIEW_ROUTE] }),
    ],
  },
];
