import { describe, expect, it } from 'vitest';
import { addMonths, generateSchedule, planProblems, splitEvenly, type PlanTerms } from './schedule.js';

const plan = (overrides: Partial<PlanTerms> = {}): PlanTerms => ({
  downPaymentPct: 10,
  years: 1,
  frequency: 'quarterly',
  deliveryPct: 0,
  deliveryAfterMonths: 0,
  maintenancePct: 0,
  discountPct: 0,
  ...overrides,
});

const sum = (amounts: string[]) => amounts.reduce((total, amount) => total + Math.round(Number(amount) * 100), 0);

describe('addMonths', () => {
  it('clamps to the end of the month and knows leap years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 6)).toBe('2026-09-30');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-05-10', 0)).toBe('2026-05-10');
  });
});

describe('splitEvenly', () => {
  it('spreads the odd cents over the first parts and keeps the total', () => {
    expect(splitEvenly('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
    expect(splitEvenly('0.05', 7)).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01', '0.00', '0.00']);
    expect(sum(splitEvenly('1000000.01', 28))).toBe(100_000_001);
  });
});

describe('generateSchedule', () => {
  it('makes the count of installments for every frequency, one period apart from the start', () => {
    const counts = { monthly: 36, quarterly: 12, semi_annual: 6, annual: 3 } as const;
    for (const frequency of ['monthly', 'quarterly', 'semi_annual', 'annual'] as const) {
      const schedule = generateSchedule({ price: '1200000', terms: plan({ years: 3, frequency }), startDate: '2026-01-15' });
      const installments = schedule.lines.filter((line) => line.kind === 'installment');
      expect(installments).toHaveLength(counts[frequency]);
      const step = { monthly: 1, quarterly: 3, semi_annual: 6, annual: 12 }[frequency];
      expect(installments[0]!.dueDate).toBe(addMonths('2026-01-15', step));
      expect(installments.at(-1)!.dueDate).toBe(addMonths('2026-01-15', 36));
    }
  });

  it('rounds to the cent and always totals the net price exactly', () => {
    const schedule = generateSchedule({ price: '1000000.01', terms: plan({ years: 7, downPaymentPct: '12.5', maintenancePct: '8', deliveryPct: '7.25', deliveryAfterMonths: 48 }), startDate: '2026-03-31' });
    expect(schedule.total).toBe('1000000.01');
    expect(sum(schedule.lines.map((line) => line.amount))).toBe(100_000_001);
    expect(schedule.lines.every((line) => /^\d+\.\d{2}$/.test(line.amount))).toBe(true);
    expect(schedule.lines[0]).toMatchObject({ kind: 'down_payment', dueDate: '2026-03-31', amount: '125000.00' });
  });

  it('applies the discount first', () => {
    const schedule = generateSchedule({ price: '2000000', terms: plan({ discountPct: 15, downPaymentPct: 100, years: 0 }), startDate: '2026-01-01' });
    expect(schedule).toMatchObject({ price: '2000000.00', discount: '300000.00', netPrice: '1700000.00', total: '1700000.00' });
    expect(schedule.lines).toEqual([{ seq: 1, kind: 'down_payment', dueDate: '2026-01-01', amount: '1700000.00', pctOfNet: '100.00' }]);
  });

  it('places the delivery payment among the installments by date, and maintenance right after it', () => {
    const schedule = generateSchedule({ price: '1000000', terms: plan({ years: 2, frequency: 'semi_annual', deliveryPct: 10, maintenancePct: 5, deliveryAfterMonths: 12 }), startDate: '2026-01-01' });
    expect(schedule.lines.map((line) => `${line.dueDate} ${line.kind}`)).toEqual([
      '2026-01-01 down_payment',
      '2026-07-01 installment',
      '2027-01-01 installment',
      '2027-01-01 delivery',
      '2027-01-01 maintenance',
      '2027-07-01 installment',
      '2028-01-01 installment',
    ]);
    expect(schedule.lines.find((line) => line.kind === 'maintenance')!.amount).toBe('50000.00');
    expect(schedule.lines.map((line) => line.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves out parts of zero', () => {
    const schedule = generateSchedule({ price: '500000', terms: plan({ downPaymentPct: 0, years: 1, frequency: 'annual' }), startDate: '2026-06-30' });
    expect(schedule.lines).toEqual([{ seq: 1, kind: 'installment', dueDate: '2027-06-30', amount: '500000.00', pctOfNet: '100.00' }]);
  });

  it('totals the net price for many plans and prices (a fixed sequence, not random)', () => {
    let seed = 20261122;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const frequencies = ['monthly', 'quarterly', 'semi_annual', 'annual'] as const;
    for (let round = 0; round < 300; round += 1) {
      const down = Math.floor(next() * 40);
      const delivery = Math.floor(next() * 20);
      const maintenance = Math.floor(next() * 10);
      const terms = plan({ downPaymentPct: down, deliveryPct: delivery, maintenancePct: maintenance, years: 1 + Math.floor(next() * 10), frequency: frequencies[round % 4]!, deliveryAfterMonths: Math.floor(next() * 60), discountPct: (Math.floor(next() * 1000) / 100).toFixed(2) });
      const price = (Math.floor(next() * 5e9) / 100).toFixed(2);
      const schedule = generateSchedule({ price, terms, startDate: '2026-01-31' });
      expect(sum(schedule.lines.map((line) => line.amount)), `${price} ${JSON.stringify(terms)}`).toBe(Math.round(Number(schedule.netPrice) * 100));
      expect(schedule.total).toBe(schedule.netPrice);
    }
  });

  it('refuses terms that do not add up', () => {
    expect(planProblems(plan({ downPaymentPct: 70, deliveryPct: 40 }))[0]).toMatchObject({ field: 'downPaymentPct', message: 'The percentages add up to 110%; they must add up to 100%.' });
    expect(planProblems(plan({ years: 0, downPaymentPct: 50 }))[0]!.field).toBe('years');
    expect(planProblems(plan({ years: 2, downPaymentPct: 100 }))[0]!.field).toBe('years');
    expect(planProblems(plan({ years: 2.5 }))[0]!.field).toBe('years');
    expect(planProblems(plan())).toEqual([]);
    expect(() => generateSchedule({ price: '100', terms: plan({ downPaymentPct: 120 }), startDate: '2026-01-01' })).toThrow(RangeError);
  });
});
