import { ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { RESERVATION_PAYMENT_STATES, reservationPayments } from './definition.js';
import { reservationPaymentLinks } from './links.js';

/** Reservation payments: the folder's face (issue 30). */
export const reservationPaymentDocument = defineDocument({
  folder: 'reservation-payments',
  definitions: [reservationPayments],
  states: RESERVATION_PAYMENT_STATES,
  links: reservationPaymentLinks,
  entities: [
    { name: 'reservationPayment', label: 'Reservation payments', group: 'sales', order: 90, actions: ACTIONS },
  ],
});
