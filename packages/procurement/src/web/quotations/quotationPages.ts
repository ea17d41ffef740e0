import { placeholderPage } from '@propdesk/shell-ui';

/** The quotation screens; each is a placeholder until its issue is built. */
export const quotationPages = {
  list: placeholderPage(
    'Quotations',
    'Supplier quotations (QT-YYYY-NNNNN) against purchase requests, with prices, lead times and validity, compared per request with the lowest price marked.',
  ),
};

export type QuotationPage = keyof typeof quotationPages;
