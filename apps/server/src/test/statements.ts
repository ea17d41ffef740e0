import { appendFileSync } from 'node:fs';
import { outsideTransaction, type Database, type Queryable } from '@propdesk/server-kit';

/** Every statement the app runs, in order, and whether it ran inside a transaction (its commit hooks' too). */
export function loggingDatabase(db: Database) {
  const seen: { sql: string; tx: boolean }[] = [];
  const wrap = (target: Queryable, tx: boolean): Queryable => ({
    query: (sql, params) => (seen.push({ sql, tx }), target.query(sql, params)),
    exec: (sql) => (seen.push({ sql, tx }), target.exec(sql)),
  });
  const logged = (tx: Queryable) => Object.assign(tx, wrap({ query: tx.query.bind(tx), exec: tx.exec.bind(tx) }, true));
  const proxy: Database = {
    ...wrap(db, false),
    kind: db.kind,
    // The transaction's own object, its methods logged in place: its commit hooks are kept by it.
    transaction: (fn) => db.transaction((tx) => fn(logged(tx))),
    // What runs after the commit on the same connection is logged as outside the transaction.
    transactionThen: (fn, then) => db.transactionThen((tx) => fn(logged(tx)), (after, result) => then(outsideTransaction(wrap(after, false)), result)),
    listen: (channel, onPayload, hooks) => db.listen(channel, onPayload, hooks),
    snapshot: (fn) => db.snapshot(fn),
    close: () => db.close(),
  };
  /** The statements of one call: all, those in its transaction, and those in it after the number was taken. */
  const during = async <T>(call: () => Promise<T>) => {
    const from = seen.length;
    const result = await call();
    const log = seen.slice(from);
    const inTx = log.filter((entry) => entry.tx);
    const numbered = inTx.findIndex((entry) => entry.sql.includes('document_counters'));
    if (process.env['STATEMENT_DUMP']) appendFileSync(process.env['STATEMENT_DUMP'], `${log.map((entry) => `${entry.tx ? 'tx ' : '   '}${entry.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')}\n----\n`);
    return { result, total: log.length, inTx: inTx.length, afterNumber: numbered < 0 ? null : inTx.length - numbered - 1, statements: log.map((entry) => entry.sql) };
  };
  return { db: proxy, during };
}
