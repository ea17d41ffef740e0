import { createContext, use, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isCatalogLoaded,
  loadCatalog,
  translator,
  type Catalog,
  type Language,
  type Translate,
} from './index.js';

/**
 * The page's language: one value for the whole page (the sign-in app and the shell), kept outside
 * React so the bootstrap can set it before the first render and the user menu can change it.
 * Setting it also sets `<html lang dir>`.
 */
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

export function getLanguage(): Language {
  return current;
}

/** The catalogs the page has used so far: a change of language loads them all before it shows. */
const used = new Set<Catalog>();

/**
 * Loads the words for `language` of the given catalogs and of every catalog the page has used,
 * then switches the page to it (so a change from the user menu does not flash English).
 */
export async function setLanguage(language: Language, catalogs: readonly Catalog[] = []): Promise<void> {
  for (const catalog of catalogs) used.add(catalog as Catalog);
  await Promise.all([...used].map((catalog) => loadCatalog(catalog, language)));
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const LanguageOverride = createContext<Language | null>(null);

/** Renders its children in a fixed language (tests, previews); the page's language otherwise. */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageOverride value={language}>{children}</LanguageOverride>;
}

/** The language the page is shown in (re-renders when the user changes it). */
export function useLanguage(): Language {
  const page = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return useContext(LanguageOverride) ?? page;
}

/**
 * `t` of one catalog in the page's language. A catalog whose Arabic words are not loaded yet
 * suspends the component until they are (a lazy page's catalog loads with the page).
 */
export function useT<K extends string>(catalog: Catalog<K>): Translate<K> {
  const language = useLanguage();
  used.add(catalog as Catalog);
  if (!isCatalogLoaded(catalog as Catalog, language)) use(loadCatalog(catalog as Catalog, language));
  return useMemo(() => translator(catalog, language), [catalog, language]);
}
