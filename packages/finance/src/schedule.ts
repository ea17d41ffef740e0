import { Decimal } from 'decimal.js';
import { Money, moneyText, roundMoney, splitEvenly, splitLastTakesRest } from './money.js';

export { splitEvenly };

/**
 * The installment schedule of a payment plan: one pure function that the payment plan screen
 * previews and contracts generate from. Amounts are exact to the piastre and always add up to the
 * net price; dates are ISO calendar dates with month-end clamping (Jan 31 + 1 month = Feb 28/29).
 * The rules are on `generateSchedule`.
 */
export type Frequency = 'monthly' | 'quarterly' | 'semi_annual' | 'annual';

export const MONTHS_PER_PERIOD: Readonly<Record<Frequency, number>> = { monthly: 1, quarterly: 3, semi_annual: 6, annual: 12 };

export type PlanTerms = {
  downPaymentPct: string | number;
  years: number;
  frequency: Frequency;
  deliveryPct: string | number;
  deliveryAfterMonths: number;
  maintenancePct: string | number;
  discountPct: string | number;
};

/**
 * The kind of a row. The generator makes the first four; `fee` is for rows a contract's ledger adds
 * later (a bounced cheque's charge, a transfer fee).
 */
export type ScheduleKind = 'down_payment' | 'installment' | 'delivery' | 'maintenance' | 'fee';

export type ScheduleLine = {
  seq: number;
  kind: ScheduleKind;
  /** YYYY-MM-DD */
  dueDate: string;
  /** Decimal string with two places. */
  amount: string;
  /** Share of the net price, in percent, to two places (display only). */
  pctOfNet: string;
};

