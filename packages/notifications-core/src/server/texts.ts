import { isLocalText, serverCatalogs, translate, type LocalText, type TextParams } from '@propdesk/server-kit';

/**
 * A notification's words by key (issue 29: each reader gets it in their own language). The row keeps
 * the English text as well (`title`, `body`): rows stored before keys existed, announcements typed
 * by a person, and the fallback when a key is unknown to this build.
 */

/** The product's languages (server-kit's `translate` takes them). */
export type Language = Parameters<typeof translate>[1];

/** A title or body as stored: the catalog's namespace, the key and the parameters; a body may be several joined. */
export type StoredText = { catalog: string; key: string; params?: TextParams } | { parts: StoredText[] };

/** What a producer passes for a title or body: typed text, a catalog key, or (a body) several keys joined. */
export type NoticeText = string | LocalText;
export type NoticeBody = NoticeText | readonly LocalText[];

/** How the parts of a body are joined, per language (the Arabic semicolon). */
const SEPARATOR: Readonly<Record<Language, string>> = { en: '; ', ar: '؛ ' };

// First-strong isolate … pop: data (a name, a number, a code) keeps its own order inside Arabic text.
// (So a notification's message uses its string parameters as data, never as an ICU `select`.)
const isolate = (value: string) => `\u2068${value}\u2069`;

/** The stored form of a keyed text (null when the text is typed). */
export function storedText(value: NoticeBody | null | undefined): StoredText | null {
  if (value === null || value === undefined || typeof value === 'string') return null;
  if (Array.isArray(value)) return { parts: (value as readonly LocalText[]).map((part) => storedText(part)!) };
  const local = value as LocalText;
  return local.params === undefined ? { catalog: local.catalog.namespace, key: local.key } : { catalog: local.catalog.namespace, key: local.key, params: local.params };
}

/** The English of a title or body, as the row's text column keeps it. */
export function englishText(value: NoticeBody | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return (value as readonly LocalText[]).map((part) => translate(part, 'en')).join(SEPARATOR.en);
  return translate(value as LocalText, 'en');
}

/**
 * A stored text in a reader's language, or null when it cannot be (its catalog is not in this
 * process or does not know the key): the caller then shows the English column.
 */
export function renderText(stored: unknown, language: Language): string | null {
  if (typeof stored === 'string') return renderText(parseJson(stored), language);
  if (!stored || typeof stored !== 'object') return null;
  if ('parts' in stored) {
    const parts = (stored as { parts: unknown }).parts;
    if (!Array.isArray(parts)) return null;
    const rendered = parts.map((part) => renderText(part, language));
    return rendered.every((part) => part !== null) ? rendered.join(SEPARATOR[language]) : null;
  }
  const { catalog: namespace, key, params } = stored as { catalog?: unknown; key?: unknown; params?: unknown };
  if (typeof namespace !== 'string' || typeof key !== 'string') return null;
  const catalog = serverCatalogs().find((candidate) => candidate.namespace === namespace);
  if (!catalog || !Object.hasOwn(catalog.en, key)) return null;
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : undefined;
  const local = { catalog, key, params: values === undefined ? undefined : isolated(values, language) };
  return isLocalText(local) ? translate(local, language) : null;
}

/** A jsonb value a driver handed over as text. */
function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** Parameters as stored (JSON), with data isolated in Arabic; a Word (`{ en, ar }`) stays one. */
function isolated(params: Record<string, unknown>, language: Language): TextParams {
  const out: Record<string, TextParams[string]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = language === 'ar' ? isolate(value) : value;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[name] = value;
    else if (value && typeof value === 'object' && typeof (value as { en?: unknown }).en === 'string') {
      const word = value as { en: string; ar?: unknown };
      out[name] = { en: word.en, ar: typeof word.ar === 'string' ? word.ar : undefined };
    }
  }
  return out;
}

/** A reader's language as an account or a call gives it; English otherwise. */
export function readerLanguage(value: unknown): Language {
  return value === 'ar' ? 'ar' : 'en';
}
