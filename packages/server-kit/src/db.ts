import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dropCommitHooks, fuseWithCommit, outsideTransaction, runAfterCommit, runBeforeCommit, type CommitStatement } from './commit.js';

/** A row set; both drivers answer objects keyed by column name. */
export type QueryResult<T> = { rows: T[] };

/** What a query runs against: the database itself or an open transaction. */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Transaction = Queryable;

/**
 * A consistent, read-only view of the whole database: one `REPEATABLE READ, READ ONLY` transaction,
 * so what it reads is the database as it was when its first statement ran, while other connections
 * go on writing (on PGlite, with one connection, other work waits until it ends).
 */
export type Snapshot = Queryable & {
  /**
   * Runs `sql` (one text column per row; never empty, never holding a line break, \x01 or \x02, as
   * `row_to_json(t)::text`) and hands its values over in batches, in order; resolves to how many.
   * PGlite reads them with `COPY ... TO '/dev/blob'` (a table at a time, fast), PostgreSQL through a cursor.
   */
  lines(sql: string, onBatch: (lines: string[]) => Promise<void> | void): Promise<number>;
};

/**
 * `onLost`: told when the LISTEN connection is lost (NOTIFYs are missed until `onPayload('')` says it
 * is back). `echo`: this process's own NOTIFYs on the channel are also delivered before the writing
 * statement's COMMIT returns (on PostgreSQL the pooled connection that writes listens too), so a
 * cache hears of a change written here before the next request, whatever code path wrote it.
 * A payload may then arrive twice (echo and listener): callbacks must be idempotent.
 */
export type ListenHooks = { onLost?: () => void; echo?: boolean };

/** Unsubscribes a LISTEN callback. */
export type Unlisten = () => Promise<void>;

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * As `transaction`, then `then(db, result)` once it has committed, on the same connection before it goes
   * back to the pool (on PGlite, before the next transaction starts): a read of what was just committed (a
   * create's answer, its number taken at the COMMIT) that holds no lock and does not queue behind every
   * request waiting for a connection, as a read through `query` would in a burst (issue 26).
   */
  transactionThen<T, U>(fn: (tx: Transaction) => Promise<T>, then: (db: Queryable, result: T) => Promise<U>): Promise<U>;
  /**
   * LISTEN on a channel (a dedicated connection on PostgreSQL); NOTIFY with `select pg_notify(...)`.
   * When that connection is lost it is opened again, and `onPayload('')` is called once: NOTIFYs
   * sent while it was down are lost, so a listener should look for what it missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, hooks?: ListenHooks): Promise<Unlisten>;
  close(): Promise<void>;
  /** Runs `fn` on a consistent snapshot of the database (`Snapshot`); backups read through it. */
  snapshot<T>(fn: (snapshot: Snapshot) => Promise<T>): Promise<T>;
  /** PGlite only: a dump of the data folder, to open copies quickly (`OpenDatabaseOptions.snapshot`). */
  dump?: () => Promise<Blob>;
};

export type OpenDatabaseOptions = {
  /** A PostgreSQL URL; without it an embedded PGlite database is opened in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data folder (created when missing); `memory://` keeps it in memory. */
  dataDir: string;
  /** A PGlite data-dir dump (`dumpDataDir()`) to start from; tests use it to skip initdb. */
  snapshot?: Blob | undefined;
  /** Pool size on PostgreSQL. */
  maxConnections?: number | undefined;
};

/** Serialises async work: PGlite has one connection, so a transaction must not interleave. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const SNAPSHOT_BATCH = 2_000;
const BEGIN_SNAPSHOT = 'set transaction isolation level repeatable read, read only';

/** Splits `lines` into batches of SNAPSHOT_BATCH for `onBatch`, in order. */
async function inBatches(lines: string[], onBatch: (lines: string[]) => Promise<void> | void): Promise<number> {
  for (let start = 0; start < lines.length; start += SNAPSHOT_BATCH) await onBatch(lines.slice(start, start + SNAPSHOT_BATCH));
  return lines.length;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(inMemory ? undefined : options.dataDir, {
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  const exclusive = createMutex();
  const wrap = (target: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await target.query<T>(sql, params ? [...params] : undefined);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const direct = wrap(db);
  /** One transaction on the one connection; the caller holds `exclusive`. */
  const inTransaction = async <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    let queryable: Queryable | undefined;
    try {
      const result = await db.transaction(async (tx) => {
        queryable = wrap(tx);
        const value = await fn(queryable);
        await runBeforeCommit(queryable);
        return value;
      });
      runAfterCommit(queryable!);
      return result;
    } catch (error) {
      if (queryable) dropCommitHooks(queryable);
      throw error;
    }
  };
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => direct.query(sql, params)),
    exec: (sql) => exclusive(() => direct.exec(sql)),
    transaction: (fn) => exclusive(() => inTransaction(fn)),
    transactionThen: (fn, then) => exclusive(async () => then(outsideTransaction(wrap(db)), await inTransaction(fn))),
    async listen(channel, onPayload) {
      const unlisten = await exclusive(() => db.listen(channel, onPayload));
      return () => exclusive(() => unlisten());
    },
    async close() {
      if (closed) return;
      closed = true;
      await exclusive(() => db.close());
    },
    snapshot: (fn) =>
      exclusive(() =>
        db.transaction(async (tx) => {
          await tx.query(BEGIN_SNAPSHOT);
          const queryable = wrap(tx);
          return fn({
            ...queryable,
            async lines(sql, onBatch) {
              // CSV with a delimiter and a quote that never occur: each value comes out as it is, one a line.
              const copied = await tx.query(`copy (${sql}) to '/dev/blob' with (format csv, delimiter E'\\x01', quote E'\\x02')`);
              const text = copied.blob ? await copied.blob.text() : '';
              if (text.includes('\u0002')) throw new Error('A snapshot line held a line break or a control character');
              const lines = text === '' ? [] : text.slice(0, text.endsWith('\n') ? -1 : undefined).split('\n');
              return inBatches(lines, onBatch);
            },
          });
        }),
      ),
    dump: () => exclusive(() => db.dumpDataDir('gzip')),
  };
}

