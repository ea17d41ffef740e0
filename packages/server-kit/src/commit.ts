import type { Queryable } from './db.js';

type CommitHooks = { before: (() => Promise<void>)[]; after: (() => void)[] };

const hooks = new WeakMap<Queryable, CommitHooks>();

/** A transaction's queryable, as `Database.transaction` hands it to its callback (not the database itself). */
export const isTransaction = (db: Queryable): boolean => !('transaction' in db);

function hooksOf(tx: Queryable): CommitHooks {
  let found = hooks.get(tx);
  if (!found) hooks.set(tx, (found = { before: [], after: [] }));
  return found;
}

/**
 * Runs `fn` inside the transaction `tx` once its work is done, just before COMMIT (a statement
 * there commits or rolls back with the rest: a `pg_notify` is delivered only if it commits).
 * Not called when the transaction fails. `tx` must be a transaction's queryable.
 */
export function beforeCommit(tx: Queryable, fn: () => Promise<void>): void {
  hooksOf(tx).before.push(fn);
}

/** Runs `fn` once the transaction `tx` has committed (never after a rollback). */
export function afterCommit(tx: Queryable, fn: () => void): void {
  hooksOf(tx).after.push(fn);
}

/** The database adapters call this after the transaction's callback resolved, before COMMIT. */
export async function runBeforeCommit(tx: Queryable): Promise<void> {
  const found = hooks.get(tx);
  if (!found) return;
  // A hook may add another (it runs in turn).
  for (let index = 0; index < found.before.length; index += 1) await found.before[index]!();
}

/** The adapters call this after COMMIT succeeded; a failing hook is logged and the others still run. */
export function runAfterCommit(tx: Queryable): void {
  const found = hooks.get(tx);
  hooks.delete(tx);
  for (const fn of found?.after ?? []) {
    try {
      fn();
    } catch (error) {
      console.error('An after-commit hook failed.', error);
    }
  }
}

/** Forgets a transaction's hooks (rollback). */
export function dropCommitHooks(tx: Queryable): void {
  hooks.delete(tx);
}
