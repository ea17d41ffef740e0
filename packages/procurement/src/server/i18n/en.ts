/** Procurement's server words (issue 29): so far its notifications. English is what they always said. */
export const en = {
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
