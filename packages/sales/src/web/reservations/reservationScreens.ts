import type { LazyPage } from '@propdesk/shell-ui';
import type { ReservationPage } from './reservationPages.js';
import { screen, type Screen } from '@propdesk/shell-ui';

const page = (name: ReservationPage): LazyPage => () =>
  import('./reservationPages.js').then((m) => ({ Component: m.reservationPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Sales', 'Reservations', title] });

/**
 * The spec's reservation routes have no guard. `/reservations/view` (spec route) and the sidebar
 * target `/Reservations/view` are one route: the router matches paths case-insensitively.
 * The payments paths are sidebar targets with no route in the spec, unguarded like their items.
 */
export const reservationScreens: readonly Screen[] = [
  screen('/Reservations', { title: 'Reservations', trail: ['Sales', 'Reservations'] }, page('list')),
  screen('/Reservations/Create', crumb('Create Reservation'), page('create')),
  screen('/Reservations/Modify', crumb('Modify Reservation'), page('modify')),
  screen('/reservations/view', crumb('View Reservation'), page('view')),
  screen('/Reservations/payments', crumb('Reservation Payments'), page('payments')),
  screen('/Reservations/payments/create', crumb('Create Reservation Payment'), page('paymentCreate')),
  screen('/Reservations/payments/view', crumb('View Reservation Payment'), page('paymentView')),
];
