import type { Queryable } from '@propdesk/server-kit';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Compilable } from 'kysely';

/**
 * Kysely as a query builder only: it compiles to SQL text with bound parameters, and our own
 * database adapter (PGlite or a pg pool, inside our transactions) runs it. Identifiers come only
 * from resource definitions; every value is a parameter.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const qb = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export async function run<T = Record<string, unknown>>(db: Queryable, query: Compilable): Promise<T[]> {
  const compiled = query.compile();
  const result = await db.query<T>(compiled.sql, compiled.parameters);
  return result.rows;
}

/** A double-quoted identifier; only ever called with names from definitions. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
