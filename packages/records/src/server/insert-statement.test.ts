import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertStatement } from './records.js';
import { qb } from './sql.js';

const kysely = (table: string, row: Record<string, unknown>) => qb.insertInto(table).values(row).returning(sql`id::text`.as('id') as never).compile();

/** Issue 26: `createRecord`'s INSERT is Kysely's text, built once per table and columns, with the row's values. */
describe('insertStatement', () => {
  const rows: Record<string, unknown>[] = [
    { name: 'A', code: 'x', created_by: null, modified_by: null },
    { name: 'B', code: 'y', created_by: '00000000-0000-0000-0000-000000000001', modified_by: null },
    { tags: ['a', 'b'], amount: '12.50', at: new Date('2026-11-29T10:00:00Z'), flag: false, count: 0, doc: '{"a":1}' },
    // Not plain: an expression, a left-out undefined; built by Kysely as before.
    { name: 'C', on: sql`now()`, by: null },
    { name: 'D', missing: undefined, by: null },
  ];

  it('answers the text and parameters Kysely builds, for the first row of its columns and the next ones', () => {
    for (const row of [...rows, ...rows]) {
      const expected = kysely('things', row);
      const statement = insertStatement('things', row);
      expect(statement.sql).toBe(expected.sql);
      expect(statement.parameters).toEqual(expected.parameters);
    }
  });

  it('keeps tables and column lists apart', () => {
    expect(insertStatement('others', { name: 'A', code: 'x' }).sql).toBe(kysely('others', { name: 'A', code: 'x' }).sql);
    expect(insertStatement('things', { code: 'x', name: 'A' }).sql).toBe(kysely('things', { code: 'x', name: 'A' }).sql);
    expect(insertStatement('things', { code: 'x', name: 'A' }).parameters).toEqual(['x', 'A']);
  });
});
