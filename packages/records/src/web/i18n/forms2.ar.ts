import type { Messages } from '@propdesk/i18n';
import type { forms2En } from './forms2.en.js';

/** The Arabic of the engine's forms and records words added for issue 29's forms (docs/i18n-glossary.md). */
export const forms2Ar: Messages<keyof typeof forms2En> = {
  formNew: 'إضافة {singular}',
  formEdit: 'تعديل {singular}',
  leaveTitle: 'المغادرة دون حفظ؟',
  leaveBody: 'لم تُحفظ التغييرات التي أجريتها على هذا النموذج. إذا غادرت الآن فستفقدها.',
  leaveConfirm: 'المغادرة دون حفظ',
  leaveCancel: 'متابعة التعديل',
  fieldLocked: 'مقفل',
  // The arrow points the way the text reads, from the earlier value to the new one.
  historyTo: ' ← ',
};
