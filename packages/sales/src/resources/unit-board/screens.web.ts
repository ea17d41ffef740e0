import { customScreen } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { withSalesWords } from '../../web/i18n/preload.js';
import { salesDashboardLinks, unitBoardLinks } from './links.js';

const unitRead = { entity: 'unit', action: 'read' } as const;

/**
 * The live inventory board and the sales dashboard (issue 17): pages of their own (the spec has no
 * route for them), listed in Sales mode for whoever may read units, after the spec's own items.
 */
export const unitBoardScreens: SalesScreens = [
  {
    section: 'inventory',
    items: [
      customScreen(unitBoardLinks.route, 'Unit Board', () => withSalesWords(import('./BoardPage.web.js')).then((m) => m.BoardPage), { guard: unitRead }),
      customScreen(salesDashboardLinks.route, 'Sales Dashboard', () => withSalesWords(import('./DashboardPage.web.js')).then((m) => m.DashboardPage), { guard: unitRead }),
    ],
  },
];
