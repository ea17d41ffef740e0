import { decimal, type CurrencyCode, type MoneyValue } from './money.js';

/**
 * Amounts in words for contracts and receipts, in English and Arabic, from one function.
 *
 * English: American style without "and" inside a number ("one hundred forty-six thousand"), tens
 * joined with a hyphen ("forty-six"), the first letter capitalised, the currency after the number in
 * the singular for exactly one ("One Egyptian pound"), plural otherwise, and "and" before the
 * piastres.
 *
 * Arabic (the rules followed; every counted word here — جنيه, قرش, دولار, سنت, درهم, فلس, ألف,
 * مليون, مليار, تريليون — is masculine, so the numbers take the forms for masculine nouns):
 * - units 1–10 واحد اثنان ثلاثة … عشرة; 11 أحد عشر, 12 اثنا عشر, 13–19 ثلاثة عشر … تسعة عشر;
 *   21–99 the unit before the ten, joined with و (ستة وأربعون); all in the nominative.
 * - hundreds مائة, مائتان, ثلاثمائة … تسعمائة, joined to the rest with و (مائة وستة وأربعون); مائتان
 *   loses its ن when a noun follows it directly (مائتا ألف, مائتا جنيه).
 * - the counted word after a number (a scale word or the currency) follows the last two digits of
 *   that number:
 *   exactly one: the word alone (ألف, مليون; the currency with واحد after it: جنيه مصري واحد);
 *   exactly two: the dual (ألفان, مليونان, جنيهان مصريان), losing its ن when a noun follows it
 *   directly (ألفا جنيه, مليونا جنيه);
 *   3–10: the plural (ثلاثة آلاف, خمسة ملايين, عشرة جنيهات مصرية, خمسة قروش);
 *   11–99: the accusative singular (أحد عشر ألفًا, خمسون قرشًا), without tanween when a noun follows
 *   it directly, because it is then the first term of a construct (ستة وأربعون ألف جنيه);
 *   a round hundred, and zero: the genitive singular (مائة ألف, مائة جنيه مصري, صفر جنيه مصري).
 *   The one simplification: for numbers above two that end in 01 or 02 (101, 1002) the counted word
 *   is the singular after the whole number (مائة وواحد جنيه مصري, مائة واثنان ألف) as contracts and
 *   cheques write it, rather than the classical مائة جنيه وجنيه.
 * - groups are joined with و from the largest down; the piastres follow the pounds with و; an amount
 *   under one pound names only the piastres (خمسون قرشًا), and zero is صفر جنيه مصري.
 */
export type WordsLanguage = 'en' | 'ar';

/** The largest amount in words: 999 trillion and change. */
export const MAX_AMOUNT_IN_WORDS = '999999999999999.99';

type ArabicNoun = {
  /** The word for exactly one, with واحد where the noun needs it: "جنيه مصري واحد". */
  one: string;
  two: string;
  /** The dual when a noun follows it directly (construct): "ألفا". Same as `two` for currencies. */
  twoConstruct: string;
  /** After 3–10. */
  few: string;
  /** After 11–99 (accusative). */
  many: string;
  /** After a round hundred, zero, and in construct (genitive singular). */
  single: string;
};

type CurrencyWords = {
  en: { one: string; many: string; subOne: string; subMany: string };
  ar: { unit: ArabicNoun; sub: ArabicNoun };
};

const arNoun = (one: string, two: string, few: string, many: string, single: string, twoConstruct = two): ArabicNoun => ({ one, two, twoConstruct, few, many, single });

