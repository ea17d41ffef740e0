import { createRegistry } from '@propdesk/records/model';
import { describe, expect, it } from 'vitest';
import { PROCUREMENT_RESOURCES, awardSchema, documentTotals, formatMoney, receiptSchema } from './index.js';

describe('documentTotals', () => {
  it('adds the rounded line amounts exactly, with no floating-point drift', () => {
    const totals = documentTotals([
      { quantity: '3', unitPrice: '0.10', taxPct: '14' },
      { quantity: '0.3333', unitPrice: '100.00', taxPct: '14' },
      { quantity: '1', unitPrice: '999999999.99', taxPct: '0' },
    ]);
    expect(totals.lines).toEqual([
      { net: '0.30', tax: '0.04', total: '0.34' },
      { net: '33.33', tax: '4.67', total: '38.00' },
      { net: '999999999.99', tax: '0.00', total: '999999999.99' },
    ]);
    expect(totals).toMatchObject({ subtotal: '1000000033.62', taxTotal: '4.71', total: '1000000038.33' });
  });

  it('is zero for no lines', () => {
    expect(documentTotals([])).toEqual({ subtotal: '0.00', taxTotal: '0.00', total: '0.00', lines: [] });
  });

  it('formats money with separators', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-10')).toBe('-10.00');
    expect(formatMoney(null)).toBe('');
  });
});

describe('procurement definitions', () => {
  it('form a registry with the other domains left out only where they are referenced by name', () => {
    // Referenced resources of other domains (users, projects, roles…) are checked by the app registry.
    const problems = PROCUREMENT_RESOURCES.flatMap((def) => Object.values(def.fields).filter((field) => field.ref && !PROCUREMENT_RESOURCES.some((other) => other.name === field.ref)).map((field) => field.ref));
    expect(new Set(problems)).toEqual(new Set(['users', 'departments', 'projects', 'sites', 'roles']));
    expect(() => createRegistry(PROCUREMENT_RESOURCES)).toThrow(/unknown resource/);
  });

  it('numbers the three documents PR-, QT- and PO-', () => {
    expect(PROCUREMENT_RESOURCES.filter((def) => def.numbering).map((def) => def.numbering!.prefix)).toEqual(['PR', 'QT', 'PO']);
  });
});

describe('award and receipt bodies', () => {
  const id = '6f1c1d2e-8b1a-4c1e-9a7b-1f2e3d4c5b6a';
  it('accepts a whole award or lines, nothing else', () => {
    expect(awardSchema.safeParse({ quotation: id }).success).toBe(true);
    expect(awardSchema.safeParse({ lines: [{ requestLine: id, quotation: id }] }).success).toBe(true);
    expect(awardSchema.safeParse({ lines: [] }).success).toBe(false);
    expect(awardSchema.safeParse({ quotation: 'x' }).success).toBe(false);
  });
  it('needs positive quantities with at most four decimals', () => {
    expect(receiptSchema.safeParse({ lines: [{ line: id, quantity: '2.5' }] }).success).toBe(true);
    expect(receiptSchema.safeParse({ lines: [{ line: id, quantity: '0' }] }).success).toBe(false);
    expect(receiptSchema.safeParse({ lines: [{ line: id, quantity: '1.00001' }] }).success).toBe(false);
  });
});
