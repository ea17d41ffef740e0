import type { Database, Transaction } from './db.js';

/** One schema change. `id` is unique across packages: prefix it with the package name. */
export type Migration = {
  id: string;
  up: string | ((tx: Transaction) => Promise<void>);
};

/** An arbitrary constant: the advisory lock that keeps two starting processes from racing. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in the given order, each in
 * its own transaction under a transaction-level advisory lock. Returns the ids applied.
 */
export async function runMigrations(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const migration of migrations) {
    if (seen.has(migration.id)) throw new Error(`Duplicate migration id ${migration.id}`);
    seen.add(migration.id);
  }
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const existing = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (existing.rows.length > 0) return false;
      if (typeof migration.up === 'string') await tx.exec(migration.up);
      else await migration.up(tx);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}
