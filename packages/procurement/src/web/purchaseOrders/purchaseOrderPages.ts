import { placeholderPage } from '@propdesk/shell-ui';

/** The purchase-order screens; each is a placeholder until its issue is built. */
export const purchaseOrderPages = {
  list: placeholderPage(
    'Purchase Orders',
    'Purchase orders (PO-YYYY-NNNNN) to suppliers, from quotations or request lines, with totals, delivery date, approval, issue and goods received.',
  ),
};

export type PurchaseOrderPage = keyof typeof purchaseOrderPages;
