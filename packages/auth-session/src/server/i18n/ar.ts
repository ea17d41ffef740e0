import type { Messages } from '@propdesk/i18n';
import type { AuthKey } from './en.js';

const ar: Messages<AuthKey> = {
  invalidLogin: 'اسم المستخدم أو كلمة المرور غير صحيحة',
  loginThrottled:
    'محاولات دخول كثيرة جدًا. حاول مرة أخرى بعد {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.',
  passwordThrottled:
    'كلمات مرور خاطئة كثيرة جدًا. حاول مرة أخرى بعد {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.',
  loginSuccessful: 'تم تسجيل الدخول',
  loggedOut: 'تم تسجيل الخروج',
  passwordChanged: 'تم تغيير كلمة المرور. سُجّل خروج جلساتك الأخرى.',
  currentPasswordWrong: 'كلمة المرور الحالية غير صحيحة',
  samePassword: 'اختر كلمة مرور غير كلمة المرور الحالية',
  passwordTooShort: '{min} حرفًا على الأقل (من {min} إلى {max} حرفًا، بلا مسافات في البداية أو النهاية.)',
  passwordTooLong: '{longest} حرفًا على الأكثر (من {min} إلى {max} حرفًا، بلا مسافات في البداية أو النهاية.)',
  passwordEdgeSpaces: 'بلا مسافات في البداية أو النهاية (من {min} إلى {max} حرفًا، بلا مسافات في البداية أو النهاية.)',
  apiKeyInQuery: 'أرسل مفتاح الواجهة البرمجية في ترويسة Authorization، لا في العنوان أبدًا.',
  apiKeyInQueryField: 'لا يُقبل مفتاح الواجهة البرمجية في سلسلة الاستعلام',
  apiKeyUnknown: 'مفتاح الواجهة البرمجية غير معروف أو منتهي الصلاحية أو ملغى',
  apiKeyMalformed: 'أرسل مفتاح الواجهة البرمجية بالشكل Authorization: Bearer pdk_…',
  userNotFound: 'المستخدم غير موجود',
};

export default ar;
