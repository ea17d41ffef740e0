import type { Messages } from '@propdesk/i18n';
import type { ShellKey } from './en.js';
import { accountAr } from './account.ar.js';
import { notificationsAr } from './notifications.ar.js';

const ar: Messages<ShellKey> = {
  modeSales: 'المبيعات',
  modeSettings: 'الإعدادات',
  modeProcurement: 'المشتريات',
  modeNavigation: 'التنقل في {mode}',
  mainNavigation: 'التنقل الرئيسي',
  pinSidebar: 'تثبيت الشريط الجانبي',
  unpinSidebar: 'إلغاء تثبيت الشريط الجانبي',
  settings: 'الإعدادات',
  logout: 'تسجيل الخروج',
  openNavigation: 'فتح التنقل',
  breadcrumb: 'مسار التنقل',
  home: 'الرئيسية',
  editLead: 'تعديل العميل المحتمل',
  editUser: 'تعديل المستخدم',
  editEoi: 'تعديل طلب الاهتمام',
  editPayment: 'تعديل الدفعة',
  loadingPage: 'جارٍ تحميل الصفحة',
  skipToContent: 'انتقل إلى المحتوى',
  notificationsUnread:
    '{count, plural, =0 {الإشعارات، لا جديد} one {الإشعارات، إشعار واحد غير مقروء} two {الإشعارات، إشعاران غير مقروءين} few {الإشعارات، # إشعارات غير مقروءة} many {الإشعارات، # إشعارًا غير مقروء} other {الإشعارات، # إشعار غير مقروء}}',
  profile: 'الملف الشخصي',
  changePassword: 'تغيير كلمة المرور',
  goTo: 'الانتقال إلى',
  signOut: 'تسجيل الخروج',
  language: 'اللغة',
  languageArabic: 'العربية',
  languageEnglish: 'English',
  languageBrowser: 'لغة المتصفح',
  languageSaveFailed: 'تعذّر حفظ اللغة. حاول مرة أخرى.',
  errorTitle: 'حدث خطأ غير متوقع في التطبيق!',
  errorNotFound: '{status} الصفحة غير موجودة',
  errorStatus: 'خطأ {status}{statusText, select, other {}}',
  errorReload: 'إعادة التحميل',
  errorHome: 'الذهاب إلى الصفحة الرئيسية',
  ...notificationsAr,
  ...accountAr,
};
export default ar;
