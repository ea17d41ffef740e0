import { defineCatalog, englishWords, loadCatalog, requestLanguage, translator, type Catalog, type Language, type Messages, type Params } from '@propdesk/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A message for a person, by key: its catalog, key and parameters. Errors carry it to the envelope,
 * which writes it in the caller's language (`request.language`); `Error.message` and logs keep the
 * English. Built with `text(catalog, key, params)`, never by matching English text afterwards.
 */
export type LocalText = { readonly catalog: Catalog; readonly key: string; readonly params?: TextParams | undefined };

/**
 * A word that is data, not a catalog's (a definition's label or singular): its English and, when
 * known, its Arabic. A message's parameter may be one; the envelope writes the caller's.
 */
export type Word = { readonly en: string; readonly ar?: string | undefined };
export type TextParams = Readonly<Record<string, Params[string] | Word>>;

/**
 * A value that is data (a document number, a name, an amount, a date) as a message's parameter: the
 * same text in both languages, isolated in Arabic (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL
 * ISOLATE, plain text's `<bdi>`) so "RSV-0001" or "5,000.00 EGP" keeps its order inside right-to-left words.
 */
export function dataWord(value: unknown): Word {
  const plain = value === null || value === undefined ? '' : String(value);
  return { en: plain, ar: `\u2068${plain}\u2069` };
}

const isWord = (value: unknown): value is Word => typeof value === 'object' && value !== null && !(value instanceof Date) && 'en' in value;

const catalogs = new Set<Catalog>();
const validationWords = englishWords();

/**
 * A server package's catalog (`defineCatalog` plus a registry): its Arabic is loaded when the app
 * is ready, so an envelope written from a hook (which cannot wait) has it at hand, and the catalog
 * test lists every server catalog from here.
 */
export function serverCatalog<K extends string>(namespace: string, en: Messages<K>, loadAr: Catalog<NoInfer<K>>['loadAr']): Catalog<K> {
  return adoptCatalog(defineCatalog(namespace, en, loadAr));
}

/** A catalog defined in shared code (a model's words, which the browser uses too) registered as a server catalog. */
export function adoptCatalog<K extends string>(catalog: Catalog<K>): Catalog<K> {
  catalogs.add(catalog as Catalog);
  return catalog;
}

/** Every server catalog defined so far (those of the packages imported). */
export function serverCatalogs(): Catalog[] {
  return [...catalogs];
}

/**
 * Marks a catalog as the words of zod schemas' own messages (`z.string({ error: 'Must be text' })`):
 * zod keeps no key on such an issue, only its text, so an issue whose message is one of these
 * catalogs' English words (with its `{params}`) is written with the catalog's word in the caller's
 * language. Default zod messages are zod's own locales'; thrown errors carry keys.
 */
export function registerValidationWords(catalog: Catalog): void {
  validationWords.add(catalog);
}

export function text<K extends string>(catalog: Catalog<K>, key: NoInfer<K>, params?: TextParams): LocalText {
  return params === undefined ? { catalog: catalog as Catalog, key } : { catalog: catalog as Catalog, key, params };
}

export function isLocalText(value: unknown): value is LocalText {
  return typeof value === 'object' && value !== null && 'catalog' in value && 'key' in value;
}

/** A message in a language; English when the Arabic catalog is not loaded (never a key). */
export function translate(message: LocalText, language: Language): string {
  let params: Params | undefined;
  if (message.params) {
    params = {};
    for (const [name, value] of Object.entries(message.params)) params[name] = isWord(value) ? ((language === 'ar' ? value.ar : undefined) ?? value.en) : value;
  }
  return translator(message.catalog, language)(message.key, params);
}

/**
 * Loads every server catalog's words in `language` (Arabic by default) and in English, with ICU's
 * formatter when a message needs it (an English plural is formatted by ICU too).
 */
export async function loadServerCatalogs(language: Language = 'ar'): Promise<void> {
  const all = [...catalogs, ...validationWords.catalogs];
  await Promise.all([...all.map((catalog) => loadCatalog(catalog, 'en')), ...all.map((catalog) => loadCatalog(catalog, language))]);
}

/** A schema's own English message as the same word in `language`, or null when it is not one of ours. */
export function translateValidationWord(message: string, language: Language): string | null {
  return validationWords.translate(message, language);
}

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The language the caller reads: the account's (`auth.language`), else the call's `Accept-Language`, else English. */
    readonly language: Language;
  }
}

/**
 * `request.language`, worked out once per request when first read (the envelope reads it): the
 * account's language once the session is known (auth-session's `onRequest`), else `Accept-Language`.
 */
export function registerLanguage(app: FastifyInstance): void {
  if (app.hasRequestDecorator('language')) return;
  const resolved = new WeakMap<FastifyRequest, Language>();
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      let language = resolved.get(this);
      if (language === undefined) {
        language = requestLanguage(this.auth?.language, this.headers['accept-language']);
        // Before the session is known the account's language cannot be: not kept, read again later.
        if (this.auth !== undefined && this.auth !== null) resolved.set(this, language);
      }
      return language;
    },
  });
  app.addHook('onReady', () => loadServerCatalogs());
}
