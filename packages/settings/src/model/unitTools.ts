import { z } from 'zod';

/**
 * Bulk creation of a block's units from a pattern, and bulk price changes by percentage: both
 * previewed before they are applied. Pure code shared by the form (live preview) and the server.
 * Bodies are typed JSON, never coerced: floors and counts are JSON numbers (`"5"` and `true` are 400).
 */

/** A whole number typed in an input, as the JSON number the body needs (text it cannot read stays text, for the schema to refuse). */
export const wholeNumberFromText = (text: string): number | string => (/^[-+]?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

/** A decimal typed in an input ("-2.5", "1,000"), as a JSON number; text it cannot read stays text. */
export const numberFromText = (text: string): number | string => {
  const plain = text.trim().replace(/,/g, '');
  return /^[-+]?\d{1,12}(\.\d+)?$/.test(plain) ? Number(plain) : text;
};
export const UNIT_CODE_TOKENS = ['{block}', '{floor}', '{unit}'] as const;

export const unitPatternSchema = z
  .strictObject({
    project: z.uuid({ error: 'Choose a project' }),
    block: z.string().trim().min(1, 'Required').max(20),
    blockType: z.uuid().nullable().optional(),
    unitType: z.uuid().nullable().optional(),
    fromFloor: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(-3, 'At least -3').max(200, 'At most 200'),
    toFloor: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(-3, 'At least -3').max(200, 'At most 200'),
    unitsPerFloor: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(1, 'At least 1').max(50, 'At most 50'),
    codePattern: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(60)
      .refine((value) => value.includes('{floor}') && value.includes('{unit}'), 'Use {floor} and {unit} so each code differs'),
    areaM2: z.string().trim().regex(/^\d{1,6}(\.\d{1,2})?$/, 'Must be a number').nullable().optional(),
    basePrice: z.string().trim().regex(/^\d{1,13}(\.\d{1,2})?$/, 'Must be an amount').nullable().optional(),
    bedrooms: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(0).max(20).nullable().optional(),
  })
  .refine((value) => value.toFloor >= value.fromFloor, { message: 'The last floor comes after the first', path: ['toFloor'] })
  .refine((value) => (value.toFloor - value.fromFloor + 1) * value.unitsPerFloor <= 2000, { message: 'At most 2,000 units at once', path: ['unitsPerFloor'] });

export type UnitPattern = z.infer<typeof unitPatternSchema>;

/** What `POST /api/units/generate` answers (a preview, or what it created): the count, the codes already taken, the first codes. */
export type GeneratePreview = { count: number; clashes: string[]; sample: string[] };

const pad = (value: number, width: number) => String(Math.abs(value)).padStart(width, '0');

/** The codes a pattern makes, floor by floor: `{block}-{floor}{unit}` with B-0301 style padding. */
export function unitCodes(pattern: Pick<UnitPattern, 'block' | 'fromFloor' | 'toFloor' | 'unitsPerFloor' | 'codePattern'>): { code: string; floor: number }[] {
  const codes: { code: string; floor: number }[] = [];
  const unitWidth = String(pattern.unitsPerFloor).length < 2 ? 2 : String(pattern.unitsPerFloor).length;
  for (let floor = pattern.fromFloor; floor <= pattern.toFloor; floor += 1) {
    for (let unit = 1; unit <= pattern.unitsPerFloor; unit += 1) {
      const floorText = floor < 0 ? `B${pad(floor, 1)}` : pad(floor, 2);
      codes.push({
        code: pattern.codePattern.replaceAll('{block}', pattern.block).replaceAll('{floor}', floorText).replaceAll('{unit}', pad(unit, unitWidth)),
        floor,
      });
    }
  }
  return codes;
}

export const repriceSchema = z.strictObject({
  ids: z.array(z.uuid()).max(20_000).optional(),
  project: z.uuid().optional(),
  block: z.string().trim().max(20).optional(),
  percent: z
    .number({ error: 'Must be a percentage (a number)' })
    .min(-90, 'At least -90%')
    .max(500, 'At most 500%')
    .refine((value) => value !== 0, 'A change of 0% changes nothing'),
  dryRun: z.boolean().default(true),
});

export type RepriceRequest = z.infer<typeof repriceSchema>;

/** What `POST /api/units/reprice` answers (a preview, or what it changed): money as decimal strings. */
export type RepricePreview = { count: number; totalBefore: string; totalAfter: string; sample: { id: string; code: string; before: string; after: string }[] };

/** A price changed by a percentage, rounded half-up to the cent, in integer cents (never binary floats). */
export function repriced(price: string, percent: number): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  // percent to 4 places as an integer of 1/10000ths
  const factor = BigInt(Math.round(percent * 10_000));
  const scaled = cents * (1_000_000n + factor);
  const result = (scaled + 500_000n) / 1_000_000n;
  const sign = result < 0n ? '-' : '';
  const absolute = result < 0n ? -result : result;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}
