import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await withSalesWords(import('./contractExtras.web.js'))).contractExtras;

/**
 * The contract screens: engine screens of `contracts` (with the steps, prints and ledger panel). The
 * spec's contract routes have no guard (the server still asks `contract`); `/view` and `/edit` are the
 * list's record view and its edit (`?record=`).
 */
export const contractScreens: SalesScreens = [
  {
    section: 'contracts',
    items: [
      resource('contracts', { guard: null, navLabel: 'All Contracts', extend, aliases: ['/sales/contracts/view', '/sales/contracts/edit'] }),
      resource('contracts', { guard: null, mode: 'create', title: 'Create Contract', extend }),
    ],
  },
];
