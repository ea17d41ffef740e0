import type { ResourcePageProps } from '@propdesk/records/web';
import { ReceiptPanel } from './ReceiptPanel.web.js';

/** What the receipt screens add to the engine's page: the items and print panel. */
export const receiptExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <ReceiptPanel record={record} />,
};
