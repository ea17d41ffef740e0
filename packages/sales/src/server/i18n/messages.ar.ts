import type { Messages } from '@propdesk/i18n';
import type { messagesEn } from './messages.en.js';

/** The Arabic of the customer-message routes' refusals. Spread into ar.ts. */
export const messagesAr: Messages<keyof typeof messagesEn> = {
  messageStatementNoDocument: 'كشف الحساب يخص العميل؛ لا تحدد مستندًا',
  messageOnlyStatementDate: 'كشف الحساب وحده له تاريخ',
  messageLinkInvalid: 'هذا الرابط غير صالح',
  messageUnknownPlaceholder: 'عنصر نائب غير معروف: {names}',
  messageNotFound: 'لا توجد رسالة بهذا المعرّف',
  messageNotRetried: 'حالة هذه الرسالة: {status}؛ لا يُعاد إرسال إلا الرسالة التي فشل إرسالها.',
  messageNothingToRetry: 'لا يوجد ما يُعاد إرساله لهذه الرسالة',
  messageSmsOff: 'الرسائل النصية غير مُعدّة على هذا الخادم (PROPDESK_SMS_URL وPROPDESK_SMS_TOKEN)',
  messageOptedOutEmail: 'طلب العميل عدم تلقي رسائل البريد الإلكتروني (emailOptOut)',
  messageOptedOutSms: 'طلب العميل عدم تلقي الرسائل النصية (smsOptOut)',
  messageNoEmail: 'لا يوجد بريد إلكتروني: ليس لدى العميل عنوان يُرسل إليه',
  messageNoPhone: 'لا يوجد هاتف: ليس لدى العميل رقم يُرسل إليه',
};
