import { formatNumber } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { procurementWebCatalog } from './catalog.js';

/** Unicode's first-strong isolate and pop: data in a plain-text Arabic sentence (decision 249). */
const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * The procurement screens' `t` in the page's language, with a count written as the screen wrote it
 * (English: as it is; Arabic: Latin digits, grouped) and `data` for a value inside a plain-text
 * sentence (English: as it is; Arabic: isolated, so a code keeps its order in right-to-left text).
 */
export function useProcurementWords() {
  const t = useT(procurementWebCatalog);
  const language = useLanguage();
  const english = language === 'en';
  return {
    t,
    language,
    count: (value: number) => (english ? String(value) : formatNumber(value, language)),
    data: (value: string) => (english ? value : isolate(value)),
  };
}
