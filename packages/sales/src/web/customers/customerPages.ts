import { placeholderPage } from '@propdesk/shell-ui';

/** The customer screens; each is a placeholder until its issue is built. */
export const customerPages = {
  list: placeholderPage(
    'Customers',
    'All customers, individuals and companies, with their identity documents, nationality, contacts and the lead they came from.',
  ),
  create: placeholderPage(
    'Create Customer',
    'Records a customer directly: kind, names, national ID or passport, nationality, birth date, phones, emails and address.',
  ),
};

export type CustomerPage = keyof typeof customerPages;
