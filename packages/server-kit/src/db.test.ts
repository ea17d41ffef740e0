import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, migrations as kitMigrations } from './audit.js';
import { afterCommit, beforeCommit, fuseWithCommit, isTransaction, lastBeforeCommit, withCommit } from './commit.js';
import { LISTENER_NAME } from './db.js';
import { runMigrations } from './migrations.js';
import { DB_KINDS, databaseFactory } from './test/databases.js';

describe.each(DB_KINDS)('database adapter on %s', (kind) => {
  const factory = databaseFactory(kind);
  beforeAll(() => factory.prepare());
  afterAll(() => factory.cleanup());

  it('queries with parameters, commits and rolls back transactions', async () => {
    const db = await factory.fresh();
    expect(db.kind).toBe(kind);
    await db.exec('create table t (id int primary key, name text); create index t_name on t (name);');
    await db.query('insert into t values ($1, $2)', [1, 'one']);
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [2, 'two']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [3, 'three']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query<{ id: number; name: string }>('select id, name from t order by id');
    expect(rows.rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
  });

  it('runs before-commit hooks inside the transaction and after-commit hooks only once it committed', async () => {
    const db = await factory.fresh();
    await db.exec('create table h (n int not null)');
    const seen: string[] = [];
    expect(isTransaction(db)).toBe(false);
    await db.transaction(async (tx) => {
      expect(isTransaction(tx)).toBe(true);
      await tx.query('insert into h values (1)');
      beforeCommit(tx, async () => {
        // Still inside: this statement commits with the rest.
        await tx.query('insert into h values (2)');
        seen.push('before');
      });
      afterCommit(tx, () => seen.push('after'));
      seen.push('work done');
    });
    expect(seen).toEqual(['work done', 'before', 'after']);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into h values (3)');
        beforeCommit(tx, async () => void seen.push('before of a rolled back one'));
        afterCommit(tx, () => seen.push('after of a rolled back one'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    // A before-commit hook that fails rolls the whole transaction back and its after hooks never run.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into h values (4)');
        beforeCommit(tx, async () => {
          await tx.query('insert into h values (null)');
        });
        afterCommit(tx, () => seen.push('after of a failed commit'));
      }),
    ).rejects.toThrow();
    expect(seen).toEqual(['work done', 'before', 'after']);
    expect((await db.query<{ n: number }>('select n from h order by n')).rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it('runs the last hooks after every other, then the statements sent with the COMMIT, and rolls back when one fails', async () => {
    const db = await factory.fresh();
    await db.exec('create table c (n int not null, note text)');
    const seen: string[] = [];
    await db.transaction(async (tx) => {
      lastBeforeCommit(tx, async () => {
        seen.push('last');
        // What a last hook leaves to the commit runs after it and every hook, with its parameters as values, quotes and all.
        withCommit(tx, { sql: 'insert into c (n, note) values ($1, $2) returning n, note', params: [7, "it's $1 \\ done"], done: (rows) => seen.push(`done ${JSON.stringify(rows)}`) });
      });
      beforeCommit(tx, async () => {
        seen.push('before');
        beforeCommit(tx, async () => void seen.push('added by a hook'));
      });
      afterCommit(tx, () => seen.push('after'));
    });
    expect(seen).toEqual(['before', 'added by a hook', 'last', `done ${JSON.stringify([{ n: 7, note: "it's $1 \\ done" }])}`, 'after']);
    // A statement sent with the COMMIT that fails rolls the transaction back: nothing of it stays, no after hook runs.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into c (n) values ($1)', [8]);
        withCommit(tx, { sql: 'insert into c (n) values ($1)', params: ['not a number'], done: () => seen.push('done of a failed one') });
        afterCommit(tx, () => seen.push('after of a failed one'));
      }),
    ).rejects.toThrow();
    expect(seen.at(-1)).toBe('after');
    expect((await db.query<{ n: number }>('select n from c order by n')).rows.map((row) => row.n)).toEqual([7]);
  });

  it('runs the same statement text many times with other values (prepared once on PostgreSQL)', async () => {
    const db = await factory.fresh();
    await db.exec('create table p (n int primary key, word text)');
    for (let n = 1; n <= 12; n += 1) await db.query('insert into p (n, word) values ($1, $2)', [n, `w${n}`]);
    const prepared = await db.transaction(async (tx) => {
      for (let n = 1; n <= 12; n += 2) await tx.query('update p set word = $2 where n = $1', [n, `odd ${n}`]);
      // The connection the transaction runs on keeps the text prepared under one name.
      return kind === 'postgres' ? (await tx.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = 'update p set word = $2 where n = $1'")).rows[0]!.n : null;
    });
    if (kind === 'postgres') expect(prepared).toBe(1);
    const rows = await db.query<{ n: number; word: string }>('select n, word from p where n = any($1::int[]) order by n', [[1, 2, 11, 12]]);
    expect(rows.rows).toEqual([
      { n: 1, word: 'odd 1' },
      { n: 2, word: 'w2' },
      { n: 11, word: 'odd 11' },
      { n: 12, word: 'w12' },
    ]);
  });

  it('reads after the commit on the connection that committed, outside the transaction, and never after a rollback (transactionThen)', async () => {
    const db = await factory.fresh();
    await db.exec('create table c (n int not null)');
    const backend = async (q: { query: typeof db.query }) => (await q.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    let inside = 0;
    let outsideQuery: Promise<unknown> | undefined;
    const order: string[] = [];
    const read = await db.transactionThen(
      async (tx) => {
        inside = await backend(tx);
        await tx.query('insert into c values ($1)', [1]);
        // Asked while the transaction runs: on PGlite's one connection it waits for the read after the commit too.
        outsideQuery = db.query('select 1').then(() => order.push('query'));
        return 41;
      },
      async (after, result) => {
        expect(isTransaction(after)).toBe(false);
        const rows = await after.query<{ n: number }>('select n from c');
        order.push('then');
        return { result, rows: rows.rows, pid: await backend(after) };
      },
    );
    await outsideQuery;
    expect(read).toEqual({ result: 41, rows: [{ n: 1 }], pid: inside });
    if (kind === 'pglite') expect(order).toEqual(['then', 'query']);

    let thenRan = false;
    await expect(
      db.transactionThen(
        async (tx) => {
          await tx.query('insert into c values ($1)', [2]);
          throw new Error('boom');
        },
        async () => {
          thenRan = true;
        },
      ),
    ).rejects.toThrow('boom');
    expect(thenRan).toBe(false);
    expect((await db.query<{ n: number }>('select n from c order by n')).rows).toEqual([{ n: 1 }]);
  });

  it('does not let other queries interleave with a transaction', async () => {
    const db = await factory.fresh();
    await db.exec('create table c (n int not null)');
    await db.query('insert into c values (0)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('update c set n = 1');
      await gate;
      throw new Error('rollback');
    });
    const outside = db.query<{ n: number }>('select n from c');
    setTimeout(release, 50);
    await expect(tx).rejects.toThrow('rollback');
    // Whether serialised (PGlite) or isolated (PostgreSQL), the reader never sees the uncommitted 1.
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('reads a consistent snapshot: every value in order and in batches, while a write committed meanwhile stays out of it', async () => {
    const db = await factory.fresh();
    await db.exec('create table s (id int primary key, body text not null); create table e (id int)');
    // Quotes, backslashes, commas, tabs and line breaks inside strings, and text beyond ASCII, as JSON escapes them.
    const tricky = 'a "quoted", back\\slash\ttab\nline ÿ 字 \u{1F600}';
    await db.query(`insert into s select n, $1 || n from generate_series(1, 4500) n`, [tricky]);
    const batches: number[] = [];
    const seen: string[] = [];
    let writer: Promise<unknown> | undefined;
    const count = await db.snapshot(async (snapshot) => {
      const before = await snapshot.query<{ n: number }>('select count(*)::int as n from s');
      // Another connection commits a row now: PostgreSQL does it at once, PGlite once the snapshot ends.
      writer = (kind === 'postgres' ? await factory.another() : db).query(`insert into s values (9999, 'late')`);
      if (kind === 'postgres') await writer;
      const total = await snapshot.lines('select row_to_json(t)::text from s t order by id', (lines) => {
        batches.push(lines.length);
        seen.push(...lines);
      });
      expect(await snapshot.lines('select row_to_json(t)::text from e t', () => undefined)).toBe(0);
      return { before: before.rows[0]!.n, total };
    });
    await writer;
    await expect(db.snapshot((snapshot) => snapshot.query('insert into e values (1)'))).rejects.toThrow(/read-only/);
    expect(count).toEqual({ before: 4500, total: 4500 });
    expect(batches).toEqual([2000, 2000, 500]);
    expect(seen[0]).toBe(JSON.stringify({ id: 1, body: `${tricky}1` }));
    expect(seen.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual(Array.from({ length: 4500 }, (_, index) => index + 1));
    expect((await db.query<{ n: number }>('select count(*)::int as n from s')).rows[0]!.n).toBe(4501);
  });

  it('delivers NOTIFY to listeners', async () => {
    const db = await factory.fresh();
    const received: string[] = [];
    const unlisten = await db.listen('pd_test', (payload) => received.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('pd_test', $1)", ['hello']);
    });
    await expect.poll(() => received, { timeout: 5000 }).toEqual(['hello']);
    await unlisten();
  });

  it('applies migrations once, in order, and records them', async () => {
    const db = await factory.fresh();
    const first = await runMigrations(db, [
      ...kitMigrations,
      { id: 'test/0001', up: 'create table m (id int)' },
      { id: 'test/0002', up: async (tx) => void (await tx.query('insert into m values (1)')) },
    ]);
    expect(first).toEqual(['server-kit/0001_audit_log', 'test/0001', 'test/0002']);
    expect(await runMigrations(db, [...kitMigrations, { id: 'test/0001', up: 'create table m (id int)' }])).toEqual([]);
    const recorded = await db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(recorded.rows.map((row) => row.id)).toEqual(['server-kit/0001_audit_log', 'test/0001', 'test/0002']);
    await audit(db, { action: 'test.done', actorId: 'u1', ip: '127.0.0.1', requestId: 'r1', details: { a: 1 } });
    const logged = await db.query<{ action: string; details: unknown }>('select action, details from audit_log');
    expect(logged.rows).toEqual([{ action: 'test.done', details: { a: 1 } }]);
  });

  it('rolls back a failing migration and rejects duplicate ids', async () => {
    const db = await factory.fresh();
    await expect(runMigrations(db, [{ id: 'bad/0001', up: 'create table x (id int); select * from missing_table;' }])).rejects.toThrow();
    const exists = await db.query("select 1 from information_schema.tables where table_name = 'x'");
    expect(exists.rows).toEqual([]);
    await expect(runMigrations(db, [{ id: 'a', up: 'select 1' }, { id: 'a', up: 'select 1' }])).rejects.toThrow('Duplicate');
  });

  if (kind === 'postgres') {
    it('listens again after the LISTEN connection is lost, and tells listeners to look for what they missed', async () => {
      const db = await factory.fresh();
      const received: string[] = [];
      const unlisten = await db.listen('pd_test', (payload) => received.push(payload));
      const terminated = await db.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_NAME],
      );
      expect(terminated.rows).toEqual([{ ok: true }]);
      await expect.poll(() => received, { timeout: 10_000 }).toEqual(['']);
      await db.query("select pg_notify('pd_test', 'after')");
      await expect.poll(() => received, { timeout: 5000 }).toEqual(['', 'after']);
      await unlisten();
    });

    it('with echo, a NOTIFY written by this process is heard before its COMMIT returns, even with the LISTEN connection down', async () => {
      const db = await factory.fresh();
      const received: string[] = [];
      let lost = false;
      const unlisten = await db.listen('pd_echo', (payload) => received.push(payload), { echo: true, onLost: () => (lost = true) });
      await db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME]);
      await expect.poll(() => lost, { timeout: 5000 }).toBe(true);
      // The listener reconnects after 250 ms at the earliest: only the echo can deliver these in time.
      await db.transaction(async (tx) => {
        await tx.query("select pg_notify('pd_echo', 'in a transaction')");
      });
      expect(received).toContain('in a transaction');
      await db.query("select pg_notify('pd_echo', 'one statement')");
      expect(received).toContain('one statement');
      // Another process's NOTIFY is not echoed: it waits for the LISTEN connection.
      const other = await factory.another();
      await other.query("select pg_notify('pd_echo', 'from elsewhere')");
      await db.query('select 1');
      expect(received).not.toContain('from elsewhere');
      await other.close();
      await unlisten();
    });

    it('lets two processes migrate at the same time without racing', async () => {
      const db = await factory.fresh();
      const other = await factory.another();
      const set = [...kitMigrations, { id: 'race/0001', up: 'create table r (id int)' }];
      const [a, b] = await Promise.all([runMigrations(db, set), runMigrations(other, set)]);
      expect([...a, ...b].sort()).toEqual(['race/0001', 'server-kit/0001_audit_log']);
    });
  }
});

describe('fuseWithCommit', () => {
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

  it('inlines each parameter where its placeholder stands, $10 apart from $1, and ends with COMMIT', () => {
    const params = ['a', 2, 'c', 'd', 'e', 'f', 'g', 'h', 'i', "j'"];
    expect(fuseWithCommit([{ sql: 'select $1, $10, $2::text', params, done: () => undefined }], quote)).toBe("select 'a', 'j''', 2::text;\nCOMMIT");
  });

  it('refuses a parameter that is not a string or a finite number', () => {
    expect(() => fuseWithCommit([{ sql: 'select $1', params: [Number.NaN], done: () => undefined }], quote)).toThrow('$1');
  });
});