const CURRENCY_WORDS: Readonly<Record<CurrencyCode, CurrencyWords>> = {
  EGP: {
    en: { one: 'Egyptian pound', many: 'Egyptian pounds', subOne: 'piastre', subMany: 'piastres' },
    ar: { unit: arNoun('جنيه مصري واحد', 'جنيهان مصريان', 'جنيهات مصرية', 'جنيهًا مصريًا', 'جنيه مصري'), sub: arNoun('قرش واحد', 'قرشان', 'قروش', 'قرشًا', 'قرش') },
  },
  USD: {
    en: { one: 'US dollar', many: 'US dollars', subOne: 'cent', subMany: 'cents' },
    ar: { unit: arNoun('دولار أمريكي واحد', 'دولاران أمريكيان', 'دولارات أمريكية', 'دولارًا أمريكيًا', 'دولار أمريكي'), sub: arNoun('سنت واحد', 'سنتان', 'سنتات', 'سنتًا', 'سنت') },
  },
  AED: {
    en: { one: 'UAE dirham', many: 'UAE dirhams', subOne: 'fils', subMany: 'fils' },
    ar: { unit: arNoun('درهم إماراتي واحد', 'درهمان إماراتيان', 'دراهم إماراتية', 'درهمًا إماراتيًا', 'درهم إماراتي'), sub: arNoun('فلس واحد', 'فلسان', 'فلوس', 'فلسًا', 'فلس') },
  },
};

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

