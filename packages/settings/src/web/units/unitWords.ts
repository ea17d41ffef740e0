import { formatNumber } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { settingsWebCatalog } from '../i18n/catalog.js';

const englishMoney = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The unit tools' words and numbers in the page's language: English exactly as before (a count as it
 * is, amounts with two decimals in en-US); Arabic with the product's Latin digits (`formatNumber`).
 */
export function useUnitWords() {
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  const english = language === 'en';
  return {
    t,
    language,
    count: (value: number) => (english ? String(value) : formatNumber(value, language)),
    money: (value: number) => (english ? englishMoney.format(value) : formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
  };
}
