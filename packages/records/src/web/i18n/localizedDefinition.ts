import type { Language } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { definitionWordsCatalog, definitionWordsIn } from '@propdesk/shell-ui';
import { localizeResource, type ResourceDef } from '../../model/index.js';

/** One localized copy per definition and language, so every screen of it gets the same object. */
const copies = new WeakMap<ResourceDef, Map<Language, ResourceDef>>();

/**
 * A definition in a language: English is the definition itself; another language is `localizeResource`
 * with the domains' words for it (English where a word is missing), made once. Before the words are
 * loaded it is the definition itself (not remembered), so nothing shows a key.
 */
export function localizedDefinition(def: ResourceDef, language: Language): ResourceDef {
  if (language === 'en') return def;
  const words = definitionWordsIn(language);
  if (!words) return def;
  let byLanguage = copies.get(def);
  if (!byLanguage) copies.set(def, (byLanguage = new Map()));
  let copy = byLanguage.get(language);
  if (!copy) byLanguage.set(language, (copy = localizeResource(def, words)));
  return copy;
}

/**
 * The definition in the page's language. Its words load with the first Arabic page (the component
 * suspends until then, as `useT` does); a change of language from the user menu loads them before it
 * switches (the catalog is one `setLanguage` knows), so the screen changes in place.
 */
export function useLocalizedDefinition(def: ResourceDef): ResourceDef {
  useT(definitionWordsCatalog);
  return localizedDefinition(def, useLanguage());
}

/** `localizedDefinition` in the page's language, for definitions found by name while rendering (a referenced resource). */
export function useLocalizer(): (def: ResourceDef) => ResourceDef {
  useT(definitionWordsCatalog);
  const language = useLanguage();
  return (def) => localizedDefinition(def, language);
}
