import { compareMoney, decimal, percentOf, subtractMoney, toMoney } from '@propdesk/finance';

export type DiscountKind = 'percent' | 'amount';

/** A reservation's prices: exact decimal strings (money to the piastre, the percentage to four places). */
export type ReservationPricing = {
  listPrice: string;
  discountAmount: string;
  discountPct: string;
  netPrice: string;
};

/**
 * The net price of a unit at a list price less a discount given as a percentage or an amount:
 * exact (decimal.js through @propdesk/finance), never below zero. Answers the problem's words for a
 * discount that cannot apply (more than the price, more than 100%, negative).
 */
export function priceReservation(listPrice: string, kind: DiscountKind, value: string | number | null | undefined): ReservationPricing | { problem: string } {
  const list = toMoney(listPrice);
  const given = value === null || value === undefined || value === '' ? '0' : String(value);
  let raw;
  try {
    raw = decimal(given);
  } catch {
    return { problem: 'The discount is not a number' };
  }
  if (raw.isNegative() && !raw.isZero()) return { problem: 'A discount is zero or more' };
  let amount: string;
  if (kind === 'percent') {
    if (raw.gt(100)) return { problem: 'A discount is at most 100%' };
    amount = percentOf(list, raw);
  } else {
    amount = toMoney(raw);
    if (compareMoney(amount, list) > 0) return { problem: `The discount ${amount} is more than the list price ${list}` };
  }
  const pct = decimal(list).isZero() ? '0.0000' : kind === 'percent' ? raw.toFixed(4) : decimal(amount).times(100).dividedBy(list).toFixed(4);
  return { listPrice: list, discountAmount: amount, discountPct: pct, netPrice: subtractMoney(list, amount) };
}

/** Whether a discount of `pct` percent needs approval for someone allowed `authorityPct` (null: no limit). */
export function needsDiscountApproval(pct: string, authorityPct: string | null): boolean {
  return authorityPct !== null && compareMoney(pct, authorityPct) > 0;
}
