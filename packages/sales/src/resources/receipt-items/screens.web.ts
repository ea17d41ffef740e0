import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { receiptItemLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Receipt items, under Settings › Leads with their receipts, unguarded as the spec shows them. They are
 * written with their receipt, so their create and edit paths open the items' list.
 */
export const receiptItemScreens: SalesScreens = [
  {
    section: 'settingsLeads',
    pages: [
      resource('receipt-items', {
        guard: null,
        aliases: ['view', 'create', 'edit'].map((mode) => `${receiptItemLinks.route}/${mode}`),
      }),
    ],
  },
];
