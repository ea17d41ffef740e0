import type { Word } from '@propdesk/server-kit';
import { adoptCatalog, registerValidationWords, serverCatalog } from '@propdesk/server-kit';
import type { DefinitionWords, ResourceDef } from '../../model/index.js';
import { recordsValidationCatalog as validationWords } from '../../model/i18n/validation.js';
import { en } from './en.js';

/** The records engine's words on the server (not found, conflicts, versions, actions, views). */
export const recordsCatalog = serverCatalog('records', en, () => import('./ar.js'));

/** The definitions' own field rules (`Must be a whole number`), found by their English in an issue. */
export const recordsValidationCatalog = adoptCatalog(validationWords);
registerValidationWords(recordsValidationCatalog);

const arabicWords = new Map<string, string>();

/** A domain's Arabic definition words (`<resource>.singular`, `<resource>.fields.<f>.label`...), for the server's messages. */
export function registerDefinitionWords(words: DefinitionWords): void {
  for (const [key, word] of Object.entries(words)) arabicWords.set(key, word);
}

/** A definition's word: the English as the sentence needs it, the Arabic when its words have it. */
export function definitionWord(def: ResourceDef, key: string, english: string): Word {
  return { en: english, ar: arabicWords.get(`${def.name}.${key}`) };
}

/** `{thing}`: the singular in lower case. */
export const thingOf = (def: ResourceDef): Word => definitionWord(def, 'singular', def.singular.toLowerCase());

/** `{field}`: a field's label (lower case when `lower`). */
export const fieldWord = (def: ResourceDef, field: string, lower = false): Word => {
  const label = def.fields[field]?.label ?? 'A value';
  return definitionWord(def, `fields.${field}.label`, lower ? label.toLowerCase() : label);
};
