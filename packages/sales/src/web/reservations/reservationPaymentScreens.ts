import { declareResources } from '@propdesk/records/web';
import type { ScreenDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);

/**
 * Reservation payments, engine screens at the spec's /settings/leads/ReservationPayments (list,
 * create, edit, view), unguarded as the spec shows them; the server still asks `reservationPayment`.
 */
export const reservationPaymentPages: readonly ScreenDeclaration[] = [
  // `/view` is the spec's view of one payment: the list's `?record=` view.
  resource('reservation-payments', { guard: null, aliases: ['/settings/leads/ReservationPayments/view'] }),
  resource('reservation-payments', { guard: null, mode: 'create', title: 'Create Reservation Payment' }),
  resource('reservation-payments', { guard: null, mode: 'edit', title: 'Edit Reservation Payment' }),
];
