import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { placeholderFamily, placeholderScreen, type SectionDeclaration } from '@propdesk/shell-ui';

const reservations = placeholderFamily('/Reservations', 'Reservation', 'Reservations');
const payments = placeholderFamily('/Reservations/payments', 'Reservation Payment', 'Reservation Payments');

/**
 * The reservation screens, placeholders until their issue is built; the spec shows them with no
 * guard. `/reservations/view` (spec route) and the sidebar target `/Reservations/view` are one
 * route: the router matches paths case-insensitively. The payments paths are sidebar targets
 * with no route in the spec, unguarded like their items.
 */
export const reservationScreens: SectionDeclaration = {
  id: 'sales.reservations', label: 'Reservations', icon: EventAvailableOutlined, mode: 'sales', order: 4,
  trail: ['Sales', 'Reservations'],
  items: [
    reservations.list('All reservations (RSV-YYYY-NNNNN) with unit, customers, agent, net price, sign-by date and status from draft through approval to contracted, cancelled or expired.', { navLabel: 'All Reservations' }),
    reservations.create('Reserves a unit for customers with a payment plan, offer, discount, net price and reservation fee, for approval.', { path: '/Reservations/Create' }),
    placeholderScreen('/Reservations/Modify', 'Modify Reservation', 'Changes the unit or payment plan of a reservation through approval, keeping its history.'),
    payments.list('The payments collected against reservations: the reservation fee and down payment, with method, bank, reference and cheque details.'),
  ],
  pages: [
    reservations.view('One reservation with its unit, customers, prices, fee payments, approvals and history.', { path: '/reservations/view' }),
    payments.create('Records a payment against a reservation.'),
    payments.view('One reservation payment with its method, reference, cheque and receipt.'),
  ],
};
