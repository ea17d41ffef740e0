/**
 * Procurement's server words (issue 29): the refusals of its documents and of the calls that span
 * them (award, goods receipt, attachments). English is what the API always answered, byte for byte.
 */
export const en = {
  noPurchaseRequest: 'No such purchase request',
  noPurchaseOrder: 'No such purchase order',
  noAttachment: 'This quotation has no attachment',
  awardNotInState: 'Award is not possible while the purchase request is {status}.',
  awardRefused: 'The award cannot be made as asked.',
  notQuotationOfRequest: 'Not a quotation of this request',
  quotationInState: '{number} is {status}',
  quotationExpired: '{number} expired on {date}',
  quotationPricesNothing: 'This quotation prices no line still to order',
  notLineOfRequest: 'Not a line of this request',
  awardedTwice: 'Awarded twice',
  orderedInFull: 'Already ordered in full',
  quotationNotPricing: '{number} does not price this line',
  receiveOnlyIssued: 'Goods can be received only on an issued order; this one is {status}.',
  receiptRefused: 'The receipt cannot be recorded as entered.',
  notLineOfOrder: 'Not a line of this order',
  overReceipt: 'More than ordered ({ordered}, {received} received): give an over-receipt reason',
  sendPdf: 'Send the PDF file as the body',
  onlyPdf: 'Only PDF files can be attached',
  quotationLineOtherRequest: 'Each line must answer a line of the same purchase request',
  quotationOtherRequestLines: 'The quotation has lines of another purchase request',
  orderNeedsLine: 'Add at least one line before submitting the order.',
  requestNeedsLine: 'Add at least one line before submitting the request.',
  orderApproverPerson: 'Only a person can approve an order.',
  orderApprovedAlready: 'You have already approved this order; the next tier needs another person.',
  orderWaitsForTier: 'This order waits for tier {level} ({tier}): a {role} approves it first.',
  // Notifications (notifications-core renders them in each reader's language)
  noticeRequestSubmitted: '{number} submitted for approval',
  noticeRequestApproved: '{number} approved',
  noticeRequestRejected: '{number} rejected',
  noticeOrderAwaitsApproval: '{number} awaits your approval',
  noticeOrderTier: 'Tier {level} ({name}): total {amount}.',
  noticeOrderApproved: '{number} approved',
  noticeOrderReturned: '{number} returned to draft',
  noticeOrderIssued: '{number} issued to the supplier',
} as const;

export type ProcurementKey = keyof typeof en;

