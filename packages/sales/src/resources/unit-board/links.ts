import { screenLinks } from '@propdesk/records/model';

/** The unit board (`/sales/units/board`) and the sales dashboard (`/sales/dashboard`). */
export const unitBoardLinks = screenLinks('/sales/units/board');
export const salesDashboardLinks = screenLinks('/sales/dashboard');
