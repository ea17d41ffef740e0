/**
 * The Arabic of the names the procurement sidebar and breadcrumbs show, keyed by their English
 * (`manifestNames(procurementModule)`; docs/i18n-glossary.md).
 */
const words: Readonly<Record<string, string>> = {
  Procurement: 'المشتريات',
  'Purchase Request': 'طلب شراء',
  'Purchase Requests': 'طلبات الشراء',
  'Purchase Order': 'أمر شراء',
  'Purchase Orders': 'أوامر الشراء',
  Quotations: 'عروض الأسعار',
  Suppliers: 'الموردون',
  'Approval Tiers': 'مستويات الاعتماد',
};

export default words;
