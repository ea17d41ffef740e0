// The cheque register and bounces (issue 18), for the sales server entry.
export { seedChequeDemo } from './demo.server.js';
export type { DepositBank, DepositCalendar, DepositDay } from './model.js';
export { settleChequeCover, CHEQUE_COVER_JOB } from './upgrade.server.js';
