import { Decimal } from 'decimal.js';

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type PricedLine = { quantity: string | number; unitPrice: string | number; taxPct?: string | number | null };
export type LineAmounts = { net: string; tax: string; total: string };
export type DocumentTotals = { subtotal: string; taxTotal: string; total: string; lines: LineAmounts[] };

const toMoney = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const parse = (value: string | number | null | undefined) => new Money(value === null || value === undefined || value === '' ? 0 : value);

/**
 * A document's amounts in exact decimals: each line's net (quantity × unit price) and tax are
 * rounded to the cent, and the totals are the sums of the rounded line amounts, so the printed
 * lines always add up to the printed totals.
 */
export function documentTotals(lines: readonly PricedLine[]): DocumentTotals {
  let subtotal = new Money(0);
  let taxTotal = new Money(0);
  const amounts = lines.map((line) => {
    const net = toMoney(parse(line.quantity).times(parse(line.unitPrice)));
    const tax = toMoney(net.times(parse(line.taxPct)).dividedBy(100));
    subtotal = subtotal.plus(net);
    taxTotal = taxTotal.plus(tax);
    return { net: net.toFixed(2), tax: tax.toFixed(2), total: net.plus(tax).toFixed(2) };
  });
  return { subtotal: subtotal.toFixed(2), taxTotal: taxTotal.toFixed(2), total: subtotal.plus(taxTotal).toFixed(2), lines: amounts };
}

/** a + b, a − b and comparisons of decimal quantities, exact. */
export const qty = {
  add: (a: string | number, b: string | number) => parse(a).plus(parse(b)).toString(),
  sub: (a: string | number, b: string | number) => parse(a).minus(parse(b)).toString(),
  cmp: (a: string | number, b: string | number) => parse(a).comparedTo(parse(b)),
  isPositive: (a: string | number) => parse(a).greaterThan(0),
};

/** Formats a money string for display with thousands separators: 1234567.5 → 1,234,567.50. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const fixed = parse(value).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
