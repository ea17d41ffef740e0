// The reservation document type on the server, for the sales manifest.
export { createReservation, markReservationContracted, type ReservationInput, type ReservationSource } from './create.server.js';
export { reservationBuyerHooks, reservationHooks } from './lifecycle.server.js';
export { reservationMigrations, requestModification, listRevisions } from './revisions.server.js';
export { registerReservationRoutes } from './routes.server.js';
export { RESERVATION_EXPIRY_JOB, reservationJobs, runReservationExpiry, type ReservationExpiryResult } from './jobs.server.js';
export { reservationPaymentHooks, reservationFeeRollup } from '../reservation-payments/lifecycle.server.js';
export { carryReservationPayments } from '../reservation-payments/carry.server.js';
export { seedReservationDemo } from './demo.server.js';
// face (facesm): a day some days after another (YYYY-MM-DD), for the cheques' demo dates.
export { addDays } from './setup.server.js';
