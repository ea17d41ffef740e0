import { declareResources } from '@propdesk/records/web';
import { customScreen } from '@propdesk/shell-ui';
import { lazy } from 'react';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { RESERVATION_MODIFY_ROUTE, RESERVATION_VIEW_ROUTE, reservationLinks } from './links.js';
import { withSalesWords } from '../../web/i18n/preload.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await withSalesWords(import('./reservationExtras.web.js'))).reservationExtras;

/**
 * The reservation screens: engine screens of `reservations` (with the buyers, hold, schedule preview,
 * payments and revisions panels), the Modify page, and the setups. The spec shows them with no guard
 * (the server still asks `reservation`). `/reservations/view` (spec route) and the sidebar target
 * `/Reservations/view` are one route (paths match case-insensitively): it opens the reservation in the
 * list's view. The group's Reservation Payments item (place 1) is the reservation-payments folder's.
 */
export const reservationScreens: SalesScreens = [
  {
    section: 'reservations',
    items: [
      resource('reservations', { guard: null, navLabel: 'All Reservations', extend }),
      resource('reservations', { guard: null, mode: 'create', path: reservationLinks.linkToCreate(), title: 'Create Reservation', extend }),
      customScreen(RESERVATION_MODIFY_ROUTE, 'Modify Reservation', async () => (await withSalesWords(import('./ModifyReservationPage.web.js'))).default, { resource: 'reservations' }),
    ],
    pages: [
      customScreen(RESERVATION_VIEW_ROUTE, 'Reservation', async () => (await withSalesWords(import('./ReservationViewRedirect.web.js'))).default, { resource: 'reservations' }),
    ],
  },
  {
    section: 'reservations',
    place: 2,
    items: [
      // Not spec routes: each project's reservation rules and the discount each role may give, beside the
      // reservations as the hold setup is beside the holds. Shown with no guard, as before; their data needs
      // reservationSetup read on the server (fees and each role's largest discount are not for everyone).
      resource('reservation-setups', { guard: null }),
      resource('discount-authorities', { guard: null }),
    ],
  },
];

// face (facesm): the customer's portfolio (leads, EOIs, holds, reservations, payments), for the panels under a
// customer's view (the collections folder gathers them); loaded with the view, rendered inside a `Suspense`.
export const CustomerPortfolioPanel = lazy(async () => ({ default: (await withSalesWords(import('./CustomerPortfolio.web.js'))).CustomerPortfolio }));
