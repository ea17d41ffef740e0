import { linksOf } from '@propdesk/records/model';
import { receipts } from './definition.js';

/** The spec's create form of a receipt (Settings mode; `?customer=&contract=` start it from a contract). */
export const RECEIPT_CREATE_ROUTE = '/receipt/createNewReceipt';
/** Receipts (`/settings/leads/Receipt`): a receipt's view, the create form. */
export const receiptLinks = linksOf(receipts, RECEIPT_CREATE_ROUTE);
