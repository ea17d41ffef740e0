// Units' one live claim, their status events, and hold requests (issue 17).
export { HOLD_EXPIRY_JOB, runHoldExpiry, type HoldExpiryResult } from '../resources/hold-requests/jobs.server.js';
export { convertHold, setupFor as holdSetupFor } from '../resources/hold-requests/lifecycle.server.js';
export { claimUnit, releaseClaim, transferClaim, extendClaim, liveClaim, lockUnit, claimedMessage, unitClaimMigrations } from '../resources/unit-claims/index.server.js';
export type { ClaimKind, ClaimDocument, ClaimInput } from '../resources/unit-claims/index.server.js';
// The live inventory board, its stream and the sales dashboard (issue 17).
export { registerBoardRoutes, type BoardRouteOptions } from '../resources/unit-board/routes.server.js';
export type { Board, BoardEvent, BoardUnit, SalesDashboard } from '../resources/unit-board/model.js';
// EOI launches, EOIs, their payments and refunds, and bulk deals (issue 17).
export { EOI_WINDOW_JOB, runEoiWindow, type EoiWindowResult } from '../resources/eoi-setups/jobs.server.js';
export { planRun, type BulkRun, type BulkMatch, type BulkConflict } from '../resources/bulk-deals/lifecycle.server.js';
// Reservations, their payments, modifications and expiry (issue 17).
export { carryReservationPayments } from '../resources/reservation-payments/index.server.js';
export { createReservation, markReservationContracted, seedReservationDemo, RESERVATION_EXPIRY_JOB, runReservationExpiry, type ReservationInput, type ReservationSource, type ReservationExpiryResult } from '../resources/reservations/index.server.js';
// Contracts, the installment ledger and receipts (issue 18).
export { moveStep, stepActions, contractPrintData, seedContractDemo, amountInWords, generateSchedule, sumMoney } from '../resources/contracts/index.server.js';
export { reviseSchedule, writeSchedule, settleInstallments } from '../resources/installments/ledger.server.js';
export { runInstallmentOverdue, INSTALLMENT_OVERDUE_JOB } from '../resources/installments/jobs.server.js';
export { renderPdf, keepPrint, listPrints, keptPrint } from '../print/index.server.js';
// The cheque register and bounces (issue 18).
export { CHEQUE_COVER_JOB, seedChequeDemo, settleChequeCover, type DepositBank, type DepositDay } from '../resources/cheques/index.server.js';
// The collections dashboard and statements of account (issue 18).
export { readCollections, readStatement, type CollectionsDashboard, type CustomerStatement } from '../resources/collections/index.server.js';

// Broker commissions and their statements (issue 18).
export { seedCommissionDemo, readBrokerStatement, reevaluateCommissions, type BrokerStatement } from '../resources/commissions/index.server.js';

// Customer messages: reminders, receipts and statements by e-mail and SMS (issue 28).
export * from '../resources/messages/index.server.js';

export { SALES_MODULES, salesDomain } from './manifest.js';
export { leadScope, readsAllLeads, salesRowScope } from './scope.js';
// Leads, their activities and customers.
export { LEAD_EXPIRY_JOB, leadJobs } from '../resources/leads/jobs.server.js';
export { dataMigrations, migrations } from '../resources/leads/migrations.server.js';
export { runLeadExpiry, type ExpiryResult } from '../resources/leads/expiry.server.js';
export type { Notify } from '../resources/leads/rules.server.js';
export { salesDemoLeads } from '../resources/leads/demo.server.js';
export { salesDemoSetups } from './demo.js';
export { seedEoiDemo } from '../resources/eois/demo.server.js';
export { seedHoldDemo } from '../resources/hold-requests/demo.server.js';
export { registerWebLeadRepeats, WEB_ENQUIRY_TYPE } from '../resources/leads/web-leads.server.js';
