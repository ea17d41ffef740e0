import { declareResources } from '@propdesk/records/web';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { RESERVATION_PAYMENT_VIEW_ROUTE, reservationGroupPaymentLinks } from './links.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Reservation payments, engine screens at the spec's /settings/leads/ReservationPayments (list,
 * create, edit, view), unguarded as the spec shows them; the server still asks `reservationPayment`.
 * The Reservations group lists them too, after Modify Reservation (place 1): its paths are sidebar
 * targets with no route in the spec, unguarded like their items.
 */
export const reservationPaymentScreens: SalesScreens = [
  {
    section: 'reservations',
    place: 1,
    items: [
      resource('reservation-payments', { guard: null, path: reservationGroupPaymentLinks.route, title: 'Reservation Payments', aliases: [`${reservationGroupPaymentLinks.route}/view`] }),
    ],
    pages: [
      resource('reservation-payments', { guard: null, mode: 'create', path: `${reservationGroupPaymentLinks.route}/create`, title: 'Create Reservation Payment' }),
    ],
  },
  {
    section: 'settingsLeads',
    pages: [
      // `/view` is the spec's view of one payment: the list's `?record=` view.
      resource('reservation-payments', { guard: null, aliases: [RESERVATION_PAYMENT_VIEW_ROUTE] }),
      resource('reservation-payments', { guard: null, mode: 'create', title: 'Create Reservation Payment' }),
      resource('reservation-payments', { guard: null, mode: 'edit', title: 'Edit Reservation Payment' }),
    ],
  },
];
