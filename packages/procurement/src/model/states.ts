/** Document states and payment terms of procurement, shared by its definitions, screens and printed documents. */

/** Request states (domain.md, Procurement): partially ordered and ordered follow from awards. */
export const REQUEST_STATES = ['draft', 'submitted', 'approved', 'rejected', 'partially_ordered', 'ordered', 'closed', 'cancelled'] as const;
/** Requests still in play (the dashboard's "Open requests"): not rejected, fully ordered, closed or cancelled. */
export const OPEN_REQUEST_STATES = ['draft', 'submitted', 'approved', 'partially_ordered'] as const;
export const QUOTATION_STATES = ['received', 'awarded', 'not_awarded', 'cancelled'] as const;
export const ORDER_STATES = ['draft', 'pending_approval', 'approved', 'issued', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export const PAYMENT_TERMS = ['immediate', 'net_15', 'net_30', 'net_60', 'net_90'] as const;

/** The words a person reads for each stored state (screens and printed documents). */
export const STATE_WORDS: Readonly<Record<string, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  partially_ordered: 'Partly ordered',
  ordered: 'Ordered',
  closed: 'Closed',
  cancelled: 'Cancelled',
  received: 'Received',
  awarded: 'Awarded',
  not_awarded: 'Not awarded',
  pending_approval: 'Waiting for approval',
  issued: 'Issued',
  partially_received: 'Partly received',
};

/** A state in a person's words ('partially_received' → 'Partly received'). */
export const stateWords = (state: string) => STATE_WORDS[state] ?? (state.charAt(0).toUpperCase() + state.slice(1)).replace(/_/g, ' ');
