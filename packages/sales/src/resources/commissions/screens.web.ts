import { declareResources } from '@propdesk/records/web';
import { customScreen, readOn } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { BROKER_STATEMENT_ROUTE, COMMISSION_VIEW_ROUTE } from './links.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await withSalesWords(import('./commissionExtras.web.js'))).commissionExtras;

/**
 * Broker commissions (issue 18), in the Contracts group: the engine's list and record view of
 * `commissions` (approve and pay are its actions, shown to whoever holds commission approve) and a
 * broker's statement with its PDF. Both need read on `commission`. Commissions are written by the
 * server: no create or edit page.
 */
export const commissionScreens: SalesScreens = [
  {
    section: 'contracts',
    items: [
      resource('commissions', { navLabel: 'Commissions', extend, aliases: [COMMISSION_VIEW_ROUTE] }),
      customScreen(BROKER_STATEMENT_ROUTE, 'Broker Statement', () => withSalesWords(import('./BrokerStatementPage.web.js')).then((m) => m.BrokerStatementPage), { guard: readOn('commission'), navLabel: 'Broker Statements' }),
    ],
  },
];
