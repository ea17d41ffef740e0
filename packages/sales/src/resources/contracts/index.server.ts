import type { FastifyInstance } from 'fastify';
import type { EngineContext, Printer, ResourceHooks } from '@propdesk/records/server';
import type { JobDefinition, Migration } from '@propdesk/server-kit';
import { contractHooks } from './lifecycle.server.js';
import { contractPrinter } from './print.server.js';
import { registerContractRoutes } from './routes.server.js';
import { installmentJobs } from '../installments/jobs.server.js';
import { ledgerMigrations } from '../installments/ledger.server.js';
import { receiptHooks } from '../receipts/lifecycle.server.js';
import { receiptPrinter } from '../receipts/print.server.js';
import { printMigrations } from '../../print/index.server.js';

/** Contracts, their installment ledger and receipts (issue 18), as the sales manifest takes them. */
export const contractParts = {
  lateMigrations: [...ledgerMigrations, ...printMigrations] as Migration[],
  hooks: (engine: EngineContext): Record<string, ResourceHooks> => ({ contracts: contractHooks(engine), receipts: receiptHooks(engine) }),
  routes: (app: FastifyInstance, engine: EngineContext) => registerContractRoutes(app, engine),
  jobs: (engine: EngineContext): JobDefinition[] => installmentJobs(engine),
  printers: { contracts: contractPrinter, receipts: receiptPrinter } as Record<string, Printer>,
};

export { contractHooks, moveStep, stepActions } from './lifecycle.server.js';
export { contractPrintData } from './print.server.js';
export { seedContractDemo, BILINGUAL_TEMPLATE } from './demo.server.js';
export { reviseSchedule, writeSchedule, settleInstallments, lockInstallments } from '../installments/ledger.server.js';
export { runInstallmentOverdue, INSTALLMENT_OVERDUE_JOB } from '../installments/jobs.server.js';
export { countsOnIssue } from '../receipts/lifecycle.server.js';
// For the app's tests, which do not depend on finance directly: the schedule and words the prints use.
export { amountInWords, generateSchedule, sumMoney } from '@propdesk/finance';
