import type { LazyPage } from '@propdesk/shell-ui';
import type { ReceiptPage } from './receiptPages.js';
import { type Screen, screen } from '@propdesk/shell-ui';

const page = (name: ReceiptPage): LazyPage => () =>
  import('./receiptPages.js').then((m) => ({ Component: m.receiptPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Leads', title] });

/** Receipts are sales records shown in the Settings sidebar; unguarded, as the spec shows them. */
export const receiptScreens: readonly Screen[] = [
  screen('/settings/leads/Receipt', crumb('Receipts'), page('list')),
  screen('/settings/leads/Receipt/view', crumb('View Receipt'), page('view')),
  screen('/settings/leads/ReceiptItem', crumb('Receipt Items'), page('itemList')),
  screen('/settings/leads/ReceiptItem/create', crumb('Create Receipt Item'), page('itemCreate')),
  screen('/settings/leads/ReceiptItem/view', crumb('View Receipt Item'), page('itemView')),
  screen('/settings/leads/ReceiptItem/edit', crumb('Edit Receipt Item'), page('itemEdit')),
  screen('/receipt/createNewReceipt', crumb('Create Receipt'), page('createNew')),
];
