import type { Messages } from '@propdesk/i18n';
import type { forms2En } from './forms2.en.js';

/** The Arabic of the sales forms' and records' words added for issue 29's forms (docs/i18n-glossary.md). */
export const forms2Ar: Messages<keyof typeof forms2En> = {
  // The arrow points the way the text reads: from the action to the step it leads to.
  'contract.stepTo': '{action} ← {step}',
};
