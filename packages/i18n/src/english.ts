import { translator, type Catalog, type Language, type Messages, type Params } from './index.js';

type Pattern = { catalog: Catalog; key: string; regex: RegExp; names: string[] };

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(catalogs: Iterable<Catalog>): Pattern[] {
  const compiled: Pattern[] = [];
  for (const catalog of catalogs) {
    for (const [key, english] of Object.entries(catalog.en as Messages)) {
      const names: string[] = [];
      const source = english
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return escape(part);
          names.push(name);
          return '(.+?)';
        })
        .join('');
      compiled.push({ catalog, key, regex: new RegExp(`^${source}$`, 's'), names });
    }
  }
  // Fixed words before patterns, so "Required" is never read as a pattern's parameter.
  return compiled.sort((a, b) => a.names.length - b.names.length);
}

/**
 * Messages found by their English: zod keeps no key on a schema's own message
 * (`z.string({ error: 'Must be text' })`), only its text, and the model schemas are shared by the
 * server and the browser; so the words of such messages are catalogs like any other, and a message
 * that is one of their English words (with its `{params}`) is written with the catalog's word in
 * `language`. Anything else is not ours: null (the caller keeps the text as it is, never a key).
 */
export type EnglishWords = {
  add: (catalog: Catalog) => void;
  readonly catalogs: readonly Catalog[];
  translate: (message: string, language: Language) => string | null;
};

export function englishWords(initial: Iterable<Catalog> = []): EnglishWords {
  const catalogs = new Set<Catalog>(initial);
  let patterns: Pattern[] | null = null;
  return {
    add: (catalog) => {
      if (catalogs.has(catalog)) return;
      catalogs.add(catalog);
      patterns = null;
    },
    get catalogs() {
      return [...catalogs];
    },
    translate: (message, language) => {
      patterns ??= compile(catalogs);
      for (const pattern of patterns) {
        const match = pattern.regex.exec(message);
        if (!match) continue;
        const params: Params = {};
        pattern.names.forEach((name, index) => {
          params[name] = match[index + 1]!;
        });
        return translator(pattern.catalog, language)(pattern.key, params);
      }
      return null;
    },
  };
}
