import type { ActionDef, FieldDef, OptionPart, ResourceDef } from './definition.js';
import { humanize } from './display.js';

/**
 * A definition's words in another language, by key (`leads.fields.phone.label`). Keys are by name,
 * never by position, so adding a field or reordering options never shifts another's words:
 *
 * - `<resource>.label`, `<resource>.singular`
 * - `<resource>.fields.<field>.label | help | emptyText | pickMessage | pickMatchMessage`
 * - `<resource>.fields.<field>.options.<value>`: the label shown for an enum value (in English,
 *   `humanize(value)`, which the grid, the form, the filter and the status chip show)
 * - `<resource>.fields.<field>.columns.<column>.…`: the same for a column of a rows (`json`) field
 * - `<resource>.optionDetail.<field>.prefix`: what a picker writes before a detail ("Block ")
 * - `<resource>.actions.<action>.label | confirm | reasonLabel | otherwise`
 *
 * A confirmation's `{field}` placeholders are kept as they are in the other language's words.
 * A definition's `rule` is a function whose messages are not data: it is not covered here.
 */
export type DefinitionWords = Readonly<Record<string, string>>;

export type DefinitionKey = { key: string; english: string };

const FIELD_TEXTS = ['label', 'help', 'emptyText', 'pickMessage'] as const;

function fieldKeys(prefix: string, field: FieldDef, out: DefinitionKey[]): void {
  for (const text of FIELD_TEXTS) {
    const value = field[text];
    if (typeof value === 'string' && value !== '') out.push({ key: `${prefix}.${text}`, english: value });
  }
  if (field.pickMatch?.message) out.push({ key: `${prefix}.pickMatchMessage`, english: field.pickMatch.message });
  if (field.kind === 'enum') for (const option of field.options ?? []) out.push({ key: `${prefix}.options.${option}`, english: humanize(option) });
  for (const [column, spec] of Object.entries(field.columns ?? {})) fieldKeys(`${prefix}.columns.${column}`, spec, out);
}

/** Every string of a definition a person reads, with its key, in the definition's order. */
export function definitionKeys(def: ResourceDef): DefinitionKey[] {
  const out: DefinitionKey[] = [
    { key: `${def.name}.label`, english: def.label },
    { key: `${def.name}.singular`, english: def.singular },
  ];
  for (const [name, field] of Object.entries(def.fields)) fieldKeys(`${def.name}.fields.${name}`, field, out);
  for (const part of def.optionDetail ?? []) {
    if (typeof part !== 'string' && part.prefix) out.push({ key: `${def.name}.optionDetail.${part.field}.prefix`, english: part.prefix });
  }
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    const prefix = `${def.name}.actions.${name}`;
    out.push({ key: `${prefix}.label`, english: action.label });
    if (action.confirm) out.push({ key: `${prefix}.confirm`, english: action.confirm });
    if (action.reasonLabel) out.push({ key: `${prefix}.reasonLabel`, english: action.reasonLabel });
    if (action.when?.otherwise) out.push({ key: `${prefix}.otherwise`, english: action.when.otherwise });
  }
  return out;
}

/** A field of a localized definition: an enum's option values keep their value and gain a label each. */
export type LocalizedFieldDef = FieldDef & { optionLabels?: Readonly<Record<string, string>> };

/**
 * The label shown for an enum value: the localized definition's `optionLabels`, else `humanize(value)`
 * as today. What a screen calls instead of `humanize` to show a localized definition's options.
 */
export function optionLabelOf(field: LocalizedFieldDef | undefined, value: string): string {
  return field?.optionLabels?.[value] ?? humanize(value);
}

function localizeField(prefix: string, field: FieldDef, words: DefinitionWords): LocalizedFieldDef {
  const word = (text: string, english: string | undefined) => (english === undefined ? undefined : (words[`${prefix}.${text}`] ?? english));
  const copy: Record<string, unknown> = { ...field, label: words[`${prefix}.label`] ?? field.label };
  for (const text of ['help', 'emptyText', 'pickMessage'] as const) if (field[text] !== undefined) copy[text] = word(text, field[text]);
  if (field.pickMatch?.message !== undefined) copy.pickMatch = { ...field.pickMatch, message: word('pickMatchMessage', field.pickMatch.message) };
  if (field.columns) {
    copy.columns = Object.fromEntries(Object.entries(field.columns).map(([column, spec]) => [column, localizeField(`${prefix}.columns.${column}`, spec, words)]));
  }
  if (field.kind === 'enum' && field.options) {
    // Option values are data (stored, filtered, sent): they stay; their labels go to `optionLabels`.
    const labels = Object.fromEntries(field.options.map((option) => [option, words[`${prefix}.options.${option}`] ?? humanize(option)]));
    copy.optionLabels = labels;
  }
  return copy as LocalizedFieldDef;
}

