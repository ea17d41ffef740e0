import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { HOLD_VIEW_ROUTE } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Hold requests and their setup, engine screens; paths under /settings/leads, Sales mode (salesModule's
 * prefixes). The spec shows the hold-request routes with no guard; the server still asks `holdRequest`.
 */
export const holdRequestScreens: SalesScreens = [
  {
    section: 'holdRequests',
    items: [
      // `/view` is the spec's spelling of one request's view: the list's `?record=` view.
      resource('hold-requests', { guard: null, aliases: [HOLD_VIEW_ROUTE] }),
      resource('hold-requests', { guard: null, mode: 'create', title: 'Create Hold Request' }),
      resource('hold-request-setups'),
    ],
  },
];
