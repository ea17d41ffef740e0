import type { Messages } from '@propdesk/i18n';
import type { RecordsKey } from './en.js';

const ar: Messages<RecordsKey> = {
  noSuch: 'لا يوجد {thing} بهذا المعرّف',
  noSuchRow: 'لا يوجد {thing} بهذا المعرّف (الصف {row})',
  staleVersion: 'غيّر شخص آخر هذا السجل بعد أن فتحته.',
  alreadyExistsWith: 'يوجد {thing} بهذا {field} من قبل: {label}.',
  alreadyExists: 'يوجد {thing} بهذا {field} من قبل.',
  alreadyExistsValues: 'يوجد {thing} بهذه القيم من قبل.',
  alreadyUsed: 'مستخدم من قبل',
  alreadyUsedBy: 'مستخدم من قبل في {label}',
  singletonExists: 'يوجد {thing} واحد بالفعل؛ عدّله بدلًا من إنشاء غيره.',
  neverDeleted: 'يُعدَّل {thing} ولا يُحذف أبدًا.',
  inUse: 'هذا الـ{thing} مستخدم في سجلات أخرى ولا يمكن حذفه.',
  recordMissing: '{field}: السجل المختار غير موجود',
  notAllowedValue: '{field}: قيمة غير مسموح بها',
  fieldTooLong: '{field}: أطول من المسموح',
  outOfRange: '{field}: خارج النطاق المسموح',
  notValid: '{field}: قيمة غير صالحة',
  giveReason: 'اذكر السبب',
  actionNotInState: 'لا يمكن تنفيذ «{action}» و{thing} في حالة {status}.',
  actionRefused: 'لا يمكن تنفيذ «{action}»: {why}.',
  actionNotNow: 'لا يمكن تنفيذ «{action}»: {thing} لا يسمح بذلك الآن.',
  noAction: 'لا يوجد إجراء باسم {name}',
  cannotBeChosen: 'لا يمكن اختيار هذا الـ{thing} هنا',
  unknownResource: 'مورد غير معروف',
  noSuchView: 'طريقة العرض غير موجودة',
  viewNameTaken: 'لديك طريقة عرض بهذا الاسم من قبل',
  chooseRows: 'اختر الصفوف أو عامل تصفية',
  chooseField: 'اختر حقلًا يمكنك تغييره',
  mustBeList: 'يجب أن يكون قائمة',
  atMostLines: '{max} بندًا على الأكثر',
  mustBeLine: 'يجب أن يكون بندًا',
  notALine: 'ليس بندًا من هذا السجل',
};

export default ar;
