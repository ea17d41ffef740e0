import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { createRecord, engineTransaction } from '@propdesk/records/server';
import type { Database, Queryable } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';
import { loggingDatabase } from './test/statements.js';

const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'reservation', action })),
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'holdRequest', action })),
  { entityName: 'unit', action: 'read' },
  { entityName: 'customer', action: 'read' },
];

const NUMBER = /^(HLD|RSV)-\d{4}-(\d{5,})$/;
const seq = (number: string) => Number(NUMBER.exec(number)![2]);

/**
 * Holds and reservations take their document number at the commit (issue 26): the counter row's
 * lock, which makes every other creation of the type wait, is held by the transaction's last
 * statement only; the numbers stay gap-free and in order (a rolled-back creation burns none), each
 * is in its document's creation history, and the answer (read after the commit) shows it.
 */
describe.each(DB_KINDS)('document numbers at the commit on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let logged: ReturnType<typeof loggingDatabase>;
  let app: FastifyInstance;
  let project: string;
  let plan: string;
  let customer: string;
  const taken = new Set<string>();
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person() {
    const user = await createTestUser(db, agentPrivileges);
    await db.query('insert into discount_authorities (role_id, max_pct) select role_id, 2 from user_roles where user_id = $1', [user.id]);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }

  async function freeUnit(): Promise<string> {
    const rows = await db.query<{ id: string }>(
      `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null
          and not (u.id = any($2::uuid[])) and not exists (select 1 from unit_claims c where c.unit_id = u.id)
        order by u.code limit 1`,
      [project, [...taken]],
    );
    taken.add(rows.rows[0]!.id);
    return rows.rows[0]!.id;
  }

  const counter = async (prefix: string) =>
    (await db.query<{ last: number }>('select last from document_counters where prefix = $1 and year = $2', [prefix, new Date().getUTCFullYear()])).rows[0]?.last ?? 0;
  const createdHistory = async (resource: string, id: string) =>
    (await db.query<{ changes: Record<string, { before: unknown; after: unknown }> }>("select changes from record_history where resource = $1 and record_id = $2 and action = 'create'", [resource, id])).rows;

  beforeAll(async () => {
    db = await databases.open();
    logged = loggingDatabase(db);
    app = await testApp(logged.db, {}, { leadExpiryIntervalMs: 0 });
    // North Coast Bay needs no approval for a hold (a hold claims at once), as on launch day.
    project = (await db.query<{ id: string }>("select id::text as id from projects where name = 'North Coast Bay'")).rows[0]!.id;
    plan = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [project])).rows[0]!.id;
    customer = (
      await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', 'Numbered Buyer', '29001019871234', '+201012341234') returning id::text as id")
    ).rows[0]!.id;
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('takes a hold’s and a reservation’s number by the last statement of their transaction, and answers it', async () => {
    const agent = await person();
    const unit = await freeUnit();
    const hold = await logged.during(() => agent.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit, customer, hours: 24, reason: 'Launch day' } }));
    expect(hold.result.statusCode).toBe(201);
    const held = hold.result.json().data as { id: string; number: string; status: string };
    expect(held.status).toBe('approved');
    expect(held.number).toMatch(NUMBER);
    expect((await createdHistory('hold-requests', held.id))[0]!.changes.number).toEqual({ before: null, after: held.number });

    const reservation = await logged.during(() =>
      agent.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit, customer, paymentPlan: plan, submit: true, fromHold: held.id } }),
    );
    expect(reservation.result.statusCode).toBe(201);
    const reserved = reservation.result.json().data as { id: string; number: string; status: string };
    expect(reserved.status).toBe('confirmed');
    expect(reserved.number).toMatch(NUMBER);
    expect((await createdHistory('reservations', reserved.id))[0]!.changes.number).toEqual({ before: null, after: reserved.number });
    // The reservation’s number is taken at the commit, after every other statement of its transaction (decision 352). On PostgreSQL
    // it is sent in one message with the COMMIT, so it is not among the statements the transaction runs and nothing runs after it;
    // on PGlite’s one connection it is the transaction’s last statement but for the answer’s read, which follows it there.
    if (kind === 'postgres') expect(reservation.afterNumber).toBeNull();
    else expect(reservation.afterNumber).toBeLessThanOrEqual(3);
    // A hold approved at once names its number in the claim's reason: the reason holds a token the number's statement replaces
    // at the commit (decision 353), so the number is not taken early and, on PostgreSQL, goes with the COMMIT as the reservation's.
    if (kind === 'postgres') expect(hold.afterNumber).toBeNull();
    else expect(hold.afterNumber).toBeLessThanOrEqual(3);
    const reason = await db.query<{ reason: string }>("select reason from record_history where resource = 'units' and record_id = $1 and action = 'hold' order by id desc limit 1", [unit]);
    expect(reason.rows[0]!.reason).toBe(`${held.number}: Launch day`);
    // The statement log of one call each (issue 26's profile; before this change a winning hold ran 36, a reservation from it 46).
    console.log(`${kind}: winning hold ${hold.total} statements (${hold.inTx} in its transaction, ${hold.afterNumber} after its number); reservation from the hold ${reservation.total} (${reservation.inTx}, ${reservation.afterNumber})`);
    expect(hold.total).toBeLessThanOrEqual(41);
    expect(reservation.total).toBeLessThanOrEqual(56);
  });

  it('writes the number into the unit’s history and board events that name a hold or a reservation made on a free unit, leaving no token', async () => {
    const agent = await person();
    const [unitA, unitB] = [await freeUnit(), await freeUnit()];
    const hold = await agent.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unitA, customer, hours: 24, reason: 'Named at the commit' } });
    expect(hold.statusCode).toBe(201);
    const reserved = await logged.during(() => agent.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit: unitB, customer, paymentPlan: plan, submit: true } }));
    expect(reserved.result.statusCode).toBe(201);
    const holdNumber = (hold.json().data as { number: string }).number;
    const reservation = reserved.result.json().data as { number: string; status: string };
    expect(reservation.status).toBe('confirmed');
    // The reservation's number was not taken by its claim: on PostgreSQL it went with the COMMIT (none of its statements after it).
    if (kind === 'postgres') expect(reserved.afterNumber).toBeNull();
    const history = async (unit: string, action: string) =>
      (await db.query<{ reason: string }>('select reason from record_history where resource = $1 and record_id = $2 and action = $3 order by id', ['units', unit, action])).rows.map((row) => row.reason);
    const events = async (unit: string) => (await db.query<{ reason: string | null }>('select reason from unit_status_events where unit_id = $1 order by id', [unit])).rows.map((row) => row.reason);
    expect(await history(unitA, 'hold')).toEqual([`${holdNumber}: Named at the commit`]);
    expect(await events(unitA)).toEqual([`${holdNumber}: Named at the commit`]);
    // Submitted at once and confirmed: the unit is claimed once, as reserved (one entry and one event, not on hold first; issue 26).
    expect(await history(unitB, 'reserve')).toEqual([reservation.number]);
    expect(await events(unitB)).toEqual([reservation.number]);
    const tokens = await db.query<{ n: number }>(
      "select (select count(*) from record_history where position(chr(8291) in coalesce(reason, '')) > 0)::int + (select count(*) from unit_status_events where position(chr(8291) in coalesce(reason, '')) > 0)::int as n",
    );
    expect(tokens.rows[0]!.n).toBe(0);
  });

  it('keeps the numbers gap-free and in order when reservations race and some roll back after their row was written', async () => {
    const agents = await Promise.all(Array.from({ length: 6 }, () => person()));
    const units: string[] = [];
    for (let index = 0; index < agents.length; index += 1) units.push(await freeUnit());
    const before = await counter('RSV');
    // Two of them name a buyer holding 50%: their submit refuses it (422) after the row, its history and its claim were written.
    const answers = await Promise.all(
      agents.map((agent, index) =>
        agent.agent.request({
          method: 'POST',
          url: '/api/reservations',
          payload: { unit: units[index], customer, paymentPlan: plan, submit: true, ...(index % 3 === 1 ? { buyers: [{ customer, share: '50' }] } : {}) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 422, 201, 201, 422, 201]);
    const made = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().data as { id: string; number: string });
    const numbers = made.map((record) => seq(record.number)).sort((a, b) => a - b);
    expect(numbers).toEqual([before + 1, before + 2, before + 3, before + 4]);
    expect(await counter('RSV')).toBe(before + 4);
    const stored = await db.query<{ n: number }>('select count(*)::int as n from reservations where unit_id = any($1::uuid[])', [units]);
    expect(stored.rows[0]!.n).toBe(4);
  });

  it('numbers in commit order: a creation that commits while another is still open takes the next number, and a rollback burns none', async () => {
    const { engine } = createEngine(db, services);
    const reservations = engine.registry.get('reservations');
    const system = { auth: null, source: 'system' as const };
    const agent = await person();
    const [unitA, unitB] = [await freeUnit(), await freeUnit()];
    const hold = await agent.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unitA, customer, hours: 24, reason: 'To reserve' } });
    expect(hold.statusCode).toBe(201);
    const holdId = (hold.json().data as { id: string }).id;
    const values = { unit: unitA, customer, agent: null, broker: null, paymentPlan: plan, offer: null, discountKind: 'percent', discountValue: null, fee: null, signBy: null, notes: null };
    const reserveFromHold = (tx: Queryable) => createRecord(engine, tx, reservations, system, values, {}, { extra: { fromHold: holdId, submit: true, buyers: [] }, workflow: true, numberAtCommit: true });
    const before = await counter('RSV');
    // A reservation from the hold rolled back after its row, its claim and its submit were written takes no number.
    await expect(
      engineTransaction(engine, async (tx) => {
        await reserveFromHold(tx);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await counter('RSV')).toBe(before);
    if (kind === 'pglite') return;
    // PostgreSQL: A stays open after its whole work; B reserves another unit and commits meanwhile, without waiting for A.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const first = engineTransaction(engine, async (tx) => {
      const record = await reserveFromHold(tx);
      written();
      await gate;
      return record.id;
    });
    await wrote;
    const second = await Promise.race([
      agent.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit: unitB, customer, paymentPlan: plan, submit: true } }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the second reservation waited for the first one’s counter lock')), 10_000)),
    ]);
    release();
    const firstId = await first;
    expect(second.statusCode).toBe(201);
    const numberOf = async (id: string) => (await db.query<{ number: string }>('select number from reservations where id = $1', [id])).rows[0]!.number;
    expect(seq(await numberOf((second.json().data as { id: string }).id))).toBe(before + 1);
    expect(seq(await numberOf(firstId))).toBe(before + 2);
    expect(await counter('RSV')).toBe(before + 2);
  });
});
