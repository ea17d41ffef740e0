// Reservation payments on the server: their hooks and fee rollup, and carrying a reservation's payments to its contract.
export { reservationPaymentHooks, reservationFeeRollup } from './lifecycle.server.js';
export { carryReservationPayments } from './carry.server.js';
