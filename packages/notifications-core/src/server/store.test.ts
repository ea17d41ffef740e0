import { migrations as authMigrations } from '@propdesk/auth-session/server';
import { migrations as kitMigrations, openDatabase, runMigrations, type Database } from '@propdesk/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './schema.js';
import { listQuery, replayQuery, type Viewer } from './store.js';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const KINDS = ADMIN_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
/** Realistic sizes: a million rows on PostgreSQL; fewer on PGlite (WASM, slower to fill). */
const ROWS = { pglite: 200_000, postgres: 1_000_000 } as const;
const USERS = 5000;
const DEPARTMENTS = 50;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
/** Relations read whole; the small per-user tables may be, when the planner finds that cheaper. */
const seqScanned = (nodes: PlanNode[]) =>
  nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']).filter((name) => name === 'notifications' || name === 'notification_reads');

async function plan(db: Database, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const result = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const raw = result.rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return flatten(parsed[0]!.Plan);
}

async function fastest(db: Database, sql: string, params: unknown[], runs = 5): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await db.query(sql, params);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe.each(KINDS)('notification indexes at scale on %s', (kind) => {
  let db: Database;
  let dropName: string | undefined;
  let viewer: Viewer;

  beforeAll(async () => {
    if (kind === 'pglite') db = await openDatabase({ dataDir: 'memory://' });
    else {
      dropName = `propdesk_test_${Math.random().toString(36).slice(2, 10)}`;
      const admin = await openDatabase({ databaseUrl: ADMIN_URL, dataDir: '' });
      await admin.exec(`create database ${dropName}`);
      await admin.close();
      const url = new URL(ADMIN_URL!);
      url.pathname = `/${dropName}`;
      db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    }
    await runMigrations(db, [...kitMigrations, ...authMigrations, ...migrations]);
    await db.exec(`
      insert into departments (name) select 'Department ' || g from generate_series(1, ${DEPARTMENTS}) g;
      with d as (select array_agg(id order by name) ids from departments)
      insert into users (username, password_hash, department_id)
      select 'user' || g, 'x', d.ids[1 + g % ${DEPARTMENTS}] from generate_series(1, ${USERS}) g, d;
      with u as (select array_agg(id order by username) ids from users), d as (select array_agg(id order by name) ids from departments)
      insert into notifications (user_id, department_id, title)
      select case when g % 2 = 0 then u.ids[1 + (g / 2) % ${USERS}] end,
             case when g % 2 = 1 then d.ids[1 + (g / 2) % ${DEPARTMENTS}] end,
             'Notification ' || g
        from generate_series(1, ${ROWS[kind]}) g, u, d;
    `);
    const user = await db.query<{ id: string; department_id: string }>(
      "select id::text as id, department_id::text as department_id from users where username = 'user1'",
    );
    viewer = { userId: user.rows[0]!.id, departmentId: user.rows[0]!.department_id };
    // Per-user state for the viewer and for others: hidden and read rows, read-all marks.
    await db.query(
      `insert into notification_hidden (user_id, notification_id)
       select u.id, n.id from (select id, department_id from users order by username limit 500) u
       cross join lateral (select id from notifications where department_id = u.department_id or user_id = u.id order by seq desc limit 100) n`,
    );
    await db.query('insert into notification_read_marks (user_id, up_to_seq) select id, 1000 from users');
    await db.query(
      `insert into notification_reads (user_id, notification_id)
       select u.id, n.id from (select id, department_id from users order by username limit 500) u
       cross join lateral (select id from notifications where department_id = u.department_id order by seq desc offset 100 limit 100) n
       on conflict do nothing`,
    );
    await db.exec('analyze');
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    if (dropName) {
      const admin = await openDatabase({ databaseUrl: ADMIN_URL, dataDir: '' });
      await admin.exec(`drop database if exists ${dropName} with (force)`);
      await admin.close();
    }
  });

  it.each(['user', 'department'] as const)('the %s list reads its index in order, never the whole table', async (target) => {
    const { sql, params } = listQuery(viewer, target);
    const nodes = await plan(db, sql, params);
    expect(seqScanned(nodes)).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContain(target === 'user' ? 'notifications_user_seq_idx' : 'notifications_department_seq_idx');
    const rows = await db.query<{ seq: string }>(sql, params);
    expect(rows.rows.length).toBeGreaterThan(0);
    const ms = await fastest(db, sql, params);
    console.info(`${kind}: ${target} list over ${ROWS[kind].toLocaleString('en')} notifications: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(250);
  });

  it('replay after a Last-Event-ID and the fan-out read use indexes too', async () => {
    const max = await db.query<{ seq: string }>('select max(seq)::text as seq from notifications');
    const top = Number(max.rows[0]!.seq);
    const replay = replayQuery(viewer, 'department', { afterSeq: top - 5000, upToSeq: top }, 500);
    const replayNodes = await plan(db, replay.sql, replay.params);
    expect(seqScanned(replayNodes)).toEqual([]);
    const fanOut = await plan(db, 'select n.id from notifications n where n.seq > $1::bigint order by n.seq limit 1000', [top - 10]);
    expect(seqScanned(fanOut)).toEqual([]);
  });
});