/** The LISTEN connection's application_name (visible in pg_stat_activity). */
export const LISTENER_NAME = 'propdesk-listener';
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/** How many statement texts are kept prepared on each PostgreSQL connection (`statementName`). */
const PREPARED_STATEMENTS_MAX = 1_000;
const statementNames = new Map<string, string>();

/**
 * The name a statement with parameters is prepared under: each connection parses and plans a text once
 * and then only binds and runs it (a reservation's 55 short statements spent more of PostgreSQL's
 * time being parsed and planned than run; decision 351). One name per text for the whole process, so
 * every connection agrees; texts beyond the first `PREPARED_STATEMENTS_MAX` run unnamed, as before,
 * which bounds what each connection keeps. Statements without parameters (utility ones, migrations'
 * literals) are never named.
 */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < PREPARED_STATEMENTS_MAX) statementNames.set(sql, (name = `pd${statementNames.size + 1}`));
  return name;
}

const wrapPg = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T>(sql: string, params?: readonly unknown[]) {
    const name = params && params.length > 0 ? statementName(sql) : undefined;
    const result = name ? await client.query({ name, text: sql, values: [...params!] }) : await client.query(sql, params ? [...params] : undefined);
    return { rows: result.rows as T[] };
  },
  async exec(sql: string) {
    await client.query(sql);
  },
});

type Listener = (payload: string) => void;

/**
 * The one dedicated connection that holds every LISTEN. When it is lost (server restart, terminated
 * backend) it is opened again with backoff, every channel is listened to again, and each callback is
 * called once with '' because the NOTIFYs sent meanwhile are gone.
 */
