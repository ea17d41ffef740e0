/**
 * The English words of a purchase request's quotation comparison (the panel, its table and the award
 * question), each as the screen wrote it, byte for byte. Counts keep the English forms they had.
 */
export const comparisonEn = {
  'cmp.title': 'Quotation comparison',
  'cmp.none': 'No quotations recorded for this request yet.',
  'cmp.awardSelected': 'Award selected lines',
  'cmp.onePerSupplier': 'One purchase order per supplier is created as a draft.',
  'cmp.award': 'Award',
  'cmp.goBack': 'Go back',
  'cmp.table': 'Comparison',
  'cmp.requestLine': 'Request line',
  'cmp.qty': 'Qty',
  'cmp.validUntil': '{number} · valid until {date}',
  'cmp.expired': 'Expired',
  'cmp.supplierPdf': "Supplier's PDF",
  'cmp.ordered': 'Ordered',
  'cmp.notQuoted': 'not quoted',
  'cmp.totalDays': '{total} · {count, plural, other {{n} days}}',
  'cmp.totalNoDays': '{total} · – days',
  'cmp.awardLineTo': 'Award {line} to {supplier}',
  'cmp.total': 'Total',
  'cmp.lowestTotal': 'Lowest total',
  'cmp.awardAllTo': 'Award all to {supplier}',
  'cmp.thisQuotation': 'this quotation',
  'cmp.itsSupplier': 'its supplier',
  'cmp.askWhole': 'Award {number} to {supplier}? This creates {count, plural, one {{n} purchase order} other {{n} purchase orders}}.',
  'cmp.askLines':
    'Award {lines, plural, one {{l} line} other {{l} lines}} of {request} to {suppliers}? This creates {count, plural, one {{n} purchase order} other {{n} purchase orders}}.',
  'cmp.listSeparator': ', ',
  'cmp.awarded': 'Awarded.',
};

export type ComparisonKey = keyof typeof comparisonEn;
