export {
  PROCUREMENT_DOCUMENTS,
  PROCUREMENT_ENTITIES,
  PROCUREMENT_RESOURCES,
  OPEN_REQUEST_STATES,
  ORDER_STATES,
  PAYMENT_TERMS,
  QUOTATION_STATES,
  REQUEST_STATES,
  STATE_WORDS,
  stateWords,
  approvalTiers,
  purchaseOrderLines,
  purchaseOrders,
  purchaseRequestLines,
  purchaseRequests,
  quotationLines,
  quotations,
  suppliers,
} from './definitions.js';
export { documentTotals, formatMoney, qty } from './money.js';
export type { DocumentTotals, LineAmounts, PricedLine } from './money.js';
export { awardSchema, receiptSchema } from './api.js';
export type { ApprovalsView, AwardRequest, AwardResult, ComparisonCell, ComparisonView, ProcurementDashboard, ReceiptRequest, ReceiptRow, RequestLineOption } from './api.js';
