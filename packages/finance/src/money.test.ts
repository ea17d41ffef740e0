import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocateOldestFirst,
  compareMoney,
  formatMoney,
  isMoney,
  parseMoney,
  percentOf,
  splitByShares,
  splitEvenly,
  splitLastTakesRest,
  subtractMoney,
  sumMoney,
  toMoney,
} from './money.js';
import { piastres, seeded } from './test/random.js';

describe('reading and writing amounts', () => {
  it('normalises to two places, rounding half up, never through a float', () => {
    expect(toMoney('12')).toBe('12.00');
    expect(toMoney('12.345')).toBe('12.35');
    expect(toMoney('0.005')).toBe('0.01');
    expect(toMoney('-0.001')).toBe('0.00');
    expect(toMoney('99999999999999999.99')).toBe('99999999999999999.99');
    expect(toMoney(0.1)).toBe('0.10');
    expect(() => toMoney('abc')).toThrow(RangeError);
    expect(() => toMoney(Number.NaN)).toThrow(RangeError);
    expect(() => toMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(isMoney('1.50')).toBe(true);
    expect(isMoney('1.505')).toBe(false);
    expect(isMoney('x')).toBe(false);
  });

  it('parses what people type, in Western or Arabic-Indic digits, and refuses what is finer than a piastre', () => {
    expect(parseMoney('1,234.5')).toBe('1234.50');
    expect(parseMoney(' 1 234 567.80 ')).toBe('1234567.80');
    expect(parseMoney('١٬٢٣٤٫٥٠')).toBe('1234.50');
    expect(parseMoney('۱۲۳')).toBe('123.00');
    expect(parseMoney('-12')).toBe('-12.00');
    expect(parseMoney('.5')).toBe('0.50');
    expect(parseMoney('7.')).toBe('7.00');
    expect(parseMoney('-0')).toBe('0.00');
    expect(parseMoney('1.500')).toBe('1.50');
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('12a')).toBeNull();
    expect(parseMoney('1e5')).toBeNull();
    expect(parseMoney('--1')).toBeNull();
  });

  it('formats in English and in Arabic', () => {
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('999.995')).toBe('1,000.00');
    expect(formatMoney('-1234.5', { currency: 'EGP' })).toBe('EGP -1,234.50');
    expect(formatMoney('1234567.8', { lang: 'ar' })).toBe('١٬٢٣٤٬٥٦٧٫٨٠');
    expect(formatMoney('146000.5', { lang: 'ar', currency: 'EGP' })).toBe('١٤٦٬٠٠٠٫٥٠ ج.م.');
    expect(formatMoney('100', { currency: 'USD' })).toBe('USD 100.00');
  });

  it('reads back what it formats', () => {
    const random = seeded(7);
    for (let round = 0; round < 500; round += 1) {
      const amount = random.price(99_999_999_999_999_99n);
      expect(parseMoney(formatMoney(amount)), amount).toBe(amount);
      expect(parseMoney(formatMoney(amount, { lang: 'ar' })), amount).toBe(amount);
    }
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and compares exactly', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(addMoney('146000.50', '0.50', '-1')).toBe('146000.00');
    expect(addMoney()).toBe('0.00');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    expect(subtractMoney('100', '0.01')).toBe('99.99');
    expect(subtractMoney('0.01', '100')).toBe('-99.99');
    expect(subtractMoney('5', '5')).toBe('0.00');
    expect(compareMoney('10.00', '10')).toBe(0);
    expect(compareMoney('9.99', '10')).toBe(-1);
    expect(compareMoney('100000000000000000.01', '100000000000000000.00')).toBe(1);
    expect(percentOf('1000000.01', '12.5')).toBe('125000.00');
    expect(percentOf('1234567.89', 10)).toBe('123456.79');
    expect(percentOf('0.05', 10)).toBe('0.01');
  });
});

