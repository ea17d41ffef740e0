import type { LazyPage } from '@propdesk/shell-ui';
import type { PaymentPage } from './paymentPages.js';
import { type Screen, screen } from '@propdesk/shell-ui';

const page = (name: PaymentPage): LazyPage => () =>
  import('./paymentPages.js').then((m) => ({ Component: m.paymentPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Settings', 'Leads', title] });

/**
 * Payments are sales records (domain.md), so their screens live here, but the spec places them
 * under /settings/leads and in the Settings sidebar (the Leads group lists them). Unguarded, as
 * the spec shows them.
 */
export const paymentScreens: readonly Screen[] = [
  screen('/settings/leads/EoiPayments', crumb('EOI Payments'), page('eoiList')),
  screen('/settings/leads/EoiPayments/create', crumb('Create EOI Payment'), page('eoiCreate')),
  screen('/settings/leads/EoiPayments/edit', crumb('Edit EOI Payment'), page('eoiEdit')),
  screen('/settings/leads/EoiPayments/view', crumb('View EOI Payment'), page('eoiView')),
  screen('/settings/leads/ReservationPayments', crumb('Reservation Payments'), page('reservationList')),
  screen('/settings/leads/ReservationPayments/create', crumb('Create Reservation Payment'), page('reservationCreate')),
  screen('/settings/leads/ReservationPayments/edit', crumb('Edit Reservation Payment'), page('reservationEdit')),
  screen('/settings/leads/ReservationPayments/view', crumb('View Reservation Payment'), page('reservationView')),
  screen('/settings/leads/ContractPayments', crumb('Contract Payments'), page('contractList')),
  screen('/settings/leads/ContractPayments/view', crumb('View Contract Payment'), page('contractView')),
  screen('/settings/leads/ContractPayments/edit', crumb('Edit Contract Payment'), page('contractEdit')),
];
