import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);

/** Bulk deals, the engine's screen of `bulk-deals` with its panel, last in the EOI group (no guard, as the spec shows it). */
export const bulkDealScreens: SalesScreens = [
  {
    section: 'eoi',
    items: [
      resource('bulk-deals', { guard: null, title: 'Bulk Deals', visible: sidebarRules.bulkDeals, extend: () => withSalesWords(import('./BulkDealPanel.web.js')).then((m) => m.bulkDealPage) }),
    ],
  },
];
