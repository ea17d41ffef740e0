import dayjs from 'dayjs';
import type { Language } from '@propdesk/i18n';

/**
 * The date input's words in Arabic. dayjs's own `ar` locale writes Arabic-Indic digits (its `postformat`), and
 * the product writes dates with 0–9 (decisions 211-212), so the input uses this locale: dayjs's Arabic month
 * and day names, Latin digits, the week from Saturday as in Egypt. MUI X has no Arabic pickers locale; its
 * words the field and calendar show are below.
 */
const ARABIC_DAYJS = 'ar-latn';
const months = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');
let registered = false;

function registerArabic() {
  if (registered) return;
  registered = true;
  dayjs.locale(
    {
      name: ARABIC_DAYJS,
      weekdays: 'الأحد_الإثنين_الثلاثاء_الأربعاء_الخميس_الجمعة_السبت'.split('_'),
      weekdaysShort: 'أحد_إثنين_ثلاثاء_أربعاء_خميس_جمعة_سبت'.split('_'),
      weekdaysMin: 'ح_ن_ث_ر_خ_ج_س'.split('_'),
      months,
      monthsShort: months,
      weekStart: 6,
      ordinal: (n: number) => String(n),
      formats: { LT: 'HH:mm', LTS: 'HH:mm:ss', L: 'DD/MM/YYYY', LL: 'D MMMM YYYY', LLL: 'D MMMM YYYY HH:mm', LLLL: 'dddd D MMMM YYYY HH:mm' },
    } as unknown as ILocale,
    undefined,
    true,
  );
}

type ILocale = Parameters<typeof dayjs.locale>[0];

/** The pickers' words in Arabic (MUI X's `localeText`); placeholders name the parts: يوم شهر سنة. */
const arabicPickerText = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'العرض السابق',
  openNextView: 'العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view: string) => (view === 'year' ? 'عرض السنوات مفتوح، التبديل إلى التقويم' : 'التقويم مفتوح، التبديل إلى عرض السنوات'),
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',
  datePickerToolbarTitle: 'اختر التاريخ',
  dateTimePickerToolbarTitle: 'اختر التاريخ والوقت',
  timePickerToolbarTitle: 'اختر الوقت',
  openDatePickerDialogue: (formatted: string | null) => (formatted ? `اختر التاريخ، التاريخ المختار ${formatted}` : 'اختر التاريخ'),
  openTimePickerDialogue: (formatted: string | null) => (formatted ? `اختر الوقت، الوقت المختار ${formatted}` : 'اختر الوقت'),
  fieldClearLabel: 'مسح',
  timeTableLabel: 'اختر الوقت',
  dateTableLabel: 'اختر التاريخ',
  fieldYearPlaceholder: () => 'سنة',
  fieldMonthPlaceholder: () => 'شهر',
  fieldDayPlaceholder: () => 'يوم',
  fieldHoursPlaceholder: () => 'س',
  fieldMinutesPlaceholder: () => 'د',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  hours: 'الساعات',
  minutes: 'الدقائق',
  empty: 'فارغ',
};

/** The dayjs locale and MUI X words of the date input in a language (English: none, as before). */
export function pickerLocale(language: Language): { adapterLocale: string | undefined; localeText: typeof arabicPickerText | undefined } {
  if (language === 'en') return { adapterLocale: undefined, localeText: undefined };
  registerArabic();
  return { adapterLocale: ARABIC_DAYJS, localeText: arabicPickerText };
}
