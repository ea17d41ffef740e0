import { defineJob, type JobDefinition } from '@propdesk/server-kit';
import type { DomainServer, EngineContext } from '@propdesk/records/server';
import { SALES_RESOURCES } from '../model/index.js';
import { runLeadExpiry } from './expiry.js';
import { dataMigrations, migrations } from './migrations.js';
import { activityHooks, leadHooks } from './hooks.js';
import { registerLeadRoutes } from './routes.js';
import { salesRowScope } from './scope.js';
import type { Notify } from './service.js';
import { holdRequestHooks } from '../resources/hold-requests/lifecycle.server.js';
import { holdJobs } from '../resources/hold-requests/jobs.server.js';
import { registerHoldRoutes } from '../resources/hold-requests/routes.server.js';
import { unitClaimMigrations, unitStatusHooks } from '../resources/unit-claims/claims.server.js';
import { registerUnitRoutes } from '../resources/unit-claims/routes.server.js';
import { registerBoardRoutes, unitBoardHooks } from '../resources/unit-board/routes.server.js';
import { eoiParts } from '../resources/eois/parts.server.js';
import { registerReservationRoutes, reservationBuyerHooks, reservationFeeRollup, reservationHooks, reservationJobs, reservationMigrations, reservationPaymentHooks } from '../resources/reservations/index.server.js';
import { contractParts } from '../resources/contracts/index.server.js';
import { chequeParts } from '../resources/cheques/index.server.js';
import { collectionParts } from '../resources/collections/index.server.js';

// Units' one live claim, their status events, and hold requests (issue 17).
export { HOLD_EXPIRY_JOB, runHoldExpiry, type HoldExpiryResult } from '../resources/hold-requests/jobs.server.js';
export { convertHold, setupFor as holdSetupFor } from '../resources/hold-requests/lifecycle.server.js';
export { claimUnit, releaseClaim, transferClaim, extendClaim, liveClaim, lockUnit, claimedMessage, unitClaimMigrations } from '../resources/unit-claims/claims.server.js';
export type { ClaimKind, ClaimDocument, ClaimInput } from '../resources/unit-claims/claims.server.js';
// The live inventory board, its stream and the sales dashboard (issue 17).
export { registerBoardRoutes, unitBoardHooks, type BoardRouteOptions } from '../resources/unit-board/routes.server.js';
export type { Board, BoardEvent, BoardUnit, SalesDashboard } from '../resources/unit-board/model.js';
// EOI launches, EOIs, their payments and refunds, and bulk deals (issue 17).
export { EOI_WINDOW_JOB, runEoiWindow, type EoiWindowResult } from '../resources/eoi-setups/jobs.server.js';
export { planRun, type BulkRun, type BulkMatch, type BulkConflict } from '../resources/bulk-deals/lifecycle.server.js';
// Reservations, their payments, modifications and expiry (issue 17).
export { createReservation, markReservationContracted, seedReservationDemo, RESERVATION_EXPIRY_JOB, runReservationExpiry, type ReservationInput, type ReservationSource, type ReservationExpiryResult } from '../resources/reservations/index.server.js';
// Contracts, the installment ledger and receipts (issue 18).
export { contractParts, moveStep, stepActions, reviseSchedule, writeSchedule, settleInstallments, runInstallmentOverdue, INSTALLMENT_OVERDUE_JOB, contractPrintData, seedContractDemo, amountInWords, generateSchedule, sumMoney } from '../resources/contracts/index.server.js';
export { renderPdf, keepPrint, listPrints, keptPrint } from '../print/index.server.js';
// The cheque register and bounces (issue 18).
export { chequeParts, seedChequeDemo, type DepositBank, type DepositDay } from '../resources/cheques/index.server.js';
// The collections dashboard and statements of account (issue 18).
export { readCollections, readStatement, type CollectionsDashboard, type CustomerStatement } from '../resources/collections/index.server.js';

/** The lead validity job's name in `scheduled_jobs`. */
export const LEAD_EXPIRY_JOB = 'sales.lead-expiry';

export { dataMigrations, migrations } from './migrations.js';
export { leadScope, readsAllLeads, salesRowScope } from './scope.js';
export { runLeadExpiry } from './expiry.js';
export type { ExpiryResult } from './expiry.js';
export type { Notify } from './service.js';
export { salesDemoLeads, salesDemoSetups } from './demo.js';
export { seedEoiDemo } from '../resources/eois/demo.server.js';
export { seedHoldDemo } from '../resources/hold-requests/demo.server.js';

/** The hooks the engine runs for the sales resources. */
export function salesHooks(engine: EngineContext, notify?: Notify) {
  return { leads: leadHooks(engine, notify), 'lead-activities': activityHooks(engine) };
}

/**
 * The sales domain's timed work, for the app's one job runner (server-kit's `createJobRunner`): the
 * validity job every 5 minutes (`expiryEveryMs`). The runner only schedules it; `runLeadExpiry` still
 * takes its leads with `FOR UPDATE SKIP LOCKED`, so a run by hand (`/api/leads/expiry/run`) at the
 * same time does not double a reminder or an expiry.
 */
export function salesJobs(engine: EngineContext, notify?: Notify, expiryEveryMs?: number): JobDefinition[] {
  return [
    defineJob({
      name: LEAD_EXPIRY_JOB,
      everyMs: expiryEveryMs ?? 5 * 60_000,
      run: () => runLeadExpiry(engine, notify),
    }),
  ];
}

/**
 * The sales domain on the server: leads, their activities and customers (row scope, hooks, the
 * calls beside the engine's) and its timed work; the hold and validity setups are reference data.
 */
export const salesDomain: DomainServer = {
  id: 'sales',
  resources: SALES_RESOURCES,
  migrations,
  lateMigrations: [...dataMigrations, ...unitClaimMigrations, ...eoiParts.lateMigrations, ...reservationMigrations, ...contractParts.lateMigrations, ...chequeParts.lateMigrations, ...collectionParts.lateMigrations],
  printers: contractParts.printers,
  rollups: [reservationFeeRollup],
  rowScope: salesRowScope,
  hooks: ({ engine, notify }) => ({ ...salesHooks(engine, notify), units: [unitStatusHooks, unitBoardHooks], 'hold-requests': holdRequestHooks(engine, notify), ...eoiParts.hooks(engine, notify), reservations: reservationHooks(engine, notify), 'reservation-buyers': reservationBuyerHooks(), 'reservation-payments': reservationPaymentHooks(engine, notify), ...contractParts.hooks(engine), ...chequeParts.hooks(engine, notify) }),
  routes: (app, { engine, notify }) => {
    registerLeadRoutes(app, engine, notify);
    registerUnitRoutes(app, engine);
    registerBoardRoutes(app, engine);
    registerHoldRoutes(app, engine, notify);
    registerReservationRoutes(app, engine, notify);
    contractParts.routes(app, engine);
    chequeParts.routes(app, engine);
    collectionParts.routes(app, engine);
  },
  jobs: ({ engine, notify }) => [...salesJobs(engine, notify), ...holdJobs(engine, notify), ...eoiParts.jobs(engine), ...reservationJobs(engine, notify), ...contractParts.jobs(engine)],
};
