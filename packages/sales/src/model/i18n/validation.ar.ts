import type { Messages } from '@propdesk/i18n';
import type { SalesValidationKey } from './validation.en.js';

const ar: Messages<SalesValidationKey> = {
  sayWhy: 'اذكر السبب',
  giveReason: 'اذكر سببًا',
  dateAsIso: 'تاريخ بالصيغة YYYY-MM-DD',
  atMostBuyers: '10 مشترين على الأكثر',
  shareSuchAs: 'حصة مثل 50 أو 33.3333',
  installmentId: 'يجب أن يكون معرّف قسط',
  amountLike: 'مبلغ مثل 1250.50',
  recoveryReference: 'أدخل مرجع الاسترداد',
  discountAtMost100: 'الخصم 100% على الأكثر',
  sharesAdd100: 'مجموع حصص المشترين 100',
  chooseCustomerOrLead: 'اختر عميلًا أو عميلًا محتملًا',
  notBelowFloorFrom: 'ليس أقل من «من الدور»',
  sayPreference: 'اذكر ما يطلبه هذا التفضيل',
  windowClosesAfter: 'تُغلق الفترة بعد أن تُفتح',
  lettersDigits: 'حروف وأرقام فقط',
  unitTypeTwice: 'نوع الوحدة هذا مذكور مرتين',
  notBelowZero: 'ليس أقل من صفر',
  moreThanZero: 'أكثر من صفر',
  sayWhyMoneyBack: 'اذكر سبب رد المبلغ',
  chequeHasDate: 'للشيك تاريخ',
  chooseChequeBank: 'اختر بنك الشيك',
};

export default ar;
