import { Fragment, createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isCatalogLoaded,
  loadCatalog,
  translator,
  type Catalog,
  type Language,
  type Params,
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
 * Catalogs that finished loading since the page started: a counter components read (through
 * `useSyncExternalStore`), so those that showed a catalog's English fallback render again in the
 * page's language once its words arrive.
 */
let loads = 0;
const loadListeners = new Set<() => void>();
function subscribeLoads(listener: () => void) {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}
function getLoads(): number {
  return loads;
}
function loaded() {
  loads += 1;
  for (const listener of loadListeners) listener();
}

/**
 * `t` of one catalog in the page's language. It never suspends: a catalog whose Arabic words are
 * not loaded yet (a lazy page's own catalog) renders its English words for that moment, starts the
 * load after the render commits, and renders again in Arabic once it is there. (Suspending with
 * `use()` mid-first-render, outside a Suspense boundary, made React throw the whole concurrent
 * render away and re-render the root synchronously: error #520 in the console.) The shell avoids
 * even that moment by loading the catalogs it knows with `setLanguage(language, catalogs)` or
 * `preloadCatalogs` before it renders.
 */
export function useT<K extends string>(catalog: Catalog<K>): Translate<K> {
  const language = useLanguage();
  const version = useSyncExternalStore(subscribeLoads, getLoads, getLoads);
  used.add(catalog as Catalog);
  const ready = isCatalogLoaded(catalog as Catalog, language);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadCatalog(catalog as Catalog, language).then(
      () => {
        if (live) loaded();
      },
      // A failed load (offline) leaves the English words on screen; the next mount tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [catalog, language, ready]);
  return useMemo(() => {
    // A new translator once any catalog arrives: a translator keeps the words it was made with.
    void version;
    return translator(catalog, language);
  }, [catalog, language, version]);
}

/** Loads the words of `catalogs` in `language` before a page renders (a lazy route's loader). */
export function preloadCatalogs(language: Language, catalogs: readonly Catalog[]): Promise<void> {
  for (const catalog of catalogs) used.add(catalog);
  return Promise.all(catalogs.map((catalog) => loadCatalog(catalog, language))).then(() => loaded());
}

// ---------------------------------------------------------------------------------------------
// Data inside a translated sentence (a name, a code, an amount) keeps its own direction right to left.

/** Private-use characters around a node's number: never in a catalog's words or in data people type. */
const MARKED = /\uE000(\d+)\uE001/;

/**
 * A catalog's sentence with React nodes in place of some of its parameters (a lead's name in bold, an
 * amount isolated in `<bdi>`): the catalog keeps the whole sentence, so Arabic puts them where its own
 * order wants them, and the text reads exactly as the plain sentence would (same words, same spaces).
 */
export function richText<K extends string>(t: Translate<K>, key: K, params: Params, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const names = Object.keys(nodes);
  const marked: Params = { ...params };
  names.forEach((name, index) => {
    marked[name] = `\uE000${index}\uE001`;
  });
  const parts = t(key, marked).split(MARKED);
  // split with a group: even parts are text, odd parts are the node numbers.
  return parts.map((part, index) => <Fragment key={index}>{index % 2 === 0 ? part : nodes[names[Number(part)] ?? '']}</Fragment>);
}

/** Data (a name, an amount, a code) inside a sentence: it keeps its own direction in right-to-left text. */
export function isolate(value: ReactNode): ReactNode {
  return <bdi>{value}</bdi>;
}

/**
 * A translated sentence with data in it (codes, names, amounts). In English the sentence is the plain
 * string, exactly as before; in Arabic each data parameter is set in `<bdi>` (decision 219), so a code
 * such as G-0301 keeps its order inside right-to-left text. The sentence stays one catalog message:
 * the data are passed as private-use markers and the translated text is split around them.
 */
export function dataText(
  language: Language,
  translate: (params: Params) => string,
  params: Params,
  data: Readonly<Record<string, string>>,
): ReactNode {
  if (language !== 'ar') return translate({ ...params, ...data });
  const names = Object.keys(data);
  const markers = Object.fromEntries(names.map((name, index) => [name, String.fromCharCode(0xe000 + index)]));
  const text = translate({ ...params, ...markers });
  const parts = text.split(/([\uE000-\uE0FF])/);
  return parts.map((part, index) => {
    const name = names[part.charCodeAt(0) - 0xe000];
    if (part.length === 1 && name !== undefined) {
      return (
        <bdi key={index} dir="ltr">
          {data[name]}
        </bdi>
      );
    }
    return <Fragment key={index}>{part}</Fragment>;
  });
}
