import { placeholderPage } from '@propdesk/shell-ui';

/** The purchase-request screens; each is a placeholder until its issue is built. */
export const purchaseRequestPages = {
  list: placeholderPage(
    'Purchase Requests',
    'Purchase requests (PR-YYYY-NNNNN) with requester, department, project or site, needed-by date, lines and status from draft through approval to ordered and closed.',
  ),
};

export type PurchaseRequestPage = keyof typeof purchaseRequestPages;
