import { describe, expect, it } from 'vitest';
import type { Board, BoardEvent, BoardUnit } from './model.js';
import { NO_FILTERS, applyEvent, countByStatus, filterChoices, floorsOf, matches, textOn } from './boardState.web.js';

const unit = (code: string, extra: Partial<BoardUnit> = {}): BoardUnit => ({
  id: `id-${code}`,
  code,
  block: code.split('-')[0]!,
  floor: Number(code.split('-')[1]!.slice(0, 2)),
  status: 'available',
  unitTypeId: 't1',
  unitType: 'Apartment',
  bedrooms: 2,
  bathrooms: 1,
  areaM2: '120.00',
  gardenM2: null,
  view: 'Garden',
  basePrice: '3000000.00',
  claim: null,
  ...extra,
});

const event = (target: BoardUnit, extra: Partial<BoardEvent> = {}): BoardEvent => ({
  seq: 10,
  unitId: target.id,
  code: target.code,
  block: target.block,
  floor: target.floor,
  from: 'available',
  to: 'on_hold',
  at: '2026-11-24T09:00:00.000Z',
  action: 'hold',
  actorName: 'Mona Manager',
  status: 'on_hold',
  claim: { kind: 'hold', holderId: 'u1', holder: 'Samir Sales', expiresAt: '2026-11-25T09:00:00.000Z', documentResource: 'hold-requests', documentId: 'h1' },
  ...extra,
});

describe('the board state', () => {
  it('applies an event to its unit only, as a new map with a new object for that unit', () => {
    const a = unit('A-0101');
    const b = unit('A-0102');
    const units = new Map([a, b].map((one) => [one.id, one]));
    const next = applyEvent(units, event(a))!;
    expect(next).not.toBe(units);
    expect(next.get(a.id)).toMatchObject({ status: 'on_hold', claim: { holder: 'Samir Sales' } });
    expect(next.get(b.id)).toBe(b);
    expect(units.get(a.id)!.status).toBe('available');
    // The same state again, or a unit the board does not show: nothing to redraw.
    expect(applyEvent(next, event(a))).toBeNull();
    expect(applyEvent(units, event(unit('Z-0101')))).toBeNull();
    // A release clears the claim.
    expect(applyEvent(next, event(a, { seq: 11, from: 'on_hold', to: 'available', status: 'available', claim: null }))!.get(a.id)).toMatchObject({ status: 'available', claim: null });
  });

  it('counts by status, overall and per block', () => {
    const counted = countByStatus([unit('A-0101'), unit('A-0102', { status: 'sold' }), unit('B-0101', { status: 'sold' })]);
    expect(counted.all).toEqual({ available: 1, sold: 2 });
    expect(counted.byBlock.get('A')).toEqual({ available: 1, sold: 1 });
    expect(counted.byBlock.get('B')).toEqual({ sold: 1 });
  });

  it('filters by status, type, bedrooms, view, area and price, comparing decimals', () => {
    const one = unit('A-0101');
    expect(matches(one, NO_FILTERS)).toBe(true);
    expect(matches(one, { ...NO_FILTERS, statuses: new Set(['on_hold']) })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, statuses: new Set(['available', 'on_hold']) })).toBe(true);
    expect(matches(one, { ...NO_FILTERS, unitType: 't2' })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, bedrooms: '2' })).toBe(true);
    expect(matches(one, { ...NO_FILTERS, bedrooms: '3' })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, view: 'Sea' })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, minArea: '120', maxArea: '120.00' })).toBe(true);
    expect(matches(one, { ...NO_FILTERS, minArea: '120.01' })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, maxPrice: '2999999.99' })).toBe(false);
    expect(matches(one, { ...NO_FILTERS, minPrice: '3000000', maxPrice: '3000000' })).toBe(true);
    // Text that is not a number does not filter; a unit without a price fails a price range.
    expect(matches(one, { ...NO_FILTERS, minPrice: 'abc' })).toBe(true);
    expect(matches(unit('A-0102', { basePrice: null }), { ...NO_FILTERS, minPrice: '1' })).toBe(false);
  });

  it('lays a block out by floor, top floor first, codes in natural order, and offers the filter choices', () => {
    const units = [unit('A-0110'), unit('A-0102'), unit('A-0201'), unit('B-0101')];
    expect(floorsOf(units, 'A').map((floor) => [floor.floor, floor.units.map((one) => one.code)])).toEqual([
      [2, ['A-0201']],
      [1, ['A-0102', 'A-0110']],
    ]);
    const board = { units: [...units, unit('B-0201', { unitTypeId: 't0', unitType: 'Duplex', bedrooms: 4, view: 'Sea' })] } as Board;
    expect(filterChoices(board)).toEqual({ types: [{ id: 't1', name: 'Apartment' }, { id: 't0', name: 'Duplex' }], views: ['Garden', 'Sea'], bedrooms: [2, 4] });
  });

  it('picks black or white text for a status colour', () => {
    expect(textOn('#f9a825')).toBe('#000');
    expect(textOn('#1565c0')).toBe('#fff');
  });
});
