// Contracts (issue 18), for the sales server entry (the installment ledger's and receipts' own exports are theirs).
export { contractHooks, moveStep, stepActions } from './lifecycle.server.js';
export { contractPrintData } from './print.server.js';
export { seedContractDemo, BILINGUAL_TEMPLATE } from './demo.server.js';
// For the app's tests, which do not depend on finance directly: the schedule and words the prints use.
export { amountInWords, generateSchedule, sumMoney } from '@propdesk/finance';
