import type { Messages } from '@propdesk/i18n';
import type { SettingsValidationKey } from './en.js';

const ar: Messages<SettingsValidationKey> = {
  mustBeRole: 'يجب أن يكون دورًا',
  atMostRoles: '50 دورًا على الأكثر',
  mustBeApiKeyId: 'يجب أن يكون معرّف مفتاح API',
  mustBeCompanyProfileId: 'يجب أن يكون معرّف ملف الشركة',
  mustBeUserId: 'يجب أن يكون معرّف مستخدم',
  mustBeWebhookId: 'يجب أن يكون معرّف Webhook',
  mustBeDeliveryId: 'يجب أن يكون معرّف إرسال',
  notEntityName: 'ليس اسم كيان',
  notFieldName: 'ليس اسم حقل',
  notAction: 'ليس إجراءً',
  atMostPrivileges: '2000 صلاحية على الأكثر',
  departmentOwnParent: 'لا تكون الإدارة تابعة لنفسها',
  eitherPctOrAmount: 'أدخل نسبة أو مبلغًا، لا كليهما',
  endsAfterStarts: 'ينتهي بعد أن يبدأ',
  pctCommissionNeedsPct: 'العمولة بالنسبة تحتاج إلى نسبتها',
  fixedCommissionNeedsAmount: 'العمولة الثابتة تحتاج إلى مبلغها',
  payableShare: 'اذكر نسبة السعر التي تجعلها مستحقة الدفع',
  tieredNeedsTier: 'العمولة المتدرجة تحتاج إلى شريحة واحدة على الأقل',
  lastTierOpen: 'لا تكون مفتوحة النهاية إلا الشريحة الأخيرة',
  mustBeAbove: 'يجب أن يكون أكبر من {min}',
  actionMovesStep: 'ينقل الإجراء إلى خطوة أخرى',
  deliveryAfterLaunch: 'يأتي التسليم بعد الإطلاق',
  chooseEvents: 'اختر حدثًا واحدًا أو أكثر',
  unknownEvent: 'حدث غير معروف {event}؛ واحد من {events}',
  eventTwice: 'ذُكر حدث مرتين',
  lastFloorAfterFirst: 'الدور الأخير بعد الأول',
  atMostUnitsAtOnce: '2,000 وحدة على الأكثر في المرة الواحدة',
  writeArabic: 'اكتبه بحروف عربية',
};

export default ar;
