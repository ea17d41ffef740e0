import { describe, expect, it } from 'vitest';
import { numberFromText, repriceSchema, repriced, unitCodes, unitPatternSchema, wholeNumberFromText } from './unitTools.js';

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

describe('typed JSON bodies (never coerced)', () => {
  const pattern = { project: '7f0c7f9e-2b59-4cb5-9f6e-6b1f9a7c0a11', block: 'A', fromFloor: 0, toFloor: 2, unitsPerFloor: 4, codePattern: '{block}-{floor}{unit}' };
  const issueOn = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.'));

  it('refuses a percentage given as a boolean or as text', () => {
    expect(issueOn(repriceSchema.safeParse({ percent: true }))).toEqual(['percent']);
    expect(issueOn(repriceSchema.safeParse({ percent: '5' }))).toEqual(['percent']);
    expect(repriceSchema.parse({ percent: 5 }).percent).toBe(5);
    expect(repriceSchema.parse({ percent: -2.5, dryRun: false }).percent).toBe(-2.5);
  });

  it('refuses floors and counts given as text', () => {
    expect(issueOn(unitPatternSchema.safeParse({ ...pattern, unitsPerFloor: '4' }))).toEqual(['unitsPerFloor']);
    expect(issueOn(unitPatternSchema.safeParse({ ...pattern, fromFloor: true }))).toEqual(['fromFloor']);
    expect(unitPatternSchema.safeParse(pattern).success).toBe(true);
  });

  it('reads the inputs\' text as the numbers the body sends', () => {
    expect(wholeNumberFromText(' 12 ')).toBe(12);
    expect(wholeNumberFromText('-3')).toBe(-3);
    expect(wholeNumberFromText('4.5')).toBe('4.5');
    expect(numberFromText('-2.5')).toBe(-2.5);
    expect(numberFromText('1,000')).toBe(1000);
    expect(numberFromText('five')).toBe('five');
  });
});
