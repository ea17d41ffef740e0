import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { declareResources } from '@propdesk/records/web';
import { customScreen, type SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const resource = declareResources(SALES_RESOURCES);
const extend = async () => (await import('./reservationExtras.js')).reservationExtras;

/**
 * The reservation screens: engine screens of `reservations` (with the buyers, hold, schedule preview,
 * payments and revisions panels) and of their payments, the Modify page, and the setups. The spec
 * shows them with no guard (the server still asks `reservation`). `/reservations/view` (spec route)
 * and the sidebar target `/Reservations/view` are one route (paths match case-insensitively): it
 * opens the reservation in the list's view. The payments paths are sidebar targets with no route in
 * the spec, unguarded like their items.
 */
export const reservationScreens: SectionDeclaration = {
  id: 'sales.reservations', label: 'Reservations', icon: EventAvailableOutlined, mode: 'sales', order: 4,
  trail: ['Sales', 'Reservations'],
  items: [
    resource('reservations', { guard: null, navLabel: 'All Reservations', extend }),
    resource('reservations', { guard: null, mode: 'create', path: '/Reservations/Create', title: 'Create Reservation', extend }),
    customScreen('/Reservations/Modify', 'Modify Reservation', async () => (await import('./ModifyReservationPage.js')).default, { resource: 'reservations' }),
    resource('reservation-payments', { guard: null, path: '/Reservations/payments', title: 'Reservation Payments', aliases: ['/Reservations/payments/view'] }),
    // Not spec routes: each project's reservation rules and the discount each role may give, beside the
    // reservations as the hold setup is beside the holds (guarded and shown for reservationSetup read).
    resource('reservation-setups'),
    resource('discount-authorities'),
  ],
  pages: [
    customScreen('/reservations/view', 'Reservation', async () => (await import('./ReservationViewRedirect.js')).default, { resource: 'reservations' }),
    resource('reservation-payments', { guard: null, mode: 'create', path: '/Reservations/payments/create', title: 'Create Reservation Payment' }),
  ],
};
