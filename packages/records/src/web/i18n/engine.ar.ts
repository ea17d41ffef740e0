import type { Messages } from '@propdesk/i18n';
import type { engineEn } from './engine.en.js';

/** Arabic of `engine.en.ts` (docs/i18n-glossary.md). Data in a sentence is isolated by the code that fills it. */
export const engineAr: Messages<keyof typeof engineEn> = {
  filterCondition: '{field} {op} {values}',
  filterEmpty: '{field} {op}',
  filterAnd: ' و',
  filterOr: ' أو ',
  filterMore: '{values} و{count} غيرها',
  aChosenRecord: 'سجل مختار',
  onlyFilter: 'فقط: {filter}',
  fixedFilter: 'تصفية ثابتة',
  sortedBy: 'الترتيب حسب {terms}',
  sortedThen: '، ثم ',
  usedByBefore: 'هذا السجل مستخدم في: ',
  usedByAfter: '، لذا لا يمكن حذفه. إلغاء التفعيل يخرجه من قوائم الاختيار للسجلات الجديدة، وتحتفظ به السجلات التي تستخدمه.',
  usageCount: '{label} ({n})',
};