const AR_UNITS = ['صفر', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'];
const AR_TENS = ['', 'عشرة', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = ['', 'مائة', 'مائتان', 'ثلاثمائة', 'أربعمائة', 'خمسمائة', 'ستمائة', 'سبعمائة', 'ثمانمائة', 'تسعمائة'];
const AR_SCALES: readonly ArabicNoun[] = [
  arNoun('', '', '', '', ''),
  arNoun('ألف', 'ألفان', 'آلاف', 'ألفًا', 'ألف', 'ألفا'),
  arNoun('مليون', 'مليونان', 'ملايين', 'مليونًا', 'مليون', 'مليونا'),
  arNoun('مليار', 'ملياران', 'مليارات', 'مليارًا', 'مليار', 'مليارا'),
  arNoun('تريليون', 'تريليونان', 'تريليونات', 'تريليونًا', 'تريليون', 'تريليونا'),
];

/** Groups of three digits, smallest first: '1234567' → [567, 234, 1]. */
function groupsOf(digits: string): number[] {
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.push(Number(digits.slice(Math.max(0, end - 3), end)));
  return groups;
}

function enBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${EN_UNITS[hundreds]!} hundred`);
  if (rest > 0 && rest < 20) words.push(EN_UNITS[rest]!);
  else if (rest >= 20) words.push(rest % 10 === 0 ? EN_TENS[rest / 10]! : `${EN_TENS[Math.floor(rest / 10)]!}-${EN_UNITS[rest % 10]!}`);
  return words.join(' ');
}

function enInteger(digits: string): string {
  const groups = groupsOf(digits);
  if (groups.every((value) => value === 0)) return 'zero';
  const words: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale -= 1) {
    const value = groups[scale]!;
    if (value === 0) continue;
    words.push(scale === 0 ? enBelowThousand(value) : `${enBelowThousand(value)} ${EN_SCALES[scale]!}`);
  }
  return words.join(' ');
}

/** 1–999 in words; `construct`: a noun follows directly, so a round مائتان becomes مائتا. */
function arBelowThousand(n: number, construct: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(hundreds === 2 && rest === 0 && construct ? 'مائتا' : AR_HUNDREDS[hundreds]!);
  if (rest > 0 && rest <= 10) words.push(AR_UNITS[rest]!);
  else if (rest === 11) words.push('أحد عشر');
  else if (rest === 12) words.push('اثنا عشر');
  else if (rest > 12 && rest < 20) words.push(`${AR_UNITS[rest - 10]!} عشر`);
  else if (rest >= 20) words.push(rest % 10 === 0 ? AR_TENS[rest / 10]! : `${AR_UNITS[rest % 10]!} و${AR_TENS[Math.floor(rest / 10)]!}`);
  return words.join(' و');
}

/** A count (1–999) with its counted word: ثلاثة آلاف, أحد عشر ألفًا, مائة ألف, ألفا (جنيه). */
function arCounted(count: number, noun: ArabicNoun, construct: boolean): string {
  if (count === 1) return noun.one;
  if (count === 2) return construct ? noun.twoConstruct : noun.two;
  const lastTwo = count % 100;
  const words = arBelowThousand(count, true);
  if (lastTwo >= 3 && lastTwo <= 10) return `${words} ${noun.few}`;
  if (lastTwo >= 11) return `${words} ${construct ? noun.single : noun.many}`;
  return `${words} ${noun.single}`;
}

/**
 * The integer `digits` in Arabic words; with `noun`, followed by it in the right form (and then the
 * last scale word, being followed by a noun, is in construct).
 */
function arInteger(digits: string, noun?: ArabicNoun): string {
  const groups = groupsOf(digits);
  const top = groups.length - 1;
  if (groups.every((value) => value === 0)) return noun ? `${AR_UNITS[0]!} ${noun.single}` : AR_UNITS[0]!;
  const lastTwo = groups[0]! % 100;
  const isOneOrTwo = groups.slice(1).every((value) => value === 0) && (groups[0] === 1 || groups[0] === 2);
  if (noun && isOneOrTwo) return groups[0] === 1 ? noun.one : noun.two;
  const words: string[] = [];
  for (let scale = top; scale >= 1; scale -= 1) {
    const count = groups[scale]!;
    if (count === 0) continue;
    const followedByNoun = noun !== undefined && groups.slice(0, scale).every((value) => value === 0);
    words.push(arCounted(count, AR_SCALES[scale]!, followedByNoun));
  }
  if (groups[0]! > 0) words.push(arBelowThousand(groups[0]!, noun !== undefined));
  const number = words.join(' و');
  if (!noun) return number;
  if (groups[0] === 0) return `${number} ${noun.single}`;
  if (lastTwo >= 3 && lastTwo <= 10) return `${number} ${noun.few}`;
  if (lastTwo >= 11) return `${number} ${noun.many}`;
  return `${number} ${noun.single}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Splits a money value into whole-unit digits and piastres, checking range and precision. */
function amountParts(amount: MoneyValue): { whole: string; piastres: number } {
  const value = decimal(amount);
  if (value.isNegative() && !value.isZero()) throw new RangeError(`An amount in words must be zero or more: ${String(amount)}`);
  if (value.decimalPlaces() > 2) throw new RangeError(`An amount in words must be a whole number of piastres: ${String(amount)}`);
  if (value.gt(MAX_AMOUNT_IN_WORDS)) throw new RangeError(`An amount in words must be at most ${MAX_AMOUNT_IN_WORDS}: ${String(amount)}`);
  const [whole = '0', fraction = '00'] = value.abs().toFixed(2).split('.');
  return { whole, piastres: Number(fraction) };
}

/**
 * A whole number in words, lower case in English: `integerInWords(2000, 'en')` → 'two thousand',
 * `integerInWords(2000, 'ar')` → 'ألفان' (Arabic standalone forms, masculine). 0 to 999 trillion.
 */
export function integerInWords(value: number | bigint | string, lang: WordsLanguage): string {
  const text = String(value);
  if (!/^\d{1,15}$/.test(text)) throw new RangeError(`Not a whole number from 0 to 999 trillion: ${text}`);
  return lang === 'en' ? enInteger(text) : arInteger(text);
}

/**
 * An amount in words, for contracts and receipts (rules at the top of this file):
 * `amountInWords('146000.50', { lang: 'en' })` → 'One hundred forty-six thousand Egyptian pounds and
 * fifty piastres'; with `lang: 'ar'` → 'مائة وستة وأربعون ألف جنيه مصري وخمسون قرشًا'. The currency
 * defaults to EGP. Amounts from 0 to 999,999,999,999,999.99 in whole piastres; anything else is a
 * RangeError (never silently rounded).
 */
export function amountInWords(amount: MoneyValue, options: { lang: WordsLanguage; currency?: CurrencyCode }): string {
  const { whole, piastres } = amountParts(amount);
  const words = CURRENCY_WORDS[options.currency ?? 'EGP'];
  const noWhole = /^0+$/.test(whole);
  if (options.lang === 'en') {
    const { one, many, subOne, subMany } = words.en;
    const main = `${enInteger(whole)} ${whole === '1' ? one : many}`;
    const sub = `${enInteger(String(piastres))} ${piastres === 1 ? subOne : subMany}`;
    return capitalise(noWhole && piastres > 0 ? sub : piastres > 0 ? `${main} and ${sub}` : main);
  }
  const main = arInteger(whole, words.ar.unit);
  const sub = arInteger(String(piastres), words.ar.sub);
  return noWhole && piastres > 0 ? sub : piastres > 0 ? `${main} و${sub}` : main;
}
