import type { Queryable } from './db.js';

/**
 * A statement sent together with COMMIT (`withCommit`): on PostgreSQL in the same round trip, so no
 * lock it takes waits for this process to read its answer and send the COMMIT. Its parameters are
 * strings and numbers only (inlined as quoted literals there); `done` gets its rows.
 */
export type CommitStatement = { sql: string; params: readonly (string | number)[]; done: (rows: Record<string, unknown>[]) => void };

type CommitHooks = { before: (() => Promise<void>)[]; last: (() => Promise<void>)[]; final: CommitStatement[]; after: (() => void)[] };

const hooks = new WeakMap<Queryable, CommitHooks>();

const committed = new WeakSet<Queryable>();

/**
 * Marks a connection's queryable as outside any transaction: the one `Database.transactionThen` hands its
 * read after the COMMIT (a wrapper that wraps it again marks its own).
 */
export function outsideTransaction<T extends Queryable>(db: T): T {
  committed.add(db);
  return db;
}

/** A transaction's queryable, as `Database.transaction` hands it to its callback (not the database itself, nor a read after its commit). */
export const isTransaction = (db: Queryable): boolean => !('transaction' in db) && !committed.has(db);

function hooksOf(tx: Queryable): CommitHooks {
  let found = hooks.get(tx);
  if (!found) hooks.set(tx, (found = { before: [], last: [], final: [], after: [] }));
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

/**
 * As `beforeCommit`, but after every other hook, just before COMMIT itself: for a statement whose
 * row lock makes every other transaction of its kind wait until this one commits (a document
 * number's counter), so that nothing but the COMMIT runs under it (decision 352). A hook that needs
 * what it writes takes it earlier itself (`documentNumber`, `takePendingNumbers`).
 */
export function lastBeforeCommit(tx: Queryable, fn: () => Promise<void>): void {
  hooksOf(tx).last.push(fn);
}

/**
 * Runs `statement` as the transaction's last, after every hook: on PostgreSQL sent in one message with
 * the COMMIT (its `done` then runs once both succeeded, before the after-commit hooks); on PGlite, with
 * its one connection, just before it. If it fails, the transaction rolls back.
 */
export function withCommit(tx: Queryable, statement: CommitStatement): void {
  hooksOf(tx).final.push(statement);
}

/** Runs `fn` once the transaction `tx` has committed (never after a rollback). */
export function afterCommit(tx: Queryable, fn: () => void): void {
  hooksOf(tx).after.push(fn);
}

/**
 * The database adapters call this after the transaction's callback resolved, before COMMIT. With
 * `fused`, the `withCommit` statements are returned for the adapter to send with its COMMIT; without,
 * they are run here, last.
 */
export async function runBeforeCommit(tx: Queryable, { fused = false }: { fused?: boolean } = {}): Promise<CommitStatement[]> {
  const found = hooks.get(tx);
  if (!found) return [];
  // A hook may add another (it runs in turn); the last ones run once the others are done.
  const drain = async (list: (() => Promise<void>)[]) => {
    for (let next = list.shift(); next; next = list.shift()) await next();
  };
  await drain(found.before);
  for (let next = found.last.shift(); next; next = found.last.shift()) {
    await next();
    await drain(found.before);
  }
  const final = found.final.splice(0);
  if (fused) return final;
  for (const statement of final) statement.done((await tx.query<Record<string, unknown>>(statement.sql, statement.params)).rows);
  return [];
}

/**
 * The statements and the COMMIT as one simple-protocol message: each `$n` replaced by its parameter
 * as a literal (`quote` makes a string one; numbers must be finite). The caller's SQL holds `$n`
 * only as placeholders.
 */
export function fuseWithCommit(statements: readonly CommitStatement[], quote: (value: string) => string): string {
  const inline = ({ sql, params }: CommitStatement) =>
    sql.replace(/\$(\d+)/g, (_, index: string) => {
      const value = params[Number(index) - 1];
      if (typeof value === 'string') return quote(value);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw new Error(`withCommit: parameter $${index} is not a string or a finite number`);
    });
  return [...statements.map(inline), 'COMMIT'].join(';\n');
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
