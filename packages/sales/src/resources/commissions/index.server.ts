// Broker commissions (issue 18), for the sales server entry.
export { seedCommissionDemo } from './demo.server.js';
export { accrueCommission, evaluateCommissions, reevaluateCommissions } from './lifecycle.server.js';
export { readBrokerStatement, printBrokerStatement } from './statement.server.js';
export { commissionFor, tierFor, triggerMet, nextState, type CommissionTerms, type TriggerFacts } from './math.js';
export type { BrokerStatement, BrokerStatementLine } from './model.js';
