// The reservation document type on the server, for the sales manifest.
export { createReservation, createReservationsFromEois, markReservationContracted, type EoiReservationInput, type ReservationInput, type ReservationSource } from './create.server.js';
export { addDays, reservationSetupFor, type ReservationSetup } from './setup.server.js';
export { reservationBuyerHooks, reservationHooks } from './lifecycle.server.js';
export { reservationMigrations, requestModification, listRevisions } from './revisions.server.js';
export { registerReservationRoutes } from './routes.server.js';
export { RESERVATION_EXPIRY_JOB, reservationJobs, runReservationExpiry, type ReservationExpiryResult } from './jobs.server.js';
export { seedReservationDemo } from './demo.server.js';
