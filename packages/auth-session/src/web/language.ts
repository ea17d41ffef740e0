import { isLanguage, negotiateLanguage, type Language } from '@propdesk/i18n';

/** The localStorage item of the last account's language (listed in storage.ts's STORAGE_KEYS). */
export const LANGUAGE_STORAGE_KEY = 'language';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The language of a page before the account's is known (issue 29): the one the last account on
 * this browser chose, else the browser's (`navigator.languages`).
 */
export function initialLanguage(): Language {
  const remembered = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(remembered)) return remembered;
  return negotiateLanguage(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/** Keeps the account's choice for the next page load; null (not chosen) leaves it to the browser. */
export function rememberLanguage(language: Language | null): void {
  const store = storage();
  if (!store) return;
  if (language) store.setItem(LANGUAGE_STORAGE_KEY, language);
  else store.removeItem(LANGUAGE_STORAGE_KEY);
}
