import type { DomainModule } from '@propdesk/shell-ui';
import { brokerScreens } from './brokers/brokerScreens.js';
import { contractConfigScreens } from './contractConfig/contractConfigScreens.js';
import { generalReferenceScreens } from './referenceData/generalReferenceScreens.js';
import { leadReferenceScreens } from './referenceData/leadReferenceScreens.js';
import { roleScreens } from './roles/roleScreens.js';
import { settingsNav } from './settingsNav.js';
import { userScreens } from './users/userScreens.js';
import { ownedLanding, type Screen, toCrumbs, toRoutes } from '@propdesk/shell-ui';

const screens: readonly Screen[] = [
  ...leadReferenceScreens,
  ...brokerScreens,
  ...generalReferenceScreens,
  ...contractConfigScreens,
  ...roleScreens,
  ...userScreens,
];

const routes = toRoutes(screens);

/** The settings domain: lead and general reference data, contract configuration, roles and users. */
export const settingsModule: DomainModule = {
  id: 'settings',
  // Sales screens under /settings (customers, hold requests) claim 'sales' with longer prefixes in @propdesk/sales.
  modePrefixes: [
    { prefix: '/settings', mode: 'settings' },
    { prefix: '/contractStatus', mode: 'settings' },
  ],
  routes,
  nav: settingsNav,
  crumbs: toCrumbs(screens),
  landing: ownedLanding(routes),
};
