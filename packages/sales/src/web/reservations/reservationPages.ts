import { placeholderPage } from '@propdesk/shell-ui';

/** The reservation screens; each is a placeholder until its issue is built. */
export const reservationPages = {
  list: placeholderPage(
    'Reservations',
    'All reservations (RSV-YYYY-NNNNN) with unit, customers, agent, net price, sign-by date and status from draft through approval to contracted, cancelled or expired.',
  ),
  create: placeholderPage(
    'Create Reservation',
    'Reserves a unit for customers with a payment plan, offer, discount, net price and reservation fee, for approval.',
  ),
  modify: placeholderPage(
    'Modify Reservation',
    'Changes the unit or payment plan of a reservation through approval, keeping its history.',
  ),
  view: placeholderPage('View Reservation', 'One reservation with its unit, customers, prices, fee payments, approvals and history.'),
  payments: placeholderPage(
    'Reservation Payments',
    'The payments collected against reservations: the reservation fee and down payment, with method, bank, reference and cheque details.',
  ),
  paymentCreate: placeholderPage('Create Reservation Payment', 'Records a payment against a reservation.'),
  paymentView: placeholderPage('View Reservation Payment', 'One reservation payment with its method, reference, cheque and receipt.'),
};

export type ReservationPage = keyof typeof reservationPages;
