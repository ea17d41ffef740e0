import type { Messages } from '@propdesk/i18n';
import type { layoutsEn } from './layouts.en.js';

/** Arabic of `layouts.en.ts` (docs/i18n-glossary.md). WhatsApp is a brand: its name stays, the words around it are Arabic. */
export const layoutsAr: Messages<keyof typeof layoutsEn> = {
  boardColumn: 'عمود {name}',
  boardRegion: '{label} حسب {field}',
  boardMore: '{count} أخرى: استخدم عوامل تصفية القائمة.',
  boardMoved: '{record}: {column}.',
  exportCsv: 'CSV ({count} صف)',
  exportXlsx: 'إكسل (XLSX)',
  exporting: 'جارٍ تصدير {count} صف…',
  exportDone: 'تم {count}',
  exportKib: '{count} ك.ب',
  filterTitle: 'تصفية {label}',
  filterAll: 'كل (و)',
  filterAny: 'أيّ (أو)',
  filterOfThese: 'من هذه الشروط',
  openClashing: 'فتح السجل الذي يستخدمها',
  alreadyUsedBy: 'مستخدمة بالفعل في {label}',
  gridChoose: 'اختر {scope} لعرض {label}.',
  gridLoading: 'جارٍ تحميل {label}',
  gridEmpty: 'لا {label} هنا بعد.',
  gridLegend: 'مفتاح الألوان',
  gridFirst: 'يُعرض أول {shown} من {total}: عوامل تصفية القائمة تجد الباقي.',
  singletonFailed: 'تعذّر التحميل. {message}',
  singletonNone: 'لم يُعدّ {singular} بعد.',
  sortedBy: 'مرتبة حسب {summary}',
  sortDirection: 'اتجاه {field}',
  stopSorting: 'إيقاف الترتيب حسب {field}',
  sortTip: 'تلميح: انقر عنوان عمود مع ⇧ لإضافته مفتاح ترتيب تاليًا.',
  whatsApp: 'مراسلة {value} عبر WhatsApp',
  whatsAppTitle: 'مراسلة عبر WhatsApp',
};
