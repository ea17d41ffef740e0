import { linksOf } from '@propdesk/records/model';
import { receiptItems } from './definition.js';

/** Receipt items (`/settings/leads/ReceiptItem`): an item's view. */
export const receiptItemLinks = linksOf(receiptItems);
