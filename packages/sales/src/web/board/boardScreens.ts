import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import { customScreen, type SectionDeclaration } from '@propdesk/shell-ui';

const unitRead = { entity: 'unit', action: 'read' } as const;

/**
 * The live inventory board and the sales dashboard (issue 17): pages of their own (the spec has no
 * route for them), listed in Sales mode for whoever may read units, after the spec's own items.
 */
export const boardScreens: SectionDeclaration = {
  id: 'sales.inventory', label: 'Inventory', icon: GridViewOutlined, mode: 'sales', order: 8,
  trail: ['Sales', 'Inventory'],
  items: [
    customScreen('/sales/units/board', 'Unit Board', () => import('./BoardPage.js').then((m) => m.BoardPage), { guard: unitRead }),
    customScreen('/sales/dashboard', 'Sales Dashboard', () => import('../dashboard/DashboardPage.js').then((m) => m.DashboardPage), { guard: unitRead }),
  ],
};
