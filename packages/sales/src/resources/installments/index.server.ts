// The installment ledger's operations other folders call (issue 30, a document's face): a contract writes and
// revises its schedule and changes its unit; a receipt or a cheque locks the rows it allocates to and settles them.
export { changeUnit, lockInstallments, reviseSchedule, settleInstallments, writeSchedule, type LockedInstallment } from './ledger.server.js';
export { runInstallmentOverdue, INSTALLMENT_OVERDUE_JOB } from './jobs.server.js';
