import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { engineTransaction } from '@propdesk/records/server';
import { claimUnit, releaseClaim, type Board } from '@propdesk/sales/server';
import { openDatabase, outsideTransaction, type Database, type Queryable } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const unitRead: Privilege = { entityName: 'unit', action: 'read' };
const priceRead: Privilege = { entityName: 'unit', fieldName: 'basePrice', action: 'read' };
const holdPrivileges: Privilege[] = [...['read', 'create', 'update'].map((action) => ({ entityName: 'holdRequest', action })), unitRead, { entityName: 'customer', action: 'read' }];

/** The statement that reads a board's units (`readBoardView`). */
const BOARD_UNITS_SQL = 'left join unit_types ut on ut.id = u.unit_type_id';

/**
 * The database as the app sees it, with every statement it runs counted by text (inside
 * transactions too): a board computed is its units statement run once.
 */
function countingDatabase(db: Database) {
  const seen: string[] = [];
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => (seen.push(sql), target.query(sql, params)),
    exec: (sql) => (seen.push(sql), target.exec(sql)),
  });
  const proxy: Database = {
    ...wrap(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    transactionThen: (fn, then) => db.transactionThen((tx) => fn(wrap(tx)), (after, result) => then(outsideTransaction(wrap(after)), result)),
    listen: (channel, onPayload, hooks) => db.listen(channel, onPayload, hooks),
    snapshot: (fn) => db.snapshot(fn),
    close: () => db.close(),
  };
  return { db: proxy, count: (fragment: string) => seen.filter((sql) => sql.includes(fragment)).length };
}

/**
 * The board of a project as one snapshot per view (issue 26): many callers at once cost one
 * computation, a reload that changed nothing is a 304 on its ETag, a change (here or in another
 * process on PostgreSQL) gives the next reload a fresh body, callers who may not read the base price
 * never get it from another view's snapshot, and the answer is compressed from the snapshot's bytes.
 */
