import { ACTIONS, CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { RESERVATION_RESOURCES, RESERVATION_STATES } from './definition.js';
import { reservationLinks } from './links.js';

/** Reservations, their buyers, each project’s rules and each role’s discount authority: the folder's face (issue 30). */
export const reservationDocument = defineDocument({
  folder: 'reservations',
  definitions: RESERVATION_RESOURCES,
  states: RESERVATION_STATES,
  links: reservationLinks,
  entities: [
    // Reservations and their payments (issue 17): approve is finance's (discounts beyond authority, modifications, payments).
    { name: 'reservation', label: 'Reservations', group: 'sales', order: 80, actions: ACTIONS },
    { name: 'reservationSetup', label: 'Reservation setup and discount authority', group: 'settings-leads', order: 220, actions: CRUD_ACTIONS },
  ],
});
