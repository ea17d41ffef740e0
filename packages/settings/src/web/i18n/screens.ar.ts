import type { Messages } from '@propdesk/i18n';
import type { ScreensKey } from './screens.en.js';

/** The Arabic of the settings screens' extras (docs/i18n-glossary.md); six plural forms, digits 0–9. */
export const screensAr: Messages<ScreensKey> = {
  'roles.privileges': 'الصلاحيات',
  'roles.changeApplies': 'يسري التغيير على مستخدمي هذا الدور عند طلبهم التالي.',
  'roles.userCount':
    '{count, plural, zero {لا يوجد مستخدم بهذا الدور.} one {مستخدم واحد بهذا الدور.} two {مستخدمان بهذا الدور.} few {{n} مستخدمين بهذا الدور.} many {{n} مستخدمًا بهذا الدور.} other {{n} مستخدم بهذا الدور.}}',
  'roles.entity': 'الكيان',
  'roles.all': 'الكل',
  'roles.act.read': 'قراءة',
  'roles.act.create': 'إنشاء',
  'roles.act.update': 'تعديل',
  'roles.act.delete': 'حذف',
  'roles.act.approve': 'اعتماد',
  'roles.act.export': 'تصدير',
  'roles.act.readAll': 'رؤية الكل',
  'roles.act.assign': 'إسناد',
  'roles.act.block': 'إيقاف',
  'roles.columnEvery': '{action} على كل الكيانات',
  'roles.actionOn': '{entity}: {action}',
  'roles.everyActionOn': '{entity}: كل الإجراءات',
  'roles.furtherActions': '↳ إجراءات إضافية',
  'roles.extraReadAll': 'رؤية كل العملاء المحتملين (لا عملاؤه فقط، والمجمّع العام والفريق)',
  'roles.extraAssign': 'الإسناد إلى الآخرين، والدمج',
  'roles.protectedField': '↳ {field} (حقل محمي)',
  'roles.fieldActionOf': '{entity} › {field}: {action}',
  'roles.groupSales': 'المبيعات',
  'roles.groupSettingsLeads': 'الإعدادات › العملاء المحتملون',
  'roles.groupSettingsGeneral': 'الإعدادات › عام',
  'roles.groupSettingsRoles': 'الإعدادات › الأدوار',
  'roles.groupProcurement': 'المشتريات',
  'roles.groupSystem': 'النظام',
};
