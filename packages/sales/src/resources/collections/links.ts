import { screenLinks } from '@propdesk/records/model';

/** The collections dashboard (`/sales/contracts/collections`). */
export const collectionsLinks = screenLinks('/sales/contracts/collections');
