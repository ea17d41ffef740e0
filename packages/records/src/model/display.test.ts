import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent, formatQuantity, formatScalar, humanize, XLSX_FORMATS } from './display.js';

describe('numbers and dates a person reads', () => {
  it('writes quantities without trailing zeros, amounts with separators and currency, percentages with %', () => {
    expect(formatQuantity('2.0000')).toBe('2');
    expect(formatQuantity('1250.5000')).toBe('1,250.5');
    expect(formatMoney('146000')).toBe('146,000.00 EGP');
    expect(formatMoney(89000.5)).toBe('89,000.50 EGP');
    expect(formatPercent('2.5000')).toBe('2.5%');
    expect(formatScalar({ kind: 'integer' }, 12500)).toBe('12,500');
    expect(formatScalar({ kind: 'money' }, null)).toBe('');
    expect(formatScalar({ kind: 'boolean' }, true)).toBe('Yes');
    expect(formatScalar({ kind: 'enum' }, 'down_payment_collected')).toBe('Down payment collected');
  });

  it('writes one date format: 24 Nov 2026, and 24 Nov 2026, 14:30 with the time', () => {
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-04T22:30:00.000Z')).toBe('04 Nov 2026');
    const local = new Date(2026, 10, 24, 14, 30);
    expect(formatDateTime(local.toISOString())).toBe('24 Nov 2026, 14:30');
    expect(formatScalar({ kind: 'date' }, '2026-01-05')).toBe('05 Jan 2026');
  });

  it('gives XLSX the same formats for real numbers and dates', () => {
    expect(XLSX_FORMATS).toMatchObject({ money: '#,##0.00 "EGP"', percent: 'General"%"', date: 'dd mmm yyyy', datetime: 'dd mmm yyyy, hh:mm' });
  });
});

describe('option names a person reads', () => {
  it('spaces the words, capitalises the first, and writes acronyms in capitals', () => {
    expect(humanize('pending_approval')).toBe('Pending approval');
    expect(humanize('eoi')).toBe('EOI');
    expect(humanize('eoi_payment')).toBe('EOI payment');
    expect(humanize('post_dated_pdc')).toBe('Post dated PDC');
    expect(humanize('video')).toBe('Video');
  });
});
