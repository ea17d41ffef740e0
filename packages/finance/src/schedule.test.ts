import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { percentOf } from './money.js';
import { MONTHS_PER_PERIOD, addMonths, generateSchedule, isIsoDate, planProblems, splitEvenly, type PlanTerms } from './schedule.js';
import { piastres, seeded, type Random } from './test/random.js';

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
    expect(planProblems(plan({ downPaymentPct: 70, deliveryPct: 40 }))[0]).toMatchObject({ field: 'downPaymentPct', message: 'The percentages add up to 110%; they must add up to 100%.', code: 'over100', params: { total: '110' } });
    expect(planProblems(plan({ years: 2, downPaymentPct: 100 }))[0]).toMatchObject({ code: 'nothingLeft' });
    expect(planProblems(plan({ years: 0, downPaymentPct: 50 }))[0]).toMatchObject({ code: 'notAll', params: { total: '50' } });
    expect(planProblems(plan({ years: 0, downPaymentPct: 50 }))[0]!.field).toBe('years');
    expect(planProblems(plan({ years: 2, downPaymentPct: 100 }))[0]!.field).toBe('years');
    expect(planProblems(plan({ years: 2.5 }))[0]!.field).toBe('years');
    expect(planProblems(plan())).toEqual([]);
    expect(() => generateSchedule({ price: '100', terms: plan({ downPaymentPct: 120 }), startDate: '2026-01-01' })).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('anchors every installment on the start date, so a schedule on the 31st keeps the 31st where the month has it', () => {
    const schedule = generateSchedule({ price: '1200', terms: plan({ downPaymentPct: 0, years: 1, frequency: 'monthly' }), startDate: '2026-01-31' });
    expect(schedule.lines.map((line) => line.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
  });

  it('knows 29 February in leap years and a start on the 29th', () => {
    const schedule = generateSchedule({ price: '400', terms: plan({ downPaymentPct: 0, years: 4, frequency: 'annual' }), startDate: '2028-02-29' });
    expect(schedule.lines.map((line) => line.dueDate)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('counts months backwards and across years', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(addMonths('2026-01-31', 360)).toBe('2056-01-31');
  });

  it('refuses dates that are not calendar days and months that are not whole', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addMonths('2026-01-31', 1.5)).toThrow(RangeError);
    expect(() => generateSchedule({ price: '100', terms: plan(), startDate: '2026-04-31' })).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it('gives the installments equal amounts rounded down and the remainder to the last one', () => {
    const schedule = generateSchedule({ price: '100', terms: plan({ downPaymentPct: 0, years: 1, frequency: 'quarterly' }), startDate: '2026-01-01' });
    expect(schedule.lines.map((line) => line.amount)).toEqual(['25.00', '25.00', '25.00', '25.00']);
    const odd = generateSchedule({ price: '2000000', terms: plan({ downPaymentPct: 10, years: 1, frequency: 'monthly' }), startDate: '2026-01-01' });
    const installments = odd.lines.filter((line) => line.kind === 'installment').map((line) => line.amount);
    expect(installments.slice(0, -1).every((amount) => amount === '150000.00')).toBe(true);
    expect(installments.at(-1)).toBe('150000.00');
    const thirds = generateSchedule({ price: '1000', terms: plan({ downPaymentPct: 0, years: 3, frequency: 'annual' }), startDate: '2026-01-01' });
    expect(thirds.lines.map((line) => line.amount)).toEqual(['333.33', '333.33', '333.34']);
  });

  it('rounds each fixed part half up and leaves the difference to the installments', () => {
    const schedule = generateSchedule({ price: '1234567.89', terms: plan({ downPaymentPct: 10, deliveryPct: 5, maintenancePct: 8, years: 2, frequency: 'semi_annual', deliveryAfterMonths: 30 }), startDate: '2026-01-01' });
    const byKind = (kind: string) => schedule.lines.filter((line) => line.kind === kind).map((line) => line.amount);
    expect(byKind('down_payment')).toEqual(['123456.79']);
    expect(byKind('delivery')).toEqual(['61728.39']);
    expect(byKind('maintenance')).toEqual(['98765.43']);
    expect(byKind('installment')).toEqual(['237654.32', '237654.32', '237654.32', '237654.32']);
    expect(sum(schedule.lines.map((line) => line.amount))).toBe(123456789);
  });

  it('lets the last fixed part take the remainder when there are no installments', () => {
    const schedule = generateSchedule({ price: '0.01', terms: plan({ downPaymentPct: 50, deliveryPct: 50, years: 0 }), startDate: '2026-01-01' });
    expect(schedule.lines).toEqual([{ seq: 1, kind: 'down_payment', dueDate: '2026-01-01', amount: '0.01', pctOfNet: '100.00' }]);
    const thirds = generateSchedule({ price: '100', terms: plan({ downPaymentPct: '33.33', deliveryPct: '33.33', maintenancePct: '33.34', years: 0 }), startDate: '2026-01-01' });
    expect(thirds.lines.map((line) => line.amount)).toEqual(['33.33', '33.33', '33.34']);
  });

  it('never lets the remainder go negative on a price of a few piastres', () => {
    // 25% of 0.02 rounds up to 0.01 three times, 0.03 in all: maintenance, the latest, gives its piastre back.
    const schedule = generateSchedule({ price: '0.02', terms: plan({ downPaymentPct: 25, deliveryPct: 25, maintenancePct: 25, years: 1, frequency: 'annual' }), startDate: '2026-01-01' });
    expect(schedule.lines.map((line) => `${line.kind} ${line.amount}`)).toEqual(['down_payment 0.01', 'delivery 0.01']);
    expect(sum(schedule.lines.map((line) => line.amount))).toBe(2);
    expect(schedule.lines.every((line) => Number(line.amount) > 0)).toBe(true);
  });

  it('keeps quarterly installments within the plan, whatever the years', () => {
    // The field's bug: 10 months quarterly as 4 rows of 30%. Here the rows come from the rest, so they can never pass it.
    for (const years of [1, 2, 3, 7, 10]) {
      const schedule = generateSchedule({ price: '1000000', terms: plan({ downPaymentPct: 10, years, frequency: 'quarterly' }), startDate: '2026-01-31' });
      const installments = schedule.lines.filter((line) => line.kind === 'installment');
      expect(installments).toHaveLength(years * 4);
      expect(sum(installments.map((line) => line.amount))).toBe(90_000_000);
    }
  });

  it('takes percentages as text from a form, empty meaning zero', () => {
    const schedule = generateSchedule({ price: '1000', terms: plan({ downPaymentPct: '', discountPct: '', deliveryPct: '', maintenancePct: '' }), startDate: '2026-01-01' });
    expect(schedule.total).toBe('1000.00');
    expect(planProblems(plan({ discountPct: 'abc' }))[0]).toMatchObject({ field: 'discountPct' });
  });
});

describe('generateSchedule, property tests over random prices and plans', () => {
  const frequencies = ['monthly', 'quarterly', 'semi_annual', 'annual'] as const;
  const pct = (random: Random, max: number) => {
    const hundredths = random.int(0, max * 100);
    return random.pick([String(hundredths / 100), (hundredths - (hundredths % 100)) / 100]);
  };
  const randomPlan = (random: Random): PlanTerms => {
    const years = random.pick([0, random.int(1, 30), random.int(1, 10)]);
    const down = pct(random, 60);
    const delivery = pct(random, 30);
    const maintenance = pct(random, 10);
    if (years === 0) {
      // The fixed parts must add up to exactly 100: give the rest to one of them.
      const rest = new Decimal(100).minus(down).minus(delivery).minus(maintenance);
      const which = random.int(0, 2);
      return plan({ years, frequency: random.pick(frequencies), deliveryAfterMonths: random.int(0, 360), discountPct: pct(random, 20), downPaymentPct: which === 0 ? rest.plus(down).toString() : down, deliveryPct: which === 1 ? rest.plus(delivery).toString() : delivery, maintenancePct: which === 2 ? rest.plus(maintenance).toString() : maintenance });
    }
    return plan({ years, frequency: random.pick(frequencies), deliveryAfterMonths: random.int(0, 360), discountPct: pct(random, 20), downPaymentPct: down, deliveryPct: delivery, maintenancePct: maintenance });
  };
  const randomDate = (random: Random) => {
    const year = random.int(2024, 2030);
    const month = random.int(1, 12);
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = random.pick([random.int(1, last), last, Math.min(31, last), 29, 30].filter((value) => value <= last));
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };

  it('sums exactly to the net price, with no negative or empty row, dates in order and month ends clamped', { timeout: 60_000 }, () => {
    const seed = 20261124;
    const random = seeded(seed);
    for (let round = 0; round < 2000; round += 1) {
      const price = random.price();
      const terms = randomPlan(random);
      const startDate = randomDate(random);
      if (planProblems(terms).length > 0) continue;
      const context = `seed ${seed} round ${round}: ${price} ${startDate} ${JSON.stringify(terms)}`;
      const schedule = generateSchedule({ price, terms, startDate });
      const amounts = schedule.lines.map((line) => line.amount);

      expect(piastres(amounts), context).toBe(piastres([schedule.netPrice]));
      expect(piastres([schedule.price]), context).toBe(piastres([schedule.netPrice, schedule.discount]));
      expect(schedule.total, context).toBe(schedule.netPrice);
      expect(amounts.every((amount) => /^\d+\.\d{2}$/.test(amount) && amount !== '0.00'), context).toBe(true);
      expect(schedule.lines.map((line) => line.seq), context).toEqual(schedule.lines.map((_line, index) => index + 1));
      expect(schedule.lines.every((line, index) => index === 0 || schedule.lines[index - 1]!.dueDate <= line.dueDate), context).toBe(true);
      expect(schedule.lines.every((line) => isIsoDate(line.dueDate)), context).toBe(true);

      // Installments: on the start's day, or the month's last day when it is shorter.
      const startDay = Number(startDate.slice(8));
      const installments = schedule.lines.filter((line) => line.kind === 'installment');
      const offDay = installments.find((line) => {
        const [year, month, day] = line.dueDate.split('-').map(Number) as [number, number, number];
        return day !== Math.min(startDay, new Date(Date.UTC(year, month, 0)).getUTCDate());
      });
      expect(offDay, context).toBeUndefined();
      const count = (terms.years * 12) / MONTHS_PER_PERIOD[terms.frequency];
      expect(installments.length, context).toBeLessThanOrEqual(count);
      // Equal installments, the last one taking the remainder (never less than the others).
      const values = installments.map((line) => piastres([line.amount]));
      if (installments.length === count && count > 1) {
        expect(new Set(values.slice(0, -1)).size, context).toBe(1);
        expect(values.at(-1)! - values[0]!, context).toBeGreaterThanOrEqual(0n);
        expect(values.at(-1)! - values[0]!, context).toBeLessThan(BigInt(count));
      }
      // The fixed parts are their percentage of the net price, half up (unless a few-piastre price forced them back).
      if (terms.years > 0 && Number(schedule.netPrice) >= 1) {
        for (const [kind, key] of [['down_payment', 'downPaymentPct'], ['delivery', 'deliveryPct'], ['maintenance', 'maintenancePct']] as const) {
          const expected = percentOf(schedule.netPrice, terms[key]);
          const line = schedule.lines.find((item) => item.kind === kind);
          expect(line?.amount ?? '0.00', context).toBe(expected);
        }
      }
    }
  });
});
