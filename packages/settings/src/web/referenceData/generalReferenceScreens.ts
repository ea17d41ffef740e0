import type { LazyPage } from '@propdesk/shell-ui';
import type { GeneralReferencePage } from './generalReferencePages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';

const page = (name: GeneralReferencePage): LazyPage => () =>
  import('./generalReferencePages.js').then((m) => ({ Component: m.generalReferencePages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'General', title] });

/**
 * Settings › General reference data (spec section 2). Landing entry 22 spells the countries page
 * /settings/general/Countries: the same route, as the router matches paths case-insensitively.
 */
export const generalReferenceScreens: readonly Screen[] = [
  screen('/settings/general/nationalities', crumb('Nationalities'), page('nationalities'), readOn('nationality')),
  screen('/settings/general/sites', crumb('Sites'), page('sites'), readOn('site')),
  screen('/settings/general/departments', crumb('Departments'), page('departments'), readOn('department')),
  screen('/settings/general/usertypes', crumb('User Types'), page('userTypes'), readOn('usertype')),
  screen('/settings/general/countries', crumb('Countries'), page('countries'), readOn('country')),
  screen('/settings/general/paymentMethods', crumb('Payment Methods'), page('paymentMethods'), readOn('paymentmethod')),
  screen('/settings/general/paymentStatuses', crumb('Payment Statuses'), page('paymentStatuses'), readOn('PaymentStatus')),
  screen('/settings/general/locations', crumb('Locations'), page('locations')),
  screen('/settings/general/leadActivityTypes', crumb('Lead Activity Types'), page('leadActivityTypes')),
];
