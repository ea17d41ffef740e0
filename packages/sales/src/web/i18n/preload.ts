import { isLanguage, loadCatalog, negotiateLanguage, type Language } from '@propdesk/i18n';
import { getLanguage } from '@propdesk/i18n/react';
import { salesCatalog } from './catalog.js';
import { definitionWords } from './definitionWords.js';

/**
 * A lazy sales screen's module, loaded together with the sales words of the page's language (and,
 * in Arabic, the definitions' words its option labels use), so the screen never suspends on its first
 * render. A component that suspends in `use()` midway and is replayed with a different number of hooks
 * made React throw and recover (#467 → #520) on the dashboard in Arabic. A later change of language
 * loads them first as well (`setLanguage` loads every catalog used so far).
 */
export async function withSalesWords<T>(module: Promise<T>): Promise<T> {
  const languages = new Set<Language>([getLanguage(), likelyLanguage()]);
  const [loaded] = await Promise.all([module, ...[...languages].flatMap((language) => [loadCatalog(salesCatalog, language), language === 'ar' ? loadCatalog(definitionWords, language) : undefined])]);
  return loaded;
}

/**
 * The language the page is about to take, when a screen loads before the account's language is applied
 * (a first page load straight on a sales screen): the last account's on this browser, else the browser's.
 */
function likelyLanguage(): Language {
  if (typeof window === 'undefined') return getLanguage();
  const stored = window.localStorage.getItem('language');
  return isLanguage(stored) ? stored : negotiateLanguage(window.navigator.languages);
}
