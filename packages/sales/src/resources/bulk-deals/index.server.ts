// Bulk deals, as the other sales folders use them: an EOI's allocation turned into a reservation.
export { allocateToReservation, type AllocationInput } from './reserve.server.js';
