import { type ResourceDef } from '@propdesk/records/model';
import { selectRecords, selectRecordsUnmemoized } from '@propdesk/records/server';
import type { RequestAuth } from '@propdesk/server-kit';
import { describe, expect, it } from 'vitest';
import { appRegistry } from './resources.js';

/** A caller whose field-level reads are `canField`'s (only protected fields ask). */
const caller = (canField: (entity: string, name: string) => boolean) =>
  ({ checker: { privileges: [], can: () => true, canField, canAny: () => true } }) as unknown as RequestAuth;
const everything = caller(() => true);
const nothingProtected = caller(() => false);

const refs = (def: ResourceDef) => Object.entries(def.fields).filter(([, field]) => field.kind === 'reference' || field.kind === 'references').map(([name]) => name);

/** The shapes the engine and the lists ask for, per resource. */
function shapes(def: ResourceDef) {
  const names = Object.keys(def.fields);
  const references = refs(def);
  const firstRef = references[0];
  return [
    {},
    { labels: new Set<string>() },
    { labels: new Set(references.slice(0, 1)) },
    { labels: new Set(references) },
    { joinAll: true },
    { sort: firstRef ? [{ field: firstRef, desc: true }] : [{ field: 'modifiedOn', desc: true }] },
    { columns: names.slice(0, 2), baseColumns: false, joinAll: true },
    { columns: references.slice(0, 2), baseColumns: false, labels: new Set(references.slice(0, 2)) },
  ];
}

/**
 * Issue 26: `selectRecords` keeps the select list of each shape as SQL text instead of building and
 * compiling its nodes on every read. The statements must be the very same texts as before (they are
 * prepared by text on PostgreSQL, and answered as before).
 */
describe('selectRecords memo', () => {
  it('builds the same statement as the unmemoized query, for every resource and shape, twice', () => {
    let compared = 0;
    for (const def of appRegistry.resources) {
      for (const options of shapes(def)) {
        for (const auth of [everything, nothingProtected, null]) {
          const expected = selectRecordsUnmemoized(appRegistry, def, auth, options).where('t.id' as never, '=', '00000000-0000-0000-0000-000000000001' as never).compile();
          for (let round = 0; round < 2; round++) {
            const memoized = selectRecords(appRegistry, def, auth, options).where('t.id' as never, '=', '00000000-0000-0000-0000-000000000001' as never).compile();
            expect(memoized.sql, `${def.name} ${JSON.stringify(options)}`).toBe(expected.sql);
            expect(memoized.parameters).toEqual(expected.parameters);
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('keeps a caller who may not read a protected field from the select list of one who may', () => {
    const guarded = appRegistry.resources.find((def) => Object.values(def.fields).some((field) => field.protected));
    expect(guarded).toBeDefined();
    const hidden = Object.entries(guarded!.fields).find(([, field]) => field.protected)![0];
    const full = selectRecords(appRegistry, guarded!, everything).compile().sql;
    const restricted = selectRecords(appRegistry, guarded!, nothingProtected).compile().sql;
    expect(full).toContain(` as "${hidden}"`);
    expect(restricted).not.toContain(` as "${hidden}"`);
    // And the other way round, after the restricted one is memoized.
    expect(selectRecords(appRegistry, guarded!, everything).compile().sql).toBe(full);
  });
});
