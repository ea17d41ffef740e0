import { commonValidationCatalog, englishWords, type Catalog, type Language } from '@propdesk/i18n';
import { preloadCatalogs, useLanguage } from '@propdesk/i18n/react';
import { useEffect } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { recordsValidationCatalog } from '../model/index.js';

/**
 * A form's messages in the page's language. The model's schemas and definitions' rules are shared
 * with the server and write English (`Must be a whole number`, `At least 16 characters`); the server
 * finds them by their English in its catalogs (server-kit's `registerValidationWords`), and the
 * browser does the same with the same catalogs: the common words, the engine's field rules, and
 * what each domain registers for its own rules (`registerValidationWords` here).
 */
const words = englishWords([commonValidationCatalog, recordsValidationCatalog]);

/** A domain's words of its schemas and rules (the same catalog its server registers). */
export function registerValidationWords(catalog: Catalog): void {
  words.add(catalog);
}

/** One message in `language`: the catalog's word when it is one of ours, else as it is. */
export function validationMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  return words.translate(message, language) ?? message;
}

/** Every `message` of react-hook-form's errors (rows' errors too) in `language`. */
export function translateErrors<T extends FieldValues>(errors: FieldErrors<T>, language: Language): FieldErrors<T> {
  if (language === 'en') return errors;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // `ref` is the input element: passed through as it is.
      out[key] = key === 'message' && typeof inner === 'string' ? validationMessage(inner, language) : key === 'ref' ? inner : walk(inner);
    }
    return out;
  };
  return walk(errors) as FieldErrors<T>;
}

/** The page's language, with the validation words' Arabic loaded for it. */
export function useValidationLanguage(): Language {
  const language = useLanguage();
  useEffect(() => {
    if (language !== 'en') void preloadCatalogs(language, words.catalogs).catch(() => undefined);
  }, [language]);
  return language;
}
