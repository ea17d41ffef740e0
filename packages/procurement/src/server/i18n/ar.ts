import type { ProcurementKey } from './en.js';

/** Procurement's server words in Arabic (docs/i18n-glossary.md). */
const ar: Readonly<Record<ProcurementKey, string>> = {
  noticeRequestSubmitted: 'قُدّم {number} للاعتماد',
  noticeRequestApproved: 'اعتُمد {number}',
  noticeRequestRejected: 'رُفض {number}',
  noticeOrderAwaitsApproval: '{number} بانتظار اعتمادك',
  noticeOrderTier: 'مستوى الاعتماد {level} ({name}): الإجمالي {amount}.',
  noticeOrderApproved: 'اعتُمد {number}',
  noticeOrderReturned: 'أُعيد {number} إلى المسودة',
  noticeOrderIssued: 'صدر {number} إلى المورد',
};

export default ar;
