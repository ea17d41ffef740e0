/**
 * How a search reads Arabic the way people type it: the alef forms (أ إ آ ٱ) as ا, ى and Persian ی
 * as ي, ة as ه, Persian ک as ك, Arabic-Indic digits (٠–٩, ۰–۹) as 0–9, and the short vowels,
 * shadda, sukun, dagger alef and tatweel dropped. So `احمد ابراهيم` finds `أحمد إبراهيم`, `فاطمه`
 * finds `فاطمة`, `مصطفي` finds `مصطفى`, and `٠١٠` finds a phone written `010`.
 *
 * The database applies it with `search_fold(text)` (engine migration `records/0002_search_fold`,
 * `translate(lower(text), FOLD_FROM, FOLD_TO)`: a character of FOLD_FROM past the end of FOLD_TO is
 * removed); `foldSearch` is the same in JavaScript.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  ['أإآٱ', 'اااا'],
  ['ىی', 'يي'],
  ['ة', 'ه'],
  ['ک', 'ك'],
  ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
  ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
];
/** Tatweel, the tanween and short vowels (U+064B–U+0652) and the dagger alef (U+0670). */
const DROPPED = '\u0640\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670';

export const FOLD_FROM = PAIRS.map(([from]) => from).join('') + DROPPED;
export const FOLD_TO = PAIRS.map(([, to]) => to).join('');

const MAP = new Map<string, string>([...FOLD_FROM].map((char, index) => [char, FOLD_TO[index] ?? '']));

export function foldSearch(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += MAP.get(char) ?? char;
  return out;
}

/** The words of a search (at most `max`), each to be found somewhere in what a row shows, in any order. */
export function searchWords(q: string | undefined, max: number): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, max);
}
