import { describe, expect, it } from 'vitest';
import { repriced, unitCodes, unitPatternSchema } from './unitTools.js';

describe('unit pattern', () => {
  it('makes floors × units codes with padding, basements first', () => {
    const codes = unitCodes({ block: 'B', fromFloor: -1, toFloor: 1, unitsPerFloor: 2, codePattern: '{block}-{floor}{unit}' });
    expect(codes.map((item) => item.code)).toEqual(['B-B101', 'B-B102', 'B-0001', 'B-0002', 'B-0101', 'B-0102']);
    expect(codes.map((item) => item.floor)).toEqual([-1, -1, 0, 0, 1, 1]);
  });

  it('refuses a pattern that would repeat codes, and more than 2,000 units', () => {
    const base = { project: '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11', block: 'A', fromFloor: 0, toFloor: 2, unitsPerFloor: 4 };
    expect(unitPatternSchema.safeParse({ ...base, codePattern: '{block}-{floor}' }).success).toBe(false);
    expect(unitPatternSchema.safeParse({ ...base, codePattern: '{block}{floor}{unit}' }).success).toBe(true);
    expect(unitPatternSchema.safeParse({ ...base, toFloor: 200, unitsPerFloor: 50, codePattern: '{floor}{unit}' }).success).toBe(false);
    expect(unitPatternSchema.safeParse({ ...base, toFloor: -1, codePattern: '{floor}{unit}' }).success).toBe(false);
  });
});

describe('repricing', () => {
  it('changes a price by a percentage, half-up to the cent, exactly', () => {
    expect(repriced('1000000.00', 10)).toBe('1100000.00');
    expect(repriced('999.99', 7.5)).toBe('1074.99');
    expect(repriced('0.05', 10)).toBe('0.06');
    expect(repriced('1234567.89', -12.5)).toBe('1080246.90');
    expect(repriced('3333333.33', 33.3333)).toBe('4444443.33');
  });
});
