import { addMoney, compareMoney, decimal, percentOf, subtractMoney, toMoney } from '@propdesk/finance';

export type DiscountKind = 'percent' | 'amount';

/**
 * A reservation's prices: exact decimal strings (money to the piastre, the percentages to four
 * places). `discountAmount` and `discountPct` are the whole discount: the payment plan's own
 * (`planDiscountAmount`, `planDiscountPct`: the company's price for paying that way) and the one
 * given on top (by hand or by an offer).
 */
export type ReservationPricing = {
  listPrice: string;
  discountAmount: string;
  discountPct: string;
  planDiscountAmount: string;
  planDiscountPct: string;
  netPrice: string;
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Why a discount cannot apply: `problem` in English (the web shows it as it is), and its key and
 * values for the server, which answers it in the caller's language (the sales catalog's key).
 */
export type PricingProblem = {
  problem: string;
  key: 'discountNotNumber' | 'discountNegative' | 'discountOver100' | 'discountOverPlanPct' | 'discountOverList' | 'discountAndPlanOverList';
  params?: Readonly<Record<string, string>>;
};

/**
 * The net price of a unit at a list price less the payment plan's discount (`planPct` percent of the
 * list price) and a discount given as a percentage or an amount of the list price: exact
 * (decimal.js through @propdesk/finance), never below zero. Answers the problem's words for a
 * discount that cannot apply (more than the price, more than 100%, negative).
 */
export function priceReservation(listPrice: string, kind: DiscountKind, value: string | number | null | undefined, planPct: string | number | null = null): ReservationPricing | PricingProblem {
  const list = toMoney(listPrice);
  const given = isEmpty(value) ? '0' : String(value);
  let raw;
  try {
    raw = decimal(given);
  } catch {
    return { problem: 'The discount is not a number', key: 'discountNotNumber' };
  }
  if (raw.isNegative() && !raw.isZero()) return { problem: 'A discount is zero or more', key: 'discountNegative' };
  const plan = decimal(isEmpty(planPct) ? '0' : String(planPct));
  const planAmount = percentOf(list, plan);
  let amount: string;
  if (kind === 'percent') {
    if (raw.plus(plan).gt(100)) {
      if (plan.isZero()) return { problem: 'A discount is at most 100%', key: 'discountOver100' };
      const max = decimal(100).minus(plan).toString();
      return { problem: `A discount is at most ${max}% besides the plan’s ${plan.toString()}%`, key: 'discountOverPlanPct', params: { max, plan: plan.toString() } };
    }
    amount = percentOf(list, raw);
  } else {
    amount = toMoney(raw);
    if (compareMoney(addMoney(amount, planAmount), list) > 0) {
      if (plan.isZero()) return { problem: `The discount ${amount} is more than the list price ${list}`, key: 'discountOverList', params: { amount, list } };
      return { problem: `The discount ${amount} and the plan’s ${planAmount} are more than the list price ${list}`, key: 'discountAndPlanOverList', params: { amount, planAmount, list } };
    }
  }
  const total = addMoney(amount, planAmount);
  const givenPct = decimal(list).isZero() ? decimal(0) : kind === 'percent' ? raw : decimal(amount).times(100).dividedBy(list);
  const pct = decimal(list).isZero() ? '0.0000' : givenPct.plus(plan).toFixed(4);
  return { listPrice: list, discountAmount: total, discountPct: pct, planDiscountAmount: planAmount, planDiscountPct: plan.toFixed(4), netPrice: subtractMoney(list, total) };
}

/** The part of a reservation's discount given on top of its plan's (what the discount authority judges), in percent. */
export function givenDiscountPct(discountPct: string | null | undefined, planDiscountPct: string | null | undefined): string {
  const given = decimal(isEmpty(discountPct) ? '0' : String(discountPct)).minus(decimal(isEmpty(planDiscountPct) ? '0' : String(planDiscountPct)));
  return (given.isNegative() ? decimal(0) : given).toFixed(4);
}

/** Whether a discount of `pct` percent needs approval for someone allowed `authorityPct` (null: no limit). */
export function needsDiscountApproval(pct: string, authorityPct: string | null): boolean {
  return authorityPct !== null && compareMoney(pct, authorityPct) > 0;
}
