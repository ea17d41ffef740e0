import { describe, expect, it } from 'vitest';
import { projects, sources, units } from '../test/definitions.js';
import { FilterError, parseListFilter, parseSort, validateFilter } from './filters.js';

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.field;
    throw error;
  }
  return null;
};

describe('the filter parser', () => {
  it("reads api.md's filter[field] and filter[field][op] and ANDs them with the where tree", () => {
    const where = JSON.stringify({ join: 'or', children: [{ field: 'floor', op: 'lt', value: 2 }, { field: 'code', op: 'contains', value: 'A-' }] });
    expect(parseListFilter(units, { 'filter[status]': 'available', 'filter[floor][gte]': '3', where, page: '2' })).toEqual({
      join: 'and',
      children: [
        { field: 'status', op: 'eq', value: 'available' },
        { field: 'floor', op: 'gte', value: 3 },
        { join: 'or', children: [{ field: 'floor', op: 'lt', value: 2 }, { field: 'code', op: 'contains', value: 'A-' }] },
      ],
    });
    expect(parseListFilter(units, { page: '1' })).toBeNull();
  });

  it('types values by the field: numbers, dates, lists, references, and empty without a value', () => {
    expect(validateFilter(units, { field: 'floor', op: 'in', value: '1,2, 3' })).toEqual({ field: 'floor', op: 'in', value: [1, 2, 3] });
    expect(validateFilter(projects, { field: 'launchDate', op: 'gte', value: '2026-01-31' })).toMatchObject({ value: '2026-01-31' });
    expect(validateFilter(units, { field: 'basePrice', op: 'lte', value: 1500000 })).toMatchObject({ value: '1500000' });
    expect(validateFilter(sources, { field: 'description', op: 'empty', value: 'ignored' })).toEqual({ field: 'description', op: 'empty' });
  });

  it('names the field of anything it refuses', () => {
    expect(fieldOf(() => parseListFilter(units, { 'filter[nope]': '1' }))).toBe('nope');
    expect(fieldOf(() => parseListFilter(units, { 'filter[floor][gte]': 'high' }))).toBe('floor');
    expect(fieldOf(() => parseListFilter(units, { 'filter[floor][between]': '1' }))).toBe('floor');
    expect(fieldOf(() => parseListFilter(projects, { 'filter[launchDate]': '2026-02-30' }))).toBe('launchDate');
    expect(fieldOf(() => validateFilter(units, { field: 'code', op: 'gte', value: 'A' }))).toBe('code');
    expect(fieldOf(() => validateFilter(units, { field: 'status', op: 'eq', value: 'gone' }))).toBe('status');
    expect(fieldOf(() => parseListFilter(units, { where: '{not json' }))).toBe('where');
    expect(fieldOf(() => parseListFilter(units, { 'filter[__proto__]': '1' }))).toBe('filter[__proto__]');
  });

  it('refuses trees too deep or too wide', () => {
    let deep: unknown = { field: 'floor', op: 'eq', value: 1 };
    for (let level = 0; level < 6; level += 1) deep = { join: 'and', children: [deep] };
    expect(fieldOf(() => validateFilter(units, deep))).toBe('where');
    const wide = { join: 'or', children: Array.from({ length: 51 }, () => ({ field: 'floor', op: 'eq', value: 1 })) };
    expect(fieldOf(() => validateFilter(units, wide))).toBe('where');
  });

  it('sorts by known sortable fields only, up to five', () => {
    expect(parseSort(units, '-basePrice,code')).toEqual([{ field: 'basePrice', desc: true }, { field: 'code', desc: false }]);
    expect(parseSort(units, undefined)).toEqual([{ field: 'project', desc: false }, { field: 'code', desc: false }]);
    expect(fieldOf(() => parseSort(units, 'password'))).toBe('sort');
    expect(fieldOf(() => parseSort(units, 'code,floor,basePrice,status,project,areaM2'))).toBe('sort');
  });
});
