import { Decimal } from 'decimal.js';

/**
 * Money as decimal strings with two places ('146000.50'), computed with decimal.js, never with binary
 * floats. Every helper returns a string with exactly two places. Inputs may be strings, Decimals or
 * numbers (a number is read by its shortest decimal form, so 0.1 is 0.1): pass strings where you can.
 *
 * Rounding rules used across the package:
 * - a single amount (a percentage of a price, a discount) rounds half up to the piastre;
 * - when an amount is split into parts (installments, co-buyer shares), every part but the last is
 *   rounded down to the piastre and the last part takes the remainder, so the parts always add up
 *   to the amount exactly and none is negative.
 */
export type MoneyValue = Decimal.Value;

export type CurrencyCode = 'EGP' | 'USD' | 'AED';

export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The value as a Decimal (not rounded); throws a RangeError for text that is not a finite number. */
export function decimal(value: MoneyValue): Decimal {
  let result: Decimal;
  try {
    result = new Money(value);
  } catch {
    throw new RangeError(`Not an amount: ${String(value)}`);
  }
  if (!result.isFinite()) throw new RangeError(`Not an amount: ${String(value)}`);
  return result;
}

/** Rounds half up to the piastre. */
export function roundMoney(value: MoneyValue): Decimal {
  return decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The amount as a decimal string with two places, rounded half up: `toMoney('12.345')` → '12.35'. */
export function toMoney(value: MoneyValue): string {
  return moneyText(roundMoney(value));
}

/** A Decimal already in piastres as text with two places ('0.00', never '-0.00'). */
export function moneyText(value: Decimal): string {
  return value.isZero() ? '0.00' : value.toFixed(2);
}

/** True when the value is a finite number that is a whole number of piastres (no rounding needed). */
export function isMoney(value: MoneyValue): boolean {
  try {
    return decimal(value).decimalPlaces() <= 2;
  } catch {
    return false;
  }
}

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const westernDigit = (digit: string) => {
  const code = digit.codePointAt(0)!;
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
};

/**
 * Reads an amount typed by a person: '1,234.5', ' 1 234.50 ', '١٬٢٣٤٫٥٠' (Arabic-Indic digits and
 * separators), '-12'. Returns the decimal string with two places, or null when the text is not a
 * number or is finer than a piastre ('1.005'). It never rounds.
 */
export function parseMoney(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(EASTERN_DIGITS, westernDigit)
    .replace(/[\s,\u066C\u00A0\u202F']/g, '')
    .replace(/\u066B/g, '.')
    .replace(/^\u2212/, '-');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return null;
  const value = new Money(cleaned);
  if (value.decimalPlaces() > 2) return null;
  return moneyText(value);
}

const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
const toEastern = (text: string) => text.replace(/\d/g, (digit) => String.fromCodePoint(0x0660 + Number(digit)));

const CURRENCY_SIGNS: Readonly<Record<CurrencyCode, { en: string; ar: string }>> = {
  EGP: { en: 'EGP', ar: 'ج.م.' },
  USD: { en: 'USD', ar: 'US$' },
  AED: { en: 'AED', ar: 'د.إ.' },
};

/**
 * The amount for people to read, rounded half up to the piastre: '1,234,567.80' in English,
 * '١٬٢٣٤٬٥٦٧٫٨٠' in Arabic (Arabic-Indic digits and separators, as ar-EG prints them). With a
 * currency: 'EGP 1,234,567.80' and '١٬٢٣٤٬٥٦٧٫٨٠ ج.م.'.
 */
export function formatMoney(value: MoneyValue, options: { lang?: 'en' | 'ar'; currency?: CurrencyCode } = {}): string {
  const lang = options.lang ?? 'en';
  const amount = roundMoney(value);
  const [whole = '0', fraction = '00'] = amount.abs().toFixed(2).split('.');
  const sign = amount.isNegative() && !amount.isZero() ? '-' : '';
  if (lang === 'en') {
    const text = `${sign}${group(whole, ',')}.${fraction}`;
    return options.currency ? `${CURRENCY_SIGNS[options.currency].en} ${text}` : text;
  }
  const text = `${sign}${toEastern(group(whole, '\u066C'))}\u066B${toEastern(fraction)}`;
  return options.currency ? `${text} ${CURRENCY_SIGNS[options.currency].ar}` : text;
}

/** The exact sum, to two places. */
export function addMoney(...values: MoneyValue[]): string {
  return sumMoney(values);
}

/** The exact sum of a list, to two places ('0.00' for none). */
export function sumMoney(values: readonly MoneyValue[]): string {
  return toMoney(values.reduce<Decimal>((total, value) => total.plus(decimal(value)), new Money(0)));
}

/** `a - b`, to two places. */
export function subtractMoney(a: MoneyValue, b: MoneyValue): string {
  return toMoney(decimal(a).minus(decimal(b)));
}

/** -1, 0 or 1 as `a` is less than, equal to or more than `b` (compares the exact values). */
export function compareMoney(a: MoneyValue, b: MoneyValue): -1 | 0 | 1 {
  return decimal(a).comparedTo(decimal(b)) as -1 | 0 | 1;
}

/** `pct` percent of `amount`, rounded half up to the piastre: `percentOf('1000000.01', '12.5')` → '125000.00'. */
export function percentOf(amount: MoneyValue, pct: MoneyValue): string {
  return toMoney(decimal(amount).times(decimal(pct)).dividedBy(100));
}

const requireNonNegative = (value: MoneyValue, what: string): Decimal => {
  const result = decimal(value);
  if (result.isNegative() && !result.isZero()) throw new RangeError(`${what} must be zero or more: ${String(value)}`);
  if (result.decimalPlaces() > 2) throw new RangeError(`${what} must be a whole number of piastres: ${String(value)}`);
  return result;
};

/**
 * Spends `amount` on `openAmounts` in the order given (pass them oldest first): each item gets what
 * is still open on it until the amount runs out. Returns one allocation per item (two places, '0.00'
 * for the items the money did not reach) and what is left over. Allocations plus rest equal the
 * amount exactly. Amounts and open amounts must be zero or more and whole piastres.
 */
export function allocateOldestFirst(amount: MoneyValue, openAmounts: readonly MoneyValue[]): { allocations: string[]; rest: string } {
  let rest = requireNonNegative(amount, 'The amount');
  const allocations = openAmounts.map((open) => {
    const take = Decimal.min(rest, requireNonNegative(open, 'An open amount'));
    rest = rest.minus(take);
    return moneyText(take);
  });
  return { allocations, rest: moneyText(rest) };
}

/**
 * Splits `amount` by `shares` (weights or percentages: [50, 30, 20], ['1', '1', '1']; they need not
 * add up to 100). Each part but the last with a share is the exact share rounded down to the
 * piastre; the last part with a share takes the remainder. Parts of a zero share are '0.00'.
 * The parts add up to the amount exactly.
 */
export function splitByShares(amount: MoneyValue, shares: readonly MoneyValue[]): string[] {
  const total = requireNonNegative(amount, 'The amount');
  const weights = shares.map((share) => {
    const weight = decimal(share);
    if (weight.isNegative() && !weight.isZero()) throw new RangeError(`A share must be zero or more: ${String(share)}`);
    return weight;
  });
  const weightTotal = weights.reduce((sum, weight) => sum.plus(weight), new Money(0));
  if (weightTotal.isZero()) throw new RangeError('At least one share must be more than zero');
  let last = -1;
  weights.forEach((weight, index) => {
    if (weight.gt(0)) last = index;
  });
  const parts = weights.map((weight, index) => (index === last ? new Money(0) : total.times(weight).dividedBy(weightTotal).toDecimalPlaces(2, Decimal.ROUND_DOWN)));
  const given = parts.reduce((sum, part) => sum.plus(part), new Money(0));
  parts[last] = total.minus(given);
  return parts.map(moneyText);
}

/**
 * Splits `total` into `count` equal parts rounded down to the piastre; the last part takes the
 * remainder (so it is never smaller than the others): `splitLastTakesRest('100.00', 3)` →
 * ['33.33', '33.33', '33.34'].
 */
export function splitLastTakesRest(total: MoneyValue, count: number): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a count: ${count}`);
  if (count === 0) return [];
  const amount = requireNonNegative(total, 'The amount');
  const part = moneyText(amount.dividedBy(count).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  const last = moneyText(amount.minus(new Money(part).times(count - 1)));
  return [...Array.from({ length: count - 1 }, () => part), last];
}

/**
 * Splits `total` into `count` parts that differ by at most one piastre and add up to it exactly;
 * the first parts take the extra piastres: `splitEvenly('100.00', 3)` → ['33.34', '33.33', '33.33'].
 */
export function splitEvenly(total: MoneyValue, count: number): string[] {
  if (count <= 0) return [];
  const totalCents = roundMoney(total).times(100);
  const base = totalCents.dividedToIntegerBy(count);
  const remainder = totalCents.minus(base.times(count)).toNumber();
  return Array.from({ length: count }, (_unused, index) => moneyText(base.plus(index < remainder ? 1 : 0).dividedBy(100)));
}
