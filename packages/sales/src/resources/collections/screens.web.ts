import { customScreen } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';
import { collectionsLinks } from './links.js';

/** Not in the spec: the collections dashboard (issue 18), in the Contracts group, for whoever may read the ledger. */
export const collectionScreens: SalesScreens = [
  {
    section: 'contracts',
    items: [
      customScreen(collectionsLinks.route, 'Collections', () => withSalesWords(import('./CollectionsPage.web.js')).then((m) => m.CollectionsPage), { guard: { entity: 'contractPayment', action: 'read' } }),
    ],
  },
];

/** The panels under a customer's view (portfolio, statement of account, messages), loaded lazily: the customers screen's `extend` (leads folder). */
export const loadCustomerExtras = async () => (await withSalesWords(import('./customerExtras.web.js'))).customerExtras;
