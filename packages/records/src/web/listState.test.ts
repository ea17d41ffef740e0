import { describe, expect, it } from 'vitest';
import { units } from '../test/definitions.js';
import { defaultListState, listParams, parseSortTerms, readListState, shiftSort, writeListState, writeSortTerms } from './listState.js';

describe('the list state in the URL', () => {
  it('round-trips every part, leaving defaults out so links stay short', () => {
    const state = {
      ...defaultListState(units),
      page: 3,
      pageSize: 50,
      sort: '-basePrice,code',
      q: 'sea',
      where: { join: 'or' as const, children: [{ field: 'floor', op: 'gte' as const, value: 10 }] },
      active: 'all' as const,
      columns: ['code', 'floor'],
      widths: { code: 180 },
      density: 'compact' as const,
      view: 'v1',
    };
    const search = writeListState(units, state);
    expect(readListState(units, search)).toEqual(state);
    expect(writeListState(units, defaultListState(units)).toString()).toBe('');
    expect(listParams(state)).toMatchObject({ page: '3', pageSize: '50', sort: '-basePrice,code', q: 'sea', active: 'all' });
  });

  it('falls back to the defaults on anything malformed, never throws', () => {
    const state = readListState(units, new URLSearchParams('page=-2&pageSize=9999&where={bad&active=maybe&density=huge&cols=code,secret&widths=[1]&sort=drop table'));
    expect(state).toMatchObject({ page: 1, pageSize: 25, where: null, active: 'true', density: 'standard', columns: ['code'], widths: {}, sort: 'project,code' });
  });
});

describe('sorting by several columns', () => {
  it('adds, turns and removes a key on shift-click, keeping the others in place', () => {
    expect(shiftSort('project,code', 'floor')).toBe('project,code,floor');
    expect(shiftSort('project,code,floor', 'code')).toBe('project,-code,floor');
    expect(shiftSort('project,-code,floor', 'code')).toBe('project,floor');
    expect(shiftSort('-basePrice', 'basePrice')).toBe('');
  });

  it('never writes more keys than the server accepts, nor one twice', () => {
    expect(shiftSort('a,b,c,d,e', 'f')).toBe('a,b,c,d,e');
    expect(writeSortTerms([{ field: 'code', desc: false }, { field: 'code', desc: true }, { field: 'floor', desc: true }])).toBe('code,-floor');
    expect(parseSortTerms('-basePrice,code')).toEqual([
      { field: 'basePrice', desc: true },
      { field: 'code', desc: false },
    ]);
  });
});
