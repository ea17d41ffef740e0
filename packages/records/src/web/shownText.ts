import { useEffect } from 'react';
import { isCatalogLoaded, type Catalog, type Language } from '@propdesk/i18n';
import { preloadCatalogs } from '@propdesk/i18n/react';
import type { FieldDef } from '../model/index.js';

/** Says a stored text in a language other than the one it was stored in (English). */
export type ShownText = (stored: string, language: Language) => string;

const displays = new Map<string, ShownText>();
/** The catalogs the displays say their words with (loaded with the engine's screens, `useShownTextWords`). */
const catalogs = new Set<Catalog>();

/**
 * Registers the display a definition's field names by `shownAs` (a domain's web module does, as it
 * loads): the engine's lists, views, titles and history then show the field's text (or a reference's
 * label) through it in every language but English, where the stored text is shown as it is.
 */
export function registerShownText(name: string, display: ShownText, words?: Catalog): void {
  displays.set(name, display);
  if (words) catalogs.add(words);
}

/**
 * Loads the displays' catalogs in the page's language: an engine screen (a list, a record) does not
 * otherwise use a domain's catalog, and would keep its English fallback. A load makes every `useT`
 * render again (`preloadCatalogs`), so the screens then show the words.
 */
export function useShownTextWords(language: Language): void {
  useEffect(() => {
    const missing = [...catalogs].filter((catalog) => !isCatalogLoaded(catalog, language));
    if (missing.length > 0) preloadCatalogs(language, missing).catch(() => undefined);
  }, [language]);
}

/** Says a reason the server wrote into a history in `language`; null when it is not one of its domain's. */
export type ShownReason = (stored: string, language: Language) => string | null;

const reasons: ShownReason[] = [];

/**
 * Registers a domain's display of the reasons its server code writes in English into the history (a
 * hold that expired, a reservation contracted): the history panel shows a reason through the first
 * display that knows it, in every language but English. Reasons people typed match none and show as written.
 */
export function registerShownReason(display: ShownReason, words?: Catalog): void {
  reasons.push(display);
  if (words) catalogs.add(words);
}

/** A stored history reason as a person reads it in `language`. */
export function shownReason(stored: string, language: Language): string {
  if (language === 'en' || !stored) return stored;
  for (const display of reasons) {
    const said = display(stored, language);
    if (said !== null) return said;
  }
  return stored;
}

/** A field's stored text as a person reads it in `language` (as stored without a registered display). */
export function shownText(field: Pick<FieldDef, 'shownAs'> | undefined, stored: string, language: Language): string {
  const display = field?.shownAs && language !== 'en' ? displays.get(field.shownAs) : undefined;
  return display && stored ? display(stored, language) : stored;
}
