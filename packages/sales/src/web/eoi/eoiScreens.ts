import type { LazyPage } from '@propdesk/shell-ui';
import type { EoiPage } from './eoiPages.js';
import { screen, type Screen } from '@propdesk/shell-ui';

const page = (name: EoiPage): LazyPage => () => import('./eoiPages.js').then((m) => ({ Component: m.eoiPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Sales', 'EOI', title] });

/** The spec shows the EOI routes with no guard; the sidebar items carry the EOI privileges. */
export const eoiScreens: readonly Screen[] = [
  screen('/sales/eoi/create', crumb('Create EOI'), page('create')),
  screen('/sales/eoi/list', crumb('EOI List'), page('list')),
  screen('/sales/eoi/list/view', crumb('View EOI'), page('view')),
  // A sidebar target with no route in the spec: the same EOI view as /sales/eoi/list/view.
  screen('/sales/eoi/view', crumb('View EOI'), page('view')),
  screen('/sales/eoi/bulkdeals', crumb('Bulk Deals'), page('bulkDeals')),
  screen('/sales/eoi/setup', crumb('EOI Setup'), page('setup')),
  screen('/sales/eoi/setup/view', crumb('View EOI Setup'), page('setupView')),
  screen('/sales/eoi/setup/create', crumb('Create EOI Setup'), page('setupCreate')),
  screen('/sales/eoi/setup/create/amount', crumb('EOI Setup Amounts'), page('setupAmounts')),
];
