import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, formatMoney, formatMonth, formatPercent, formatQuantity, formatScalar, humanize, XLSX_FORMATS } from './display.js';

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
    expect(formatScalar({ kind: 'json' }, ['receipt.issued', 'lead.created'])).toBe('receipt.issued, lead.created');
    expect(formatScalar({ kind: 'json' }, { a: 1 })).toBe('{"a":1}');
  });

  it('writes one date format: 24 Nov 2026, and 24 Nov 2026, 14:30 with the time', () => {
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-04T22:30:00.000Z')).toBe('04 Nov 2026');
    const local = new Date(2026, 10, 24, 14, 30);
    expect(formatDateTime(local.toISOString())).toBe('24 Nov 2026, 14:30');
    expect(formatScalar({ kind: 'date' }, '2026-01-05')).toBe('05 Jan 2026');
  });

  it('writes a span of days and a month as a person reads them, not as ISO weeks', () => {
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('23–29 Nov 2026');
    expect(formatDateRange('2026-11-30', '2026-12-06')).toBe('30 Nov – 06 Dec 2026');
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 03 Jan 2027');
    expect(formatDateRange('2026-11-23', '')).toBe('23 Nov 2026');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2027-01-15')).toBe('Jan 2027');
    expect(formatMonth('soon')).toBe('soon');
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
