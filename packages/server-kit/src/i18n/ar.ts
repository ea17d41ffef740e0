import type { Messages } from '@propdesk/i18n';
import type { ServerKitKey } from './en.js';

const ar: Messages<ServerKitKey> = {
  validationFailed: 'تعذّر التحقق من البيانات',
  invalidValue: 'قيمة غير صالحة',
  unauthorized: 'غير مصرّح: سجّل الدخول أولًا',
  invalidCsrf: 'رمز الحماية من تزوير الطلبات (CSRF) غير صالح',
  notFound: 'غير موجود',
  accessDenied: 'ممنوع - لا تملك صلاحية الوصول',
  internalError: 'خطأ داخلي في الخادم',
  badRequest: 'طلب غير صالح',
  invalidJson: 'نص الطلب ليس JSON صالحًا',
  emptyJson: 'نص الطلب فارغ مع أن نوعه JSON',
  bodyTooLarge: 'نص الطلب أكبر من المسموح',
  unsupportedMediaType: 'نوع محتوى الطلب غير مدعوم',
  routeNotFound: 'لا يوجد استدعاء بهذا العنوان: {method} {url}',
  tooManyRequests:
    'طلبات كثيرة جدًا. حاول مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  unstorableText: 'يحتوي على حرف لا يمكن حفظه (NUL أو جزء بديل غير مقترن)',
};

export default ar;
