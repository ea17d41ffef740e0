import { linksOf, routeOf, withQuery } from '@propdesk/records/model';
import { discountAuthorities, reservations, reservationSetups } from './definition.js';

/** Reservations (`/Reservations`): a reservation's view, the create form, the Modify page. */
export const reservationLinks = linksOf(reservations, `${routeOf(reservations)}/Create`);
export const RESERVATION_MODIFY_ROUTE = `${reservationLinks.route}/Modify`;
/** The spec's view of one reservation (`/reservations/view?id=`), which opens it in the list: the link notifications carry. */
export const RESERVATION_VIEW_ROUTE = '/reservations/view';
export const reservationLink = (id: string) => withQuery(RESERVATION_VIEW_ROUTE, { id });
/** Each project's reservation rules and each role's discount authority, at their Settings paths (Sales mode). */
export const reservationSetupLinks = linksOf(reservationSetups);
export const discountAuthorityLinks = linksOf(discountAuthorities);
/** The Modify page of a confirmed reservation (`/Reservations/Modify?id=`). */
export const modifyReservationLink = (id: string) => withQuery(RESERVATION_MODIFY_ROUTE, { id });
