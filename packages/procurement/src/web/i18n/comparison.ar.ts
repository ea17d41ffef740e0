import type { Messages } from '@propdesk/i18n';
import type { ComparisonKey } from './comparison.en.js';

/** The Arabic of the quotation comparison (docs/i18n-glossary.md; "award" is ترسية). */
export const comparisonAr: Messages<ComparisonKey> = {
  'cmp.title': 'مقارنة عروض الأسعار',
  'cmp.none': 'لم تُسجَّل عروض أسعار لهذا الطلب بعد.',
  'cmp.awardSelected': 'ترسية البنود المختارة',
  'cmp.onePerSupplier': 'يُنشأ أمر شراء واحد لكل مورد كمسودة.',
  'cmp.award': 'ترسية',
  'cmp.goBack': 'رجوع',
  'cmp.table': 'المقارنة',
  'cmp.requestLine': 'بند الطلب',
  'cmp.qty': 'الكمية',
  'cmp.validUntil': '{number} · صالح حتى {date}',
  'cmp.expired': 'منتهي الصلاحية',
  'cmp.supplierPdf': 'ملف عرض المورد',
  'cmp.ordered': 'صدر أمر الشراء',
  'cmp.notQuoted': 'لم يُسعَّر',
  'cmp.totalDays':
    '{total} · {count, plural, zero {{n} يوم} one {يوم واحد} two {يومان} few {{n} أيام} many {{n} يومًا} other {{n} يوم}}',
  'cmp.totalNoDays': '{total} · – يوم',
  'cmp.awardLineTo': 'ترسية {line} على {supplier}',
  'cmp.total': 'الإجمالي',
  'cmp.lowestTotal': 'أقل إجمالي',
  'cmp.awardAllTo': 'ترسية الكل على {supplier}',
  'cmp.thisQuotation': 'عرض السعر هذا',
  'cmp.itsSupplier': 'مورده',
  'cmp.askWhole':
    'ترسية {number} على {supplier}؟ يُنشئ ذلك {count, plural, zero {لا أوامر شراء} one {أمر شراء واحدًا} two {أمرَي شراء} few {{n} أوامر شراء} many {{n} أمر شراء} other {{n} أمر شراء}}.',
  'cmp.askLines':
    'ترسية {lines, plural, zero {لا بنود} one {بند واحد} two {بندين} few {{l} بنود} many {{l} بندًا} other {{l} بند}} من {request} على {suppliers}؟ يُنشئ ذلك {count, plural, zero {لا أوامر شراء} one {أمر شراء واحدًا} two {أمرَي شراء} few {{n} أوامر شراء} many {{n} أمر شراء} other {{n} أمر شراء}}.',
  'cmp.awarded': 'تمت الترسية.',
  'cmp.listSeparator': '، ',
};
