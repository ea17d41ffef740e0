import { linksOf, screenLinks, withQuery } from '@propdesk/records/model';
import { reservationPayments } from './definition.js';

/** Reservation payments at the spec's `/settings/leads/ReservationPayments`: a payment's view, the create form. */
export const reservationPaymentLinks = linksOf(reservationPayments);
/** The spec's view of one payment (`/view?id=`), the list's view under another name: the link notifications carry. */
export const RESERVATION_PAYMENT_VIEW_ROUTE = `${reservationPaymentLinks.route}/view`;
export const reservationPaymentLink = (id: string) => withQuery(RESERVATION_PAYMENT_VIEW_ROUTE, { id });
/** The same payments in the Reservations group (`/Reservations/payments`), where the reservation's panels link. */
export const reservationGroupPaymentLinks = screenLinks('/Reservations/payments');