describe('allocateOldestFirst', () => {
  it('pays the oldest open amounts first and returns the rest', () => {
    expect(allocateOldestFirst('150', ['100', '30', '40'])).toEqual({ allocations: ['100.00', '30.00', '20.00'], rest: '0.00' });
    expect(allocateOldestFirst('500', ['100', '0', '40'])).toEqual({ allocations: ['100.00', '0.00', '40.00'], rest: '360.00' });
    expect(allocateOldestFirst('0', ['100'])).toEqual({ allocations: ['0.00'], rest: '0.00' });
    expect(allocateOldestFirst('10', [])).toEqual({ allocations: [], rest: '10.00' });
    expect(() => allocateOldestFirst('-1', ['1'])).toThrow(RangeError);
    expect(() => allocateOldestFirst('1', ['-1'])).toThrow(RangeError);
    expect(() => allocateOldestFirst('1.001', ['1'])).toThrow(RangeError);
  });

  it('always accounts for every piastre (property test)', () => {
    const random = seeded(11);
    for (let round = 0; round < 1000; round += 1) {
      const open = Array.from({ length: random.int(0, 12) }, () => (random.int(0, 4) === 0 ? '0.00' : random.price(100_000_000n)));
      const amount = random.price(random.pick([1_000_000n, 10_000_000_000n]));
      const { allocations, rest } = allocateOldestFirst(amount, open);
      const context = `${amount} ${open.join(',')}`;
      expect(piastres([...allocations, rest]), context).toBe(piastres([amount]));
      allocations.forEach((allocation, index) => {
        expect(piastres([allocation]) >= 0n && piastres([allocation]) <= piastres([open[index]!]), context).toBe(true);
        // An item is only reached once everything before it is paid in full.
        if (piastres([allocation]) > 0n) expect(allocations.slice(0, index).every((before, at) => before === open[at]), context).toBe(true);
      });
      if (piastres([rest]) > 0n) expect(allocations, context).toEqual(open);
    }
  });
});

describe('splitting', () => {
  it('splits by shares with the remainder on the last', () => {
    expect(splitByShares('146000.55', [50, 30, 20])).toEqual(['73000.27', '43800.16', '29200.12']);
    expect(splitByShares('100', ['1', '1', '1'])).toEqual(['33.33', '33.33', '33.34']);
    expect(splitByShares('100', [50, 50, 0])).toEqual(['50.00', '50.00', '0.00']);
    expect(splitByShares('0.01', [50, 50, 0])).toEqual(['0.00', '0.01', '0.00']);
    expect(splitByShares('0', [1, 2])).toEqual(['0.00', '0.00']);
    expect(() => splitByShares('100', [0, 0])).toThrow(RangeError);
    expect(() => splitByShares('100', [])).toThrow(RangeError);
    expect(() => splitByShares('100', [60, -10])).toThrow(RangeError);
    expect(() => splitByShares('-100', [1])).toThrow(RangeError);
  });

  it('keeps the total whatever the shares (property test)', () => {
    const random = seeded(13);
    for (let round = 0; round < 1000; round += 1) {
      const shares: number[] = Array.from({ length: random.int(1, 8) }, () => random.pick([random.int(0, 100), random.int(1, 10_000) / 100, 1]));
      if (!shares.some((share) => share > 0)) shares.push(1);
      const amount = random.price();
      const parts = splitByShares(amount, shares);
      const context = `${amount} ${shares.join('/')}`;
      expect(parts, context).toHaveLength(shares.length);
      expect(piastres(parts), context).toBe(piastres([amount]));
      expect(parts.every((part) => /^\d+\.\d{2}$/.test(part)), context).toBe(true);
      shares.forEach((share, index) => {
        if (share === 0) expect(parts[index], context).toBe('0.00');
      });
    }
  });

  it('splits into equal parts, either way round', () => {
    expect(splitLastTakesRest('100.00', 3)).toEqual(['33.33', '33.33', '33.34']);
    expect(splitLastTakesRest('0.05', 7)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.05']);
    expect(splitLastTakesRest('10', 0)).toEqual([]);
    expect(() => splitLastTakesRest('10', 1.5)).toThrow(RangeError);
    expect(splitEvenly('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
  });
});
