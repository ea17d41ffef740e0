import { Decimal } from 'decimal.js';

/**
 * The installment schedule of a payment plan: one pure function that the payment plan screen
 * previews and contracts generate from. Amounts are exact to the cent and always add up to the
 * net price; dates are calendar dates with month-end clamping (Jan 31 + 1 month = Feb 28/29).
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

export type ScheduleKind = 'down_payment' | 'installment' | 'delivery' | 'maintenance';

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

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const cents = (value: Decimal.Value) => new Money(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const toText = (value: Decimal) => value.toFixed(2);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date` plus `months`, clamped to the end of the month: 2026-01-31 + 1 → 2026-02-28. */
export function addMonths(date: string, months: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1 + months;
  const day = Number(match[3]);
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const result = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return result.toISOString().slice(0, 10);
}

/** Checks the terms as the plan's form does: percentages that add up, counts in range. */
export function planProblems(terms: PlanTerms): { field: keyof PlanTerms; message: string }[] {
  const problems: { field: keyof PlanTerms; message: string }[] = [];
  const pct = (field: 'downPaymentPct' | 'deliveryPct' | 'maintenancePct' | 'discountPct') => {
    const value = new Money(terms[field] === '' ? 0 : terms[field]);
    if (value.isNaN() || value.lt(0) || value.gt(100)) problems.push({ field, message: 'Between 0 and 100' });
    return value;
  };
  const fixed = pct('downPaymentPct').plus(pct('deliveryPct')).plus(pct('maintenancePct'));
  pct('discountPct');
  if (!Number.isInteger(terms.years) || terms.years < 0 || terms.years > 30) problems.push({ field: 'years', message: 'A whole number from 0 to 30' });
  if (!Number.isInteger(terms.deliveryAfterMonths) || terms.deliveryAfterMonths < 0 || terms.deliveryAfterMonths > 360) {
    problems.push({ field: 'deliveryAfterMonths', message: 'A whole number of months from 0 to 360' });
  }
  if (fixed.gt(100)) problems.push({ field: 'downPaymentPct', message: `The percentages add up to ${fixed.toString()}%; they must add up to 100%.` });
  else if (terms.years === 0 && !fixed.eq(100)) problems.push({ field: 'years', message: `With no installment years the percentages must add up to 100% (now ${fixed.toString()}%).` });
  else if (terms.years > 0 && fixed.eq(100)) problems.push({ field: 'years', message: 'Nothing is left for installments: set years to 0 or lower a percentage.' });
  return problems;
}

/**
 * Splits `total` into `count` parts that differ by at most one cent and add up to it exactly; the
 * first parts take the extra cents.
 */
export function splitEvenly(total: Decimal.Value, count: number): string[] {
  if (count <= 0) return [];
  const totalCents = cents(total).times(100);
  const base = totalCents.dividedToIntegerBy(count);
  const remainder = totalCents.minus(base.times(count)).toNumber();
  return Array.from({ length: count }, (_unused, index) => toText(base.plus(index < remainder ? 1 : 0).dividedBy(100)));
}

type Part = { kind: ScheduleKind; dueDate: string; amount: Decimal; order: number };

const KIND_ORDER: Readonly<Record<ScheduleKind, number>> = { down_payment: 0, installment: 1, delivery: 2, maintenance: 3 };

/**
 * The schedule of a price under a plan, starting on `startDate` (the contract or reservation date):
 * the discount first; the down payment on the start date; installments every period from one period
 * after it; the delivery payment and then maintenance `deliveryAfterMonths` after it. Zero parts are
 * left out. The lines add up to the net price exactly.
 */
export function generateSchedule(input: { price: Decimal.Value; terms: PlanTerms; startDate: string }): Schedule {
  const problems = planProblems(input.terms);
  if (problems.length > 0) throw new RangeError(problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '));
  if (!DATE.test(input.startDate)) throw new RangeError(`Not a date: ${input.startDate}`);
  const price = cents(input.price);
  if (price.isNaN() || price.lt(0)) throw new RangeError('The price must be zero or more');
  const discount = cents(price.times(new Money(input.terms.discountPct)).dividedBy(100));
  const net = price.minus(discount);
  const share = (pct: Decimal.Value) => cents(net.times(new Money(pct)).dividedBy(100));

  const down = share(input.terms.downPaymentPct);
  const delivery = share(input.terms.deliveryPct);
  const maintenance = share(input.terms.maintenancePct);
  // Installments take what is left, so rounding never breaks the total.
  const installmentsTotal = net.minus(down).minus(delivery).minus(maintenance);
  const periodMonths = MONTHS_PER_PERIOD[input.terms.frequency];
  const count = input.terms.years > 0 ? (input.terms.years * 12) / periodMonths : 0;

  const parts: Part[] = [];
  if (down.gt(0)) parts.push({ kind: 'down_payment', dueDate: input.startDate, amount: down, order: 0 });
  if (count > 0 && installmentsTotal.gt(0)) {
    splitEvenly(installmentsTotal, count).forEach((amount, index) => {
      parts.push({ kind: 'installment', dueDate: addMonths(input.startDate, periodMonths * (index + 1)), amount: new Money(amount), order: index });
    });
  }
  const deliveryDate = addMonths(input.startDate, input.terms.deliveryAfterMonths);
  if (delivery.gt(0)) parts.push({ kind: 'delivery', dueDate: deliveryDate, amount: delivery, order: 0 });
  if (maintenance.gt(0)) parts.push({ kind: 'maintenance', dueDate: deliveryDate, amount: maintenance, order: 0 });

  parts.sort((a, b) => (a.dueDate === b.dueDate ? KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.order - b.order : a.dueDate < b.dueDate ? -1 : 1));
  const total = parts.reduce((sum, part) => sum.plus(part.amount), new Money(0));
  return {
    price: toText(price),
    discount: toText(discount),
    netPrice: toText(net),
    lines: parts.map((part, index) => ({
      seq: index + 1,
      kind: part.kind,
      dueDate: part.dueDate,
      amount: toText(part.amount),
      pctOfNet: net.isZero() ? '0.00' : part.amount.dividedBy(net).times(100).toFixed(2),
    })),
    total: toText(total),
  };
}