export type Schedule = {
  price: string;
  discount: string;
  netPrice: string;
  lines: ScheduleLine[];
  total: string;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in `month` (1–12) of `year`. */
const daysInMonth = (year: number, month: number) => (month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** True for a real calendar day written YYYY-MM-DD ('2026-02-29' is not one). */
export function isIsoDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/**
 * `date` plus a whole number of `months` (may be negative), clamped to the end of the month:
 * 2026-01-31 + 1 → 2026-02-28, 2028-01-31 + 1 → 2028-02-29. To keep a schedule on its day, always
 * add to the anchor date (start + n months), never to the previous row.
 */
export function addMonths(date: string, months: number): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`);
  const monthIndex = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  if (year < 1 || year > 9999) throw new RangeError(`Out of range: ${date} + ${months} months`);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What is wrong with a plan's terms, by code (a screen's words for it), with its English message. */
export type PlanProblemCode = 'percent' | 'years' | 'months' | 'over100' | 'notAll' | 'nothingLeft';
export type PlanProblem = { field: keyof PlanTerms; message: string; code: PlanProblemCode; params?: { total: string } };

/** Checks the terms as the plan's form does: percentages that add up, counts in range. */
export function planProblems(terms: PlanTerms): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const pct = (field: 'downPaymentPct' | 'deliveryPct' | 'maintenancePct' | 'discountPct') => {
    let value: Decimal;
    try {
      value = new Money(terms[field] === '' ? 0 : terms[field]);
    } catch {
      value = new Money(NaN);
    }
    if (value.isNaN() || value.lt(0) || value.gt(100)) problems.push({ field, message: 'Between 0 and 100', code: 'percent' });
    return value;
  };
  const fixed = pct('downPaymentPct').plus(pct('deliveryPct')).plus(pct('maintenancePct'));
  pct('discountPct');
  if (!Number.isInteger(terms.years) || terms.years < 0 || terms.years > 30) problems.push({ field: 'years', message: 'A whole number from 0 to 30', code: 'years' });
  if (!Number.isInteger(terms.deliveryAfterMonths) || terms.deliveryAfterMonths < 0 || terms.deliveryAfterMonths > 360) {
    problems.push({ field: 'deliveryAfterMonths', message: 'A whole number of months from 0 to 360', code: 'months' });
  }
  if (fixed.gt(100)) problems.push({ field: 'downPaymentPct', message: `The percentages add up to ${fixed.toString()}%; they must add up to 100%.`, code: 'over100', params: { total: fixed.toString() } });
  else if (terms.years === 0 && !fixed.eq(100)) problems.push({ field: 'years', message: `With no installment years the percentages must add up to 100% (now ${fixed.toString()}%).`, code: 'notAll', params: { total: fixed.toString() } });
  else if (terms.years > 0 && fixed.eq(100)) problems.push({ field: 'years', message: 'Nothing is left for installments: set years to 0 or lower a percentage.', code: 'nothingLeft' });
  return problems;
}

type Part = { kind: ScheduleKind; dueDate: string; amount: Decimal; order: number };

const KIND_ORDER: Readonly<Record<ScheduleKind, number>> = { down_payment: 0, installment: 1, delivery: 2, maintenance: 3, fee: 4 };

type Group = { kind: Exclude<ScheduleKind, 'fee'>; pct: Decimal; amount: Decimal };

/**
 * The schedule of a price under a plan, starting on `startDate` (the contract or reservation date):
 * - the price is read half up to the piastre; the discount first (`discountPct` of the price, half up
 *   to the piastre); the rest is the net price;
 * - the down payment on the start date; installments every period from one period after it, for
 *   `years`; the delivery payment and then maintenance `deliveryAfterMonths` after the start;
 * - maintenance is a share of the net price like the others (the plan's percentages — down payment,
 *   delivery, maintenance and the installments taking the rest — add up to 100%), so every row of the
 *   schedule, maintenance included, adds up to the net price exactly;
 * - the down payment, delivery and maintenance are each their percentage of the net price rounded half
 *   up to the piastre; the installments as a group take what is left (with no installments, the last
 *   of those parts does); the installments are equal, rounded down to the piastre, and the last one
 *   takes the remainder. If half-up rounding of the fixed parts would leave the last group negative
 *   (a net price of a few piastres), the fixed parts give piastres back, latest first;
 * - due dates are anchored on the start date (installment n is start + n periods, never the previous
 *   row + one period) and clamped to the month's end: a start on the 31st gives the 28th/29th of
 *   February, the 30th of April and the 31st again in May;
 * - parts of zero are left out; rows are in date order (kind, then number, within a day).
 */
export function generateSchedule(input: { price: Decimal.Value; terms: PlanTerms; startDate: string }): Schedule {
  const problems = planProblems(input.terms);
  if (problems.length > 0) throw new RangeError(problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '));
  if (!isIsoDate(input.startDate)) throw new RangeError(`Not a date: ${input.startDate}`);
  const price = roundMoney(input.price);
  if (price.isNegative() && !price.isZero()) throw new RangeError('The price must be zero or more');
  const pct = (value: string | number) => new Money(value === '' ? 0 : value);
  const discount = roundMoney(price.times(pct(input.terms.discountPct)).dividedBy(100));
  const net = price.minus(discount);
  const periodMonths = MONTHS_PER_PERIOD[input.terms.frequency];
  const count = input.terms.years > 0 ? (input.terms.years * 12) / periodMonths : 0;

  const groups: Group[] = [
    { kind: 'down_payment', pct: pct(input.terms.downPaymentPct), amount: new Money(0) },
    { kind: 'delivery', pct: pct(input.terms.deliveryPct), amount: new Money(0) },
    { kind: 'maintenance', pct: pct(input.terms.maintenancePct), amount: new Money(0) },
  ];
  if (count > 0) {
    const fixedPct = groups.reduce((sum, group) => sum.plus(group.pct), new Money(0));
    groups.push({ kind: 'installment', pct: new Money(100).minus(fixedPct), amount: new Money(0) });
  }
  // The last group with a share takes the remainder; planProblems guarantees there is one.
  const last = groups.reduce((found, group, index) => (group.pct.gt(0) ? index : found), -1);
  let given = new Money(0);
  groups.forEach((group, index) => {
    if (index === last || group.pct.isZero()) return;
    group.amount = roundMoney(net.times(group.pct).dividedBy(100));
    given = given.plus(group.amount);
  });
  let deficit = given.minus(net);
  for (let index = last - 1; index >= 0 && deficit.gt(0); index -= 1) {
    const group = groups[index]!;
    const back = Decimal.min(group.amount, deficit);
    group.amount = group.amount.minus(back);
    deficit = deficit.minus(back);
  }
  if (last >= 0) groups[last]!.amount = net.minus(groups.reduce((sum, group, index) => (index === last ? sum : sum.plus(group.amount)), new Money(0)));

  const parts: Part[] = [];
  const deliveryDate = addMonths(input.startDate, input.terms.deliveryAfterMonths);
  for (const group of groups) {
    if (group.kind === 'installment') {
      const amounts = new Map<string, Decimal>();
      splitLastTakesRest(group.amount, count).forEach((amount, index) => {
        const value = amounts.get(amount) ?? new Money(amount);
        amounts.set(amount, value);
        parts.push({ kind: 'installment', dueDate: addMonths(input.startDate, periodMonths * (index + 1)), amount: value, order: index });
      });
    } else {
      parts.push({ kind: group.kind, dueDate: group.kind === 'down_payment' ? input.startDate : deliveryDate, amount: group.amount, order: 0 });
    }
  }
  const lines = parts.filter((part) => part.amount.gt(0));
  lines.sort((a, b) => (a.dueDate === b.dueDate ? KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.order - b.order : a.dueDate < b.dueDate ? -1 : 1));
  const total = lines.reduce((sum, part) => sum.plus(part.amount), new Money(0));
  // Installments mostly share one amount: work each share out once.
  const shares = new Map<string, string>();
  const pctOfNet = (amount: string) => {
    let share = shares.get(amount);
    if (share === undefined) {
      share = net.isZero() ? '0.00' : new Money(amount).dividedBy(net).times(100).toFixed(2);
      shares.set(amount, share);
    }
    return share;
  };
  return {
    price: moneyText(price),
    discount: moneyText(discount),
    netPrice: moneyText(net),
    lines: lines.map((part, index) => {
      const amount = moneyText(part.amount);
      return { seq: index + 1, kind: part.kind, dueDate: part.dueDate, amount, pctOfNet: pctOfNet(amount) };
    }),
    total: moneyText(total),
  };
}
