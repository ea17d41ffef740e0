import type { Messages } from '@propdesk/i18n';
import type { ProcurementKey } from './en.js';

const ar: Messages<ProcurementKey> = {
  noPurchaseRequest: 'لا يوجد طلب شراء بهذا المعرّف',
  noPurchaseOrder: 'لا يوجد أمر شراء بهذا المعرّف',
  noAttachment: 'لا مرفق لعرض السعر هذا',
  awardNotInState: 'لا يمكن الترسية وطلب الشراء {status}.',
  awardRefused: 'لا يمكن إجراء الترسية كما طُلبت.',
  notQuotationOfRequest: 'ليس عرض سعر لهذا الطلب',
  quotationInState: '{number} {status}',
  quotationExpired: 'انتهت صلاحية {number} في {date}',
  quotationPricesNothing: 'لا يسعّر عرض السعر هذا أي بند ما زال مطلوبًا',
  notLineOfRequest: 'ليس بندًا من هذا الطلب',
  awardedTwice: 'رُسي مرتين',
  orderedInFull: 'طُلب بالكامل من قبل',
  quotationNotPricing: '{number} لا يسعّر هذا البند',
  receiveOnlyIssued: 'لا يُستلم إلا على أمر شراء صادر؛ وهذا {status}.',
  receiptRefused: 'لا يمكن تسجيل الاستلام كما أُدخل.',
  notLineOfOrder: 'ليس بندًا من هذا الأمر',
  overReceipt: 'أكثر من المطلوب ({ordered}، والمستلم {received}): اذكر سبب الاستلام الزائد',
  sendPdf: 'أرسل ملف PDF في نص الطلب',
  onlyPdf: 'لا تُرفق إلا ملفات PDF',
  quotationLineOtherRequest: 'يجب أن يجيب كل بند عن بند من طلب الشراء نفسه',
  quotationOtherRequestLines: 'في عرض السعر بنود من طلب شراء آخر',
  orderNeedsLine: 'أضف بندًا واحدًا على الأقل قبل تقديم الأمر.',
  requestNeedsLine: 'أضف بندًا واحدًا على الأقل قبل تقديم الطلب.',
  orderApproverPerson: 'لا يعتمد الأمر إلا شخص.',
  orderApprovedAlready: 'اعتمدت هذا الأمر من قبل؛ ويحتاج المستوى التالي إلى شخص آخر.',
  orderWaitsForTier: 'ينتظر هذا الأمر مستوى الاعتماد {level} ({tier}): يعتمده {role} أولًا.',
};

export default ar;
