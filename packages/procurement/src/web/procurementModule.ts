import type { DomainModule } from '@propdesk/shell-ui';
import { procurementNav } from './procurementNav.js';
import { procurementScreens } from './procurementScreens.js';
import { ownedLanding, toCrumbs, toRoutes } from '@propdesk/shell-ui';

const routes = toRoutes(procurementScreens);

/** The procurement domain: purchase requests, purchase orders and quotations. */
export const procurementModule: DomainModule = {
  id: 'procurement',
  modePrefixes: [{ prefix: '/procurement', mode: 'procurement' }],
  routes,
  nav: procurementNav,
  crumbs: toCrumbs(procurementScreens),
  landing: ownedLanding(routes),
};
