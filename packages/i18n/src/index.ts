import { validationEn as validationEnWords } from './validation/en.js';
import type { IntlMessageFormat } from 'intl-messageformat';

/**
 * Propdesk's languages. English is the source language: every catalog's `en` is bundled with its
 * package and is the fallback of a missing Arabic word; the Arabic words load only for those who
 * use them (a dynamic import per catalog).
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The writing direction of a language. */
export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The `Intl` locale numbers, money and dates are formatted in (the demo company is in Egypt). */
export function localeOf(language: Language): string {
  return language === 'ar' ? 'ar-EG' : 'en-GB';
}

/** The language of the first preference we speak (`ar-EG` → ar, `en-US` → en), else English. */
export function negotiateLanguage(preferences: readonly string[] | null | undefined): Language {
  for (const tag of preferences ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** An `Accept-Language` header's tags, highest quality first (RFC 9110 12.5.4; `*` and q=0 dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language a call asks for: the account's choice, else its `Accept-Language`. */
export function requestLanguage(accountLanguage: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return isLanguage(accountLanguage) ? accountLanguage : negotiateLanguage(parseAcceptLanguage(acceptLanguage));
}

/** One message per key, in ICU MessageFormat (`{count, plural, one {# unit} other {# units}}`). */
export type Messages<K extends string = string> = Readonly<Record<K, string>>;

/**
 * A package's words: `en` in the bundle, `ar` behind a dynamic import so English users never
 * download it. `namespace` names the catalog in errors and tests (`shell`, `records`, `settings`...).
 */
export type Catalog<K extends string = string> = {
  readonly namespace: string;
  readonly en: Messages<K>;
  readonly loadAr: () => Promise<{ default: Partial<Messages<K>> } | Partial<Messages<K>>>;
};

export function defineCatalog<K extends string>(
  namespace: string,
  en: Messages<K>,
  loadAr: Catalog<NoInfer<K>>['loadAr'],
): Catalog<K> {
  return { namespace, en, loadAr };
}

const arabic = new Map<Catalog, Partial<Messages>>();
const pending = new Map<string, Promise<void>>();
const ready = Promise.resolve();

/**
 * ICU's formatter (intl-messageformat with its parser, ~15 KiB gzip) loads only for a catalog
 * that has a message needing it (a plural, a select, a number format, a quote): a page whose words
 * are plain text with `{name}` arguments, such as the sign-in screen, does without it.
 */
let icu: typeof IntlMessageFormat | null = null;
let icuLoading: Promise<void> | null = null;
function loadIcu(): Promise<void> {
  icuLoading ??= import('intl-messageformat').then(
    (module) => {
      icu = module.IntlMessageFormat;
    },
    (error: unknown) => {
      icuLoading = null;
      throw error;
    },
  );
  return icuLoading;
}

/** Plain text with `{name}` arguments only: formatted without ICU's parser. */
const PLAIN = /^[^{}']*(?:\{[A-Za-z_]\w*\}[^{}']*)*$/;
export function needsIcu(message: string): boolean {
  return !PLAIN.test(message);
}

function wordsOf(catalog: Catalog, language: Language): Partial<Messages> | undefined {
  return language === 'ar' ? arabic.get(catalog) : catalog.en;
}

/** Whether a catalog's words for `language` are at hand, with ICU's formatter if they need it. */
export function isCatalogLoaded(catalog: Catalog, language: Language): boolean {
  const words = wordsOf(catalog, language);
  if (!words) return false;
  return icu !== null || !Object.values(words).some((message) => message !== undefined && needsIcu(message));
}

/** Loads (once) a catalog's words for `language` (Arabic is a dynamic import; English is bundled). */
export function loadCatalog(catalog: Catalog, language: Language): Promise<void> {
  if (isCatalogLoaded(catalog, language)) return ready;
  const id = `${catalog.namespace}\u0000${language}`;
  let loading = pending.get(id);
  if (!loading) {
    const words: Promise<void> =
      language === 'ar' && !arabic.has(catalog)
        ? catalog.loadAr().then((module) => {
            arabic.set(catalog, ('default' in module && typeof module.default === 'object' ? module.default : module) as Partial<Messages>);
          })
        : ready;
    loading = words
      .then(() => (isCatalogLoaded(catalog, language) ? undefined : loadIcu()))
      .finally(() => pending.delete(id));
    pending.set(id, loading);
  }
  return loading;
}

export type Params = Record<string, string | number | Date | boolean | null | undefined>;
export type Translate<K extends string> = (key: K, params?: Params) => string;

const formats = new Map<string, IntlMessageFormat>();

function plainValue(value: Params[string], language: Language): string {
  if (typeof value === 'number') return new Intl.NumberFormat(localeOf(language)).format(value);
  if (value instanceof Date) return new Intl.DateTimeFormat(localeOf(language)).format(value);
  return value === null || value === undefined ? '' : String(value);
}

function format(message: string, language: Language, params: Params | undefined): string {
  if (!needsIcu(message)) return message.replace(/\{(\w+)\}/g, (_, name: string) => plainValue(params?.[name], language));
  // Reached only while a catalog is still loading (useT renders before its words arrive, then again):
  // never a raw ICU string to a person, an empty word for that moment.
  if (!icu) {
    void loadIcu().catch(() => undefined);
    return '';
  }
  const id = `${language}\u0000${message}`;
  let compiled = formats.get(id);
  if (!compiled) {
    compiled = new icu(message, localeOf(language));
    formats.set(id, compiled);
  }
  return String(compiled.format(params as Record<string, string | number | boolean | Date>));
}

/**
 * `t(key, params)` of one catalog in one language. An Arabic word not (yet) loaded or missing
 * falls back to the English one, never to the raw key (the catalog tests fail the build instead).
 */
export function translator<K extends string>(catalog: Catalog<K>, language: Language): Translate<K> {
  const words = language === 'ar' ? (arabic.get(catalog) as Partial<Messages<K>> | undefined) : undefined;
  return (key, params) => {
    const own = words?.[key];
    if (own !== undefined) return format(own, language, params);
    const english = catalog.en[key];
    return english === undefined ? String(key) : format(english, 'en', params);
  };
}

/** Loads then returns a translator (server code and tests). */
export async function loadTranslator<K extends string>(catalog: Catalog<K>, language: Language): Promise<Translate<K>> {
  await loadCatalog(catalog as Catalog, language);
  return translator(catalog, language);
}

/** Formats a number in a language's locale (Latin digits by default: `numberingSystem: 'latn'`). */
export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(localeOf(language), { numberingSystem: 'latn', ...options } as Intl.NumberFormatOptions).format(value);
}

/**
 * A catalog's loaded words in a language (English: its `en`; Arabic: once `loadCatalog` has loaded it),
 * for code that applies words itself rather than formatting one key (a definition's words, applied
 * by `localizeResource`). Undefined while the Arabic is not loaded.
 */
export function catalogWords(catalog: Catalog, language: Language): Partial<Messages> | undefined {
  return wordsOf(catalog, language);
}

export { englishWords, type EnglishWords } from './english.js';
export { validationEn, type ValidationKey } from './validation/en.js';

/** Schemas' own common words ("Required", "At most 80 characters"), shared by the server and the browser, found by their English. */
export const commonValidationCatalog = defineCatalog('validation', validationEnWords, () => import('./validation/ar.js'));
