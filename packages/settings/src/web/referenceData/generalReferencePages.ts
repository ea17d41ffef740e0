import { placeholderPage } from '@propdesk/shell-ui';

/** The Settings › General reference-data screens; each is a placeholder until its issue is built. */
export const generalReferencePages = {
  nationalities: placeholderPage('Nationalities', 'The nationalities of leads and customers, with their ISO codes.'),
  sites: placeholderPage('Sites', 'The developer’s sites, each with its address and area.'),
  departments: placeholderPage(
    'Departments',
    'The departments staff belong to, with code, manager and parent department; a department’s users receive its notifications.',
  ),
  userTypes: placeholderPage('User Types', 'The kinds of user account staff are given.'),
  countries: placeholderPage('Countries', 'Countries with their ISO 3166-1 alpha-2 code, phone code and currency.'),
  paymentMethods: placeholderPage(
    'Payment Methods',
    'How payments are made (cash, cheque, bank transfer, card, POS) and whether each needs a reference or a bank.',
  ),
  paymentStatuses: placeholderPage('Payment Statuses', 'The statuses a payment can have, with colour and whether it counts as paid.'),
  locations: placeholderPage('Locations', 'The places sales happen, such as sales centres, events and kiosks, each on a site.'),
  leadActivityTypes: placeholderPage(
    'Lead Activity Types',
    'The kinds of activity logged on leads, with an icon and whether they need an outcome.',
  ),
};

export type GeneralReferencePage = keyof typeof generalReferencePages;