function pgListener(databaseUrl: string) {
  const listeners = new Map<string, Set<Listener>>();
  const lostHooks = new Set<() => void>();
  let closed = false;
  let listener: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = LISTEN_RETRY_MIN_MS;
  const deliver = (message: pg.Notification) => {
    for (const callback of [...(listeners.get(message.channel) ?? [])]) callback(message.payload ?? '');
  };

  const connectListener = (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      listener = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      for (const hook of [...lostHooks]) hook();
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', deliver);
    return client.connect().then(
      () => client,
      (error: unknown) => {
        lost = true;
        client.removeAllListeners();
        client.on('error', () => undefined);
        throw error;
      },
    );
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void reconnect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LISTEN_RETRY_MAX_MS);
  };

  const reconnect = async () => {
    if (closed || listener) return;
    const opening = connectListener();
    listener = opening;
    try {
      const client = await opening;
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      retryDelay = LISTEN_RETRY_MIN_MS;
      for (const callbacks of listeners.values()) for (const callback of [...callbacks]) callback('');
    } catch {
      if (listener === opening) listener = undefined;
      scheduleReconnect();
    }
  };

  return {
    deliver,
    /** Adds a callback (and the channel's LISTEN when it is the first); answers its removal. */
    async listen(channel: string, onPayload: Listener, onLost?: () => void): Promise<() => Promise<void>> {
      if (closed) throw new Error('The database is closed.');
      if (!listener) {
        const opening = connectListener();
        listener = opening;
        opening.catch(() => {
          if (listener === opening) listener = undefined;
        });
      }
      const client = await listener;
      let callbacks = listeners.get(channel);
      if (!callbacks) {
        const fresh = new Set<Listener>();
        listeners.set(channel, fresh);
        try {
          await client.query(`LISTEN ${quoteIdent(channel)}`);
        } catch (error) {
          if (fresh.size === 0 && listeners.get(channel) === fresh) listeners.delete(channel);
          throw error;
        }
        callbacks = fresh;
      }
      const added = callbacks;
      added.add(onPayload);
      if (onLost) lostHooks.add(onLost);
      return async () => {
        added.delete(onPayload);
        if (onLost) lostHooks.delete(onLost);
        if (added.size === 0 && listeners.get(channel) === added) {
          listeners.delete(channel);
          const current = await listener?.catch(() => undefined);
          await current?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = await listener?.catch(() => undefined);
      current?.removeAllListeners('end');
      current?.removeAllListeners('error');
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

/** A consistent read of the database as of its start, whose `lines` streams a query's rows through a cursor. */
async function pgSnapshot<T>(pool: pg.Pool, fn: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let cursors = 0;
  try {
    await client.query('BEGIN');
    await client.query(BEGIN_SNAPSHOT);
    const result = await fn({
      ...wrapPg(client),
      async lines(sql, onBatch) {
        const cursor = `propdesk_snapshot_${++cursors}`;
        await client.query(`declare ${cursor} no scroll cursor for ${sql}`);
        let count = 0;
        for (;;) {
          const batch = await client.query<string[]>({ text: `fetch forward ${SNAPSHOT_BATCH} from ${cursor}`, rowMode: 'array' });
          if (batch.rows.length === 0) break;
          count += batch.rows.length;
          await onBatch(batch.rows.map((row) => String(row[0])));
        }
        await client.query(`close ${cursor}`);
        return count;
      },
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Each statement sent with the COMMIT gets its rows (the message's results, in order; the COMMIT's last). */
function handOver(statements: readonly CommitStatement[], results: readonly pg.QueryResult[]) {
  statements.forEach((statement, index) => {
    try {
      statement.done((results[index]?.rows ?? []) as Record<string, unknown>[]);
    } catch (error) {
      // Committed already: a failing reader of the rows must not turn the write into an error.
      console.error('A statement sent with the COMMIT could not hand over its rows.', error);
    }
  });
}

function openPostgres(options: OpenDatabaseOptions & { databaseUrl: string }): Database {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const listener = pgListener(options.databaseUrl);
  let closed = false;
  // Channels whose NOTIFYs the writing connection hears itself (ListenHooks.echo), and which
  // pooled connections already LISTEN to them.
  const echoChannels = new Map<string, number>();
  const echoing = new WeakMap<pg.PoolClient, Set<string>>();
  const prepare = async (client: pg.PoolClient) => {
    if (echoChannels.size === 0) return;
    let heard = echoing.get(client);
    if (!heard) {
      const fresh = new Set<string>();
      heard = fresh;
      echoing.set(client, fresh);
      // Notifications arrive before the COMMIT's ReadyForQuery, so before its promise resolves. Only
      // this connection's own are passed on (others reach the LISTEN connection as before).
      const ownPid = (client as unknown as { processID: number | null }).processID;
      client.on('notification', (message) => {
        if (message.processId === ownPid && echoChannels.has(message.channel)) listener.deliver(message);
      });
    }
    for (const channel of echoChannels.keys()) {
      if (heard.has(channel)) continue;
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      heard.add(channel);
    }
  };
  /** A statement outside a transaction, on a pooled connection that echoes (see `prepare`). */
  const pooled = async <T>(fn: (target: Queryable) => Promise<T>): Promise<T> => {
    if (echoChannels.size === 0) return fn(wrapPg(pool));
    const client = await pool.connect();
    try {
      await prepare(client);
      return await fn(wrapPg(client));
    } finally {
      client.release();
    }
  };

  /** One transaction on a pooled connection, then `then` on that connection once committed, then the connection back. */
  const transactionOn = async <T, U>(fn: (tx: Transaction) => Promise<T>, then: (db: Queryable, result: T) => Promise<U>): Promise<U> => {
    const client = await pool.connect();
    let queryable: Queryable | undefined;
    let result: T;
    try {
      await prepare(client);
      await client.query('BEGIN');
      const tx = wrapPg(client);
      queryable = tx;
      result = await fn(tx);
      const final = await runBeforeCommit(tx, { fused: true });
      if (final.length === 0) await client.query('COMMIT');
      else handOver(final, (await client.query(fuseWithCommit(final, (value) => client.escapeLiteral(value)))) as unknown as pg.QueryResult[]);
      runAfterCommit(tx);
    } catch (error) {
      if (queryable) dropCommitHooks(queryable);
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    try {
      return await then(outsideTransaction(wrapPg(client)), result);
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    query: (sql, params) => pooled((target) => target.query(sql, params)),
    exec: (sql) => pooled((target) => target.exec(sql)),
    transaction: (fn) => transactionOn(fn, (_, result) => Promise.resolve(result)),
    transactionThen: (fn, then) => transactionOn(fn, then),
    snapshot: (fn) => pgSnapshot(pool, fn),
    async listen(channel, onPayload, hooks) {
      const unlisten = await listener.listen(channel, onPayload, hooks?.onLost);
      const echo = hooks?.echo === true;
      if (echo) echoChannels.set(channel, (echoChannels.get(channel) ?? 0) + 1);
      return async () => {
        if (echo) {
          const left = (echoChannels.get(channel) ?? 1) - 1;
          if (left > 0) echoChannels.set(channel, left);
          else echoChannels.delete(channel);
        }
        await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/** Opens the one PostgreSQL dialect: a server through a pool, or PGlite embedded. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  return openPglite(options);
}