function localizeAction(prefix: string, action: ActionDef, words: DefinitionWords): ActionDef {
  const copy: ActionDef = { ...action, label: words[`${prefix}.label`] ?? action.label };
  if (action.confirm !== undefined) copy.confirm = words[`${prefix}.confirm`] ?? action.confirm;
  if (action.reasonLabel !== undefined) copy.reasonLabel = words[`${prefix}.reasonLabel`] ?? action.reasonLabel;
  if (action.when?.otherwise !== undefined) copy.when = { ...action.when, otherwise: words[`${prefix}.otherwise`] ?? action.when.otherwise };
  return copy;
}

/**
 * A copy of the definition with every string a person reads in the words given, each left in English
 * when it has none. Names, values, rules and everything else are the same objects' values: the copy
 * validates, stores and filters exactly as the original. Enum fields gain `optionLabels` (value →
 * label in these words) since their values themselves must not change.
 */
export function localizeResource(def: ResourceDef, words: DefinitionWords): ResourceDef {
  const name = def.name;
  const fields = Object.fromEntries(Object.entries(def.fields).map(([field, spec]) => [field, localizeField(`${name}.fields.${field}`, spec, words)]));
  const copy: ResourceDef = { ...def, label: words[`${name}.label`] ?? def.label, singular: words[`${name}.singular`] ?? def.singular, fields };
  if (def.optionDetail) {
    copy.optionDetail = def.optionDetail.map((part): OptionPart =>
      typeof part === 'string' || part.prefix === undefined ? part : { ...part, prefix: words[`${name}.optionDetail.${part.field}.prefix`] ?? part.prefix },
    );
  }
  if (def.actions) copy.actions = Object.fromEntries(Object.entries(def.actions).map(([action, spec]) => [action, localizeAction(`${name}.actions.${action}`, spec, words)]));
  return copy;
}

/** Arabic letters (the Arabic block, with its presentation forms). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** A `{name}` placeholder, the only braces a definition's text may hold (a plain ICU argument). */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();

export type WordsCheckOptions = {
  /** Keys whose word may hold no Arabic letter (a code written in Latin letters the same in both languages). */
  latinAllowed?: ReadonlySet<string>;
};

/**
 * What is wrong with one language's words for a set of definitions, one line per problem (none: they are
 * complete): a key with no word, a word that is empty or holds no Arabic letter (unless allowed), a word
 * whose key no definition has (stale), a duplicate key among the definitions, a `{placeholder}` set that
 * differs from the English one, braces that are not plain placeholders (unsafe for ICU formatting) or
 * an ICU quote beside one, and leading or trailing spaces that differ (a picker's "Block " prefix).
 */
export function checkDefinitionWords(defs: readonly ResourceDef[], words: DefinitionWords, options: WordsCheckOptions = {}): string[] {
  const problems: string[] = [];
  const known = new Set<string>();
  for (const def of defs) {
    for (const { key, english } of definitionKeys(def)) {
      if (known.has(key)) problems.push(`${key}: listed twice`);
      known.add(key);
      const word = words[key];
      if (word === undefined) {
        problems.push(`${key}: no word for "${english}"`);
        continue;
      }
      if (word.trim() === '') {
        problems.push(`${key}: empty`);
        continue;
      }
      if (!ARABIC.test(word) && !options.latinAllowed?.has(key)) problems.push(`${key}: "${word}" has no Arabic letter`);
      if (placeholders(word).join() !== placeholders(english).join()) problems.push(`${key}: placeholders of "${word}" differ from "${english}"`);
      for (const text of [english, word]) {
        if (/[{}]/.test(text.replace(PLACEHOLDER, ''))) problems.push(`${key}: "${text}" has braces that are not {placeholders}`);
        if (/[{}]/.test(text) && text.includes("'")) problems.push(`${key}: "${text}" has an ICU quote (') beside a placeholder`);
      }
      const edges = (text: string) => [/^\s*/.exec(text)![0], /\s*$/.exec(text)![0]].join('|');
      if (edges(word) !== edges(english)) problems.push(`${key}: leading or trailing spaces of "${word}" differ from "${english}"`);
    }
  }
  for (const key of Object.keys(words)) if (!known.has(key)) problems.push(`${key}: stale (no definition has it)`);
  return problems;
}