describe.each(DB_KINDS)('unit board snapshots on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let counted: ReturnType<typeof countingDatabase>;
  let app: FastifyInstance;
  let project: string;
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person(privileges: Privilege[]) {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  const boardOf = (who: Person, headers: Record<string, string> = {}) => who.agent.request({ method: 'GET', url: `/api/units/board?project=${project}`, headers });
  const builds = () => counted.count(BOARD_UNITS_SQL);

  async function freeUnit(): Promise<string> {
    const rows = await db.query<{ id: string }>(
      `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available'
          and not exists (select 1 from unit_claims c where c.unit_id = u.id) and not exists (select 1 from hold_requests h where h.unit_id = u.id)
        order by random() limit 1`,
      [project],
    );
    return rows.rows[0]!.id;
  }

  /** Claims a unit through the engine on `on` (this app's database, or another connection standing for another process). */
  async function hold(on: Database, unitId: string) {
    const { engine } = createEngine(on, services);
    const document = { resource: 'hold-requests', id: randomUUID() };
    await engineTransaction(engine, (tx) => claimUnit(engine, tx, { auth: null, source: 'system' }, { unitId, kind: 'hold', document, holderId: null, expiresAt: null }));
    return async () => void (await engineTransaction(engine, (tx) => releaseClaim(engine, tx, { auth: null, source: 'system' }, document)));
  }

  beforeAll(async () => {
    db = await databases.open();
    counted = countingDatabase(db);
    app = await testApp(counted.db, {}, { leadExpiryIntervalMs: 0 });
    project = (await db.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]!.id;
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('computes the board once for many callers at once, and once again after a change', async () => {
    const callers = await Promise.all(Array.from({ length: 3 }, () => person([unitRead])));
    const before = builds();
    const first = await Promise.all(Array.from({ length: 24 }, (_, index) => boardOf(callers[index % 3]!)));
    expect(first.map((answer) => answer.statusCode)).toEqual(first.map(() => 200));
    expect(builds() - before).toBe(1);
    expect(new Set(first.map((answer) => answer.body)).size).toBe(1);

    // Nothing changed: served from the snapshot, no computation.
    const again = await Promise.all(Array.from({ length: 12 }, (_, index) => boardOf(callers[index % 3]!)));
    expect(again.every((answer) => answer.statusCode === 200 && answer.body === first[0]!.body)).toBe(true);
    expect(builds() - before).toBe(1);

    // A change: the next callers at once share one new computation, which shows it.
    const unit = await freeUnit();
    const release = await hold(counted.db, unit);
    const after = await Promise.all(Array.from({ length: 24 }, (_, index) => boardOf(callers[index % 3]!)));
    expect(builds() - before).toBe(2);
    for (const answer of after) expect((answer.json().data as Board).units.find((one) => one.id === unit)?.status).toBe('on_hold');
    await release();
  });

  it('answers 304 to a reload that changed nothing, and the fresh board after a change', async () => {
    const watcher = await person([unitRead]);
    const first = await boardOf(watcher);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The browser keeps it but asks again every time, so the server judges each call.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await boardOf(watcher, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    const unit = await freeUnit();
    const release = await hold(counted.db, unit);
    const changed = await boardOf(watcher, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json().data as Board).units.find((one) => one.id === unit)).toMatchObject({ status: 'on_hold', claim: { kind: 'hold' } });
    await release();
    const released = await boardOf(watcher, { 'if-none-match': changed.headers.etag as string });
    expect(released.statusCode).toBe(200);
    expect((released.json().data as Board).units.find((one) => one.id === unit)).toMatchObject({ status: 'available', claim: null });
  });

  it('keeps one snapshot per view: a caller without the base price never gets it from a caller with it', async () => {
    const pricer = await person([unitRead, priceRead]);
    const plain = await person([unitRead]);
    // A change first, so both views are computed now, and at once.
    const release = await hold(counted.db, await freeUnit());
    const before = builds();
    const [priced, unpriced, priced2, unpriced2] = await Promise.all([boardOf(pricer), boardOf(plain), boardOf(pricer), boardOf(plain)]);
    expect(builds() - before).toBe(2);
    const withPrices = priced!.json().data as Board;
    const withoutPrices = unpriced!.json().data as Board;
    expect(withPrices.prices).toBe(true);
    expect(withPrices.units.some((unit) => unit.basePrice !== null)).toBe(true);
    expect(withoutPrices.prices).toBe(false);
    expect(withoutPrices.units.every((unit) => unit.basePrice === null)).toBe(true);
    expect(unpriced2!.body).toBe(unpriced!.body);
    expect(priced2!.body).toBe(priced!.body);
    // The other view's tag gets this caller's own board, never a 304 on the priced one.
    const crossed = await boardOf(plain, { 'if-none-match': priced!.headers.etag as string });
    expect(crossed.statusCode).toBe(200);
    expect((crossed.json().data as Board).units.every((unit) => unit.basePrice === null)).toBe(true);
    expect(crossed.body).not.toContain(withPrices.units.find((unit) => unit.basePrice !== null)!.basePrice);
    await release();
  });

  it("sends the snapshot's bytes compressed as the caller accepts (brotli, else gzip), the same board", async () => {
    const watcher = await person([unitRead]);
    const plain = await boardOf(watcher);
    const br = await boardOf(watcher, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await boardOf(watcher, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toContain('accept-encoding');
    const refused = await boardOf(watcher, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('still refuses a caller without unit read (423) before any snapshot, and an unknown project (404)', async () => {
    const stranger = await person([{ entityName: 'customer', action: 'read' }]);
    expect((await boardOf(stranger)).statusCode).toBe(423);
    const watcher = await person([unitRead]);
    const unknown = await watcher.agent.request({ method: 'GET', url: `/api/units/board?project=${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('holds the one live claim per unit under a burst of holds through the API (3 units, 30 asks at once)', async () => {
    const setup = await db.query<{ id: string }>("select id::text as id from projects where name = 'North Coast Bay'");
    const northCoast = setup.rows[0]!.id;
    const units = (
      await db.query<{ id: string }>(
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available'
            and not exists (select 1 from unit_claims c where c.unit_id = u.id) order by u.code limit 3`,
        [northCoast],
      )
    ).rows.map((row) => row.id);
    expect(units).toHaveLength(3);
    const customer = (await db.query<{ id: string }>('select id::text as id from customers order by created_on, id limit 1')).rows[0]!.id;
    const agents = await Promise.all(Array.from({ length: 30 }, () => person(holdPrivileges)));
    const answers = await Promise.all(
      agents.map((agent, index) => agent.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: units[index % 3], customer, hours: 12, reason: 'Launch burst' } })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(27);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().message).toMatch(/is held by/);
    const live = await db.query<{ unit_id: string; n: number }>('select unit_id::text as unit_id, count(*)::int as n from unit_claims where released_at is null and unit_id = any($1::uuid[]) group by unit_id', [units]);
    expect(live.rows.map((row) => row.n)).toEqual([1, 1, 1]);
    const doubled = await db.query<{ n: number }>('select count(*)::int as n from (select unit_id from unit_claims where released_at is null group by unit_id having count(*) > 1) d');
    expect(doubled.rows[0]!.n).toBe(0);
  });

  it.runIf(kind === 'postgres')('gives a fresh board after a change made by another process on the same database', async () => {
    const watcher = await person([unitRead]);
    const first = await boardOf(watcher);
    const etag = first.headers.etag as string;
    expect((await boardOf(watcher, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another connection (another process's): its NOTIFY reaches this app only through its LISTEN.
    const other = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    try {
      const unit = await freeUnit();
      const release = await hold(other, unit);
      const deadline = Date.now() + 3000;
      let answer = await boardOf(watcher, { 'if-none-match': etag });
      while (answer.statusCode === 304 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await boardOf(watcher, { 'if-none-match': etag });
      }
      expect(answer.statusCode).toBe(200);
      expect((answer.json().data as Board).units.find((one) => one.id === unit)?.status).toBe('on_hold');
      await release();
    } finally {
      await other.close();
    }
  });
});
