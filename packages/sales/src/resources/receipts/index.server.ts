// What other folders call of receipts (issue 30, a document's face): a cheque's bounce and clearance reverse or
// clear its receipt's allocations; messages attach the printed receipt; contracts ask whether a method clears on issue.
export { clearAllocations, clearedOnIssue, reverseAllocations } from './lifecycle.server.js';
export { receiptPrinter } from './print.server.js';
