import { notify } from '@propdesk/notifications-core/server';
import type { Privilege } from '@propdesk/privileges';
import { engineTransaction } from '@propdesk/records/server';
import { claimUnit, createReservation } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const all = (entityName: string, actions = ['read', 'create', 'update', 'approve']): Privilege[] => actions.map((action) => ({ entityName, action }));
const privileges: Privilege[] = [...all('bulkDeal'), ...all('eoi'), ...all('eoiSetup'), { entityName: 'unit', action: 'read' }, { entityName: 'reservation', action: 'read' }];
const TYPES = ['Studio', 'Apartment 2BR'] as const;
const money = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/**
 * The set-based bulk publish (issue 17): every match becomes a confirmed reservation numbered in
 * token order without gaps, with the versions, history rows, claims, status events and carried
 * payments the one-by-one path wrote; a unit claimed since the dry run refuses the whole publish,
 * naming it, and nothing of it stays.
 */
describe.each(DB_KINDS)('bulk publish on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let manager: { id: string; agent: ReturnType<typeof createAgent> };
  let round = 0;

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  const post = (url: string) => manager.agent.request({ method: 'POST', url, payload: {} });

  /**
   * A project of `count` units and a launch with `count` paid EOIs (one payment each) plus one EOI no
   * unit fits. Options: the launch's plan is the project's own with this discount (percent), the EOIs
   * were taken by this agent, and their preferences have this budget.
   */
  async function launch(count: number, options: { planDiscount?: string; agent?: string; budget?: string } = {}) {
    round += 1;
    const tag = `BP${round}`;
    const project = (await one<{ id: string }>("insert into projects (name, code, status, currency) values ($1, $2, 'launched', 'EGP') returning id::text as id", [`Bulk ${tag}`, tag])).id;
    const plan = options.planDiscount
      ? (
          await one<{ id: string }>(
            `insert into payment_plans (name, project_id, down_payment_pct, years, frequency, delivery_pct, delivery_after_months, maintenance_pct, discount_pct)
             values ($1, $2, 25, 4, 'annual', 15, 48, 10, $3) returning id::text as id`,
            [`Plan ${tag}`, project, options.planDiscount],
          )
        ).id
      : (await one<{ id: string }>('select id::text as id from payment_plans where project_id is null order by name limit 1')).id;
    const cash = (await one<{ id: string }>("select id::text as id from payment_methods where kind = 'cash' limit 1")).id;
    const types = await rows<{ id: string; name: string }>('select id::text as id, name from unit_types where name = any($1::text[])', [TYPES]);
    const typeId = new Map(types.map((row) => [row.name, row.id]));
    await db.query(
      `insert into units (code, project_id, block, floor, unit_type_id, base_price, status)
       select $1 || '-' || lpad(n::text, 3, '0'), $2, 'A', n, case when n % 2 = 0 then $3::uuid else $4::uuid end, 1000000 + n * 1000, 'available' from generate_series(1, $5::int) as n`,
      [tag, project, typeId.get(TYPES[0]), typeId.get(TYPES[1]), count],
    );
    const setup = (await one<{ id: string }>(
      `insert into eoi_setups (name, project_id, opens_at, closes_at, amount, max_eois_per_customer, refundable, token_prefix, payment_plan_id, status)
       values ($1, $2, now() - interval '1 day', now() + interval '10 days', 25000, 1, true, $3, $4, 'open') returning id::text as id`,
      [`Launch ${tag}`, project, tag, plan],
    )).id;
    const eois: string[] = [];
    for (let token = 1; token <= count + 1; token += 1) {
      const customer = (await one<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', $1, $2, $3) returning id::text as id", [
        `Bulk Buyer ${tag}-${token}`,
        `2970${String(round).padStart(3, '0')}${String(token).padStart(7, '0')}`,
        `+2012${String(round * 1000 + token).padStart(8, '0')}`,
      ])).id;
      const id = randomUUID();
      const budget = options.budget ? { budget: options.budget } : {};
      const preferences = token <= count ? [{ unitType: TYPES[token % 2], ...budget }, { unitType: TYPES[(token + 1) % 2], ...budget }] : [{ unitType: 'No such type' }];
      await db.query(
        `insert into eois (id, number, title, setup_id, project_id, customer_id, token, token_label, preferences, amount_due, paid_amount, refunded_amount, status, paid_at, created_by)
         values ($1, $2, $2, $3, $4, $5, $6, $7, $8::jsonb, 25000, 25000, 0, 'paid', now(), $9)`,
        [id, `EOI-${tag}-${String(token).padStart(4, '0')}`, setup, project, customer, token, `${tag}-${token}`, JSON.stringify(preferences), options.agent ?? null],
      );
      await db.query("insert into eoi_payments (number, eoi_id, kind, amount, method_id, paid_on, status) values ($1, $2, 'payment', 25000, $3, current_date, 'recorded')", [`EOP-${tag}-${token}`, id, cash]);
      eois.push(id);
    }
    await db.query('insert into eoi_token_counters (setup_id, last) values ($1, $2)', [setup, count + 1]);
    const made = await manager.agent.request({ method: 'POST', url: '/api/bulk-deals', payload: { setup } });
    expect(made.statusCode, made.body).toBe(201);
    const dealId = made.json().data.id as string;
    const dry = await post(`/api/bulk-deals/${dealId}/actions/dryRun`);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ matched: count, conflicts: 1 });
    return { project, setup, plan, dealId, eois, dealNumber: dry.json().data.number as string, run: dry.json().data.result as { matches: { unit: string; price: string }[] } };
  }

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    manager = { id: user.id, agent };
  });
  afterAll(async () => {
    await app.close();
    await databases.cleanup();
  });

  it('makes every match a confirmed reservation: numbers consecutive in token order, versions, history, claims, events and payments as one by one', async () => {
    const count = 24;
    const { project, setup, dealId, eois, dealNumber } = await launch(count);
    const published = await post(`/api/bulk-deals/${dealId}/actions/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published' });

    const made = await rows<{ id: string; number: string; token: number; status: string; version: number; fee_paid: string; eoi: string; unit: string; agent: string }>(
      `select r.id::text as id, r.number, e.token, r.status, r.version, r.fee_paid::text as fee_paid, r.eoi_id::text as eoi, r.unit_id::text as unit, r.agent_id::text as agent
         from reservations r join eois e on e.id = r.eoi_id where e.setup_id = $1 order by e.token`,
      [setup],
    );
    expect(made).toHaveLength(count);
    const serials = made.map((row) => Number(row.number.split('-').at(-1)));
    expect(serials).toEqual(serials.map((_, index) => serials[0]! + index));
    expect(made.every((row) => row.status === 'confirmed' && row.version === 2 && row.fee_paid === '25000.00' && row.agent === manager.id)).toBe(true);
    // Nothing else took a number of the year in between: the counter stands at the last one.
    const counter = await one<{ last: number }>("select last from document_counters where prefix = 'RSV' and year = extract(year from now())::int");
    expect(counter.last).toBe(serials.at(-1));

    const ids = made.map((row) => row.id);
    const history = await rows<{ record_id: string; action: string; source: string; changes: Record<string, { after: unknown }> }>(
      "select record_id::text as record_id, action, source, changes from record_history where resource = 'reservations' and record_id = any($1::uuid[]) order by id",
      [ids],
    );
    expect(history).toHaveLength(count * 2);
    for (const id of ids) {
      const own = history.filter((entry) => entry.record_id === id);
      expect(own.map((entry) => entry.action)).toEqual(['create', 'submit']);
      expect(own[0]!.source).toBe('action');
      expect(own[0]!.changes.feePaid).toMatchObject({ after: '25000.00' });
      expect(own[1]!.changes.status).toMatchObject({ after: 'confirmed' });
    }
    const payments = await rows<{ n: number }>("select count(*)::int as n from reservation_payments where reservation_id = any($1::uuid[]) and status = 'approved' and kind = 'fee' and carried_from like 'EOP-%'", [ids]);
    expect(payments[0]!.n).toBe(count);

    const allocated = await rows<{ id: string; status: string; unit: string | null; reservation: string | null; version: number }>(
      "select id::text as id, status, unit_id::text as unit, reservation_id::text as reservation, version from eois where setup_id = $1 and status = 'allocated'",
      [setup],
    );
    expect(allocated).toHaveLength(count);
    expect(allocated.every((eoi) => made.some((row) => row.eoi === eoi.id && row.unit === eoi.unit && row.id === eoi.reservation))).toBe(true);
    const eoiHistory = await rows<{ action: string; reason: string }>("select action, reason from record_history where resource = 'eois' and record_id = any($1::uuid[]) and action = 'allocate'", [eois]);
    expect(eoiHistory).toHaveLength(count);
    expect(eoiHistory.every((entry) => entry.reason.startsWith(`${dealNumber}: unit BP`))).toBe(true);
    // The EOI no unit fits waits for its refund.
    const left = await one<{ refund_due: boolean; status: string }>('select refund_due, status from eois where id = $1', [eois.at(-1)]);
    expect(left).toEqual({ refund_due: true, status: 'paid' });

    const units = await rows<{ id: string; status: string; version: number }>('select id::text as id, status, version from units where project_id = $1', [project]);
    expect(units.every((unit) => unit.status === 'reserved' && unit.version === 2)).toBe(true);
    const unitIds = units.map((unit) => unit.id);
    const unitHistory = await rows<{ action: string; n: number }>("select action, count(*)::int as n from record_history where resource = 'units' and record_id = any($1::uuid[]) group by action", [unitIds]);
    expect(unitHistory).toEqual([{ action: 'allocate', n: count }]);
    // Every unit is announced on the board: one status event each, naming its EOI.
    const events = await rows<{ unit_id: string; from_status: string; to_status: string; action: string; document_resource: string; reason: string }>(
      'select unit_id::text as unit_id, from_status, to_status, action, document_resource, reason from unit_status_events where unit_id = any($1::uuid[])',
      [unitIds],
    );
    expect(events).toHaveLength(count);
    expect(new Set(events.map((event) => event.unit_id)).size).toBe(count);
    expect(events.every((event) => event.from_status === 'available' && event.to_status === 'reserved' && event.action === 'allocate' && event.document_resource === 'eois' && event.reason.startsWith(`${dealNumber}: EOI-`))).toBe(true);
    const claims = await rows<{ kind: string; document_resource: string; holder: string }>(
      'select kind, document_resource, holder_id::text as holder from unit_claims where unit_id = any($1::uuid[]) and released_at is null',
      [unitIds],
    );
    expect(claims).toHaveLength(count);
    expect(claims.every((claim) => claim.kind === 'reservation' && claim.document_resource === 'reservations' && claim.holder === manager.id)).toBe(true);
  });

  it('makes each reservation as the one-by-one path (createReservation from an EOI) makes it for a like unit and the same plan: prices, the project’s fee and days to sign, claim, payments, history', async () => {
    const { project, setup, dealId, dealNumber } = await launch(3);
    // The project's reservation rules, which both paths take: a default fee and 21 days to sign.
    await db.query('insert into reservation_setups (name, project_id, sign_by_days, default_fee) values ($1, $2, 21, 50000)', [`Reservations ${project}`, project]);
    const published = await post(`/api/bulk-deals/${dealId}/actions/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const batch = await one<{ id: string; unit: string; type: string; price: string; plan: string }>(
      `select r.id::text as id, r.unit_id::text as unit, u.unit_type_id::text as type, u.base_price::text as price, r.payment_plan_id::text as plan
         from reservations r join eois e on e.id = r.eoi_id join units u on u.id = r.unit_id where e.setup_id = $1 order by e.token limit 1`,
      [setup],
    );

    // One by one: a unit like the batch's first (type, price), allocated to another paid EOI of the launch, reserved from it as `allocateToReservation` does.
    const unit = (await one<{ id: string }>(
      "insert into units (code, project_id, block, floor, unit_type_id, base_price, status) values ($1, $2, 'B', 1, $3, $4, 'available') returning id::text as id",
      [`BPX${round}`, project, batch.type, batch.price],
    )).id;
    const customer = (await one<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', $1, $2, $3) returning id::text as id", [`One Buyer ${round}`, `2980${String(round).padStart(3, '0')}0000001`, `+2013${String(round).padStart(8, '0')}`])).id;
    const eoi = randomUUID();
    await db.query(
      `insert into eois (id, number, title, setup_id, project_id, customer_id, token, token_label, preferences, amount_due, paid_amount, refunded_amount, status, paid_at)
       values ($1, $2, $2, $3, $4, $5, 99, 'one', '[]'::jsonb, 25000, 25000, 0, 'paid', now())`,
      [eoi, `EOI-ONE-${round}`, setup, project, customer],
    );
    const cash = (await one<{ id: string }>("select id::text as id from payment_methods where kind = 'cash' limit 1")).id;
    await db.query("insert into eoi_payments (number, eoi_id, kind, amount, method_id, paid_on, status) values ($1, $2, 'payment', 25000, $3, current_date, 'recorded')", [`EOP-ONE-${round}`, eoi, cash]);
    const { engine } = createEngine(db, { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined });
    const publisher = { auth: null, source: 'action' as const };
    const single = await engineTransaction(engine, async (tx) => {
      await claimUnit(engine, tx, publisher, { unitId: unit, kind: 'allocation', document: { resource: 'eois', id: eoi }, holderId: manager.id, expiresAt: null, action: 'allocate' });
      return createReservation(engine, tx, { unitId: unit, customerId: customer, paymentPlanId: batch.plan, agentId: manager.id, notes: `Bulk deal ${dealNumber}`, source: { kind: 'eoi', eoiId: eoi } }, publisher, { answer: 'id' });
    });

    const read = (id: string) =>
      one<Record<string, unknown>>(
        `select r.source, r.project_id::text as project, r.agent_id::text as agent, r.payment_plan_id::text as plan, r.offer_id::text as offer, r.broker_id::text as broker,
                r.discount_kind, r.discount_value::text as discount_value, r.list_price::text as list_price, r.discount_amount::text as discount_amount, r.discount_pct::text as discount_pct,
                r.net_price::text as net_price, r.sign_by::text as sign_by, r.fee::text as fee, r.fee_paid::text as fee_paid, r.status, r.revision, r.modification_pending,
                r.needs_approval_reason, r.notes, r.version, r.title = c.full_name || ' – ' || u.code as titled
           from reservations r join customers c on c.id = r.customer_id join units u on u.id = r.unit_id where r.id = $1`,
        [id],
      );
    const made = await read(batch.id);
    expect(made).toEqual(await read(single.id));
    const signBy = (await one<{ day: string }>("select ((now() at time zone 'Africa/Cairo')::date + 21)::text as day")).day;
    expect(made).toMatchObject({ source: 'eoi', status: 'confirmed', list_price: batch.price, net_price: batch.price, discount_kind: 'percent', fee: '50000.00', fee_paid: '25000.00', sign_by: signBy, agent: manager.id, titled: true, version: 2 });

    // The claim handed over, the payment carried, the history and the unit's events: alike.
    const after = async (id: string) => ({
      claims: await rows('select c.kind, c.holder_id::text as holder from unit_claims c join reservations r on r.unit_id = c.unit_id where r.id = $1 and c.released_at is null and c.document_id = r.id', [id]),
      payments: await rows(
        `select p.kind, p.status, p.amount::text as amount, p.carried_from like 'EOP-%' as carried, p.description = 'Reservation fee for ' || r.number as described
           from reservation_payments p join reservations r on r.id = p.reservation_id where r.id = $1`,
        [id],
      ),
      history: (await rows<{ action: string; fee: boolean }>("select action, changes ? 'feePaid' as fee from record_history where resource = 'reservations' and record_id = $1 order by id", [id])),
      events: await rows("select e.from_status, e.to_status, e.action from unit_status_events e join reservations r on r.unit_id = e.unit_id where r.id = $1 order by e.id", [id]),
    });
    const batchAfter = await after(batch.id);
    expect(batchAfter).toEqual(await after(single.id));
    expect(batchAfter).toEqual({
      claims: [{ kind: 'reservation', holder: manager.id }],
      payments: [{ kind: 'fee', status: 'approved', amount: '25000.00', carried: true, described: true }],
      history: [
        { action: 'create', fee: true },
        { action: 'submit', fee: false },
      ],
      events: [{ from_status: 'available', to_status: 'reserved', action: 'allocate' }],
    });
  });

  it('credits each reservation to its EOI’s agent (agent, creator, claim holder), its history naming who published; prices the launch plan’s discount in, as a preview does, and matches budgets against that price', async () => {
    const seller = await createTestUser(db, [{ entityName: 'eoi', action: 'read' }, { entityName: 'eoi', action: 'create' }]);
    const count = 3;
    // Every unit's list price (1,001,000 to 1,003,000) is above the budget; its price on the plan (3% off) is below it.
    const budget = String(Math.floor((1_000_000 + count * 1000) * 0.98));
    const { setup, plan, dealId, run } = await launch(count, { planDiscount: '3', agent: seller.id, budget });
    const published = await post(`/api/bulk-deals/${dealId}/actions/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const made = await rows<{ id: string; unit: string; code: string; agent: string; creator: string; list_price: string; discount_amount: string; plan_pct: string; net_price: string; status: string }>(
      `select r.id::text as id, r.unit_id::text as unit, u.code, r.agent_id::text as agent, r.created_by::text as creator, r.list_price::text as list_price,
              r.discount_amount::text as discount_amount, r.plan_discount_pct::text as plan_pct, r.net_price::text as net_price, r.status
         from reservations r join eois e on e.id = r.eoi_id join units u on u.id = r.unit_id where e.setup_id = $1 order by e.token`,
      [setup],
    );
    expect(made).toHaveLength(count);
    for (const row of made) {
      expect(row).toMatchObject({ agent: seller.id, creator: seller.id, status: 'confirmed' });
      // 3% of the list price, half up to the piastre.
      const cents = BigInt(Math.round(Number(row.list_price) * 100));
      const off = (cents * 300n + 5000n) / 10000n;
      expect([row.discount_amount, Number(row.plan_pct), row.net_price]).toEqual([money(off), 3, money(cents - off)]);
      expect(Number(row.net_price)).toBeLessThanOrEqual(Number(budget));
      expect(Number(row.list_price)).toBeGreaterThan(Number(budget));
      // The dry run showed the price on the plan, the price reserved at.
      expect(run.matches.find((match) => match.unit === row.code)?.price).toBe(row.net_price);
      // A preview of the unit on the launch's plan prices it the same.
      const preview = await manager.agent.request({ method: 'POST', url: '/api/reservations/preview', payload: { unit: row.unit, paymentPlan: plan } });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toMatchObject({ listPrice: row.list_price, discountAmount: row.discount_amount, netPrice: row.net_price, planDiscountPct: '3.0000' });
    }
    const ids = made.map((row) => row.id);
    const claims = await rows<{ holder: string }>('select c.holder_id::text as holder from unit_claims c join reservations r on r.id = c.document_id where r.id = any($1::uuid[]) and c.released_at is null', [ids]);
    expect(claims.map((claim) => claim.holder)).toEqual(made.map(() => seller.id));
    // The history still says who published it.
    const created = await rows<{ actor: string }>("select actor_id::text as actor from record_history where resource = 'reservations' and record_id = any($1::uuid[]) and action = 'create'", [ids]);
    expect(created.map((entry) => entry.actor)).toEqual(made.map(() => manager.id));
  });

  it('refuses the whole publish when a unit was claimed since the dry run, naming it; nothing stays, and it publishes once the unit is free', async () => {
    const count = 12;
    const { project, setup, dealId } = await launch(count);
    const taken = await one<{ id: string; code: string }>("select id::text as id, code from units where project_id = $1 order by code offset 7 limit 1", [project]);
    const hold = await one<{ id: string }>(
      "insert into unit_claims (unit_id, kind, document_resource, document_id, holder_id) values ($1, 'hold', 'hold-requests', gen_random_uuid(), $2) returning id::text as id",
      [taken.id, manager.id],
    );
    const before = await one<{ reservations: number; history: number; counter: number | null }>(
      "select (select count(*)::int from reservations) as reservations, (select count(*)::int from record_history) as history, (select last from document_counters where prefix = 'RSV' and year = extract(year from now())::int) as counter",
    );
    const refused = await post(`/api/bulk-deals/${dealId}/actions/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^Unit ${taken.code} is held by `));
    const after = await one<typeof before>(
      "select (select count(*)::int from reservations) as reservations, (select count(*)::int from record_history) as history, (select last from document_counters where prefix = 'RSV' and year = extract(year from now())::int) as counter",
    );
    expect(after).toEqual(before);
    const still = await rows<{ status: string; n: number }>('select status, count(*)::int as n from eois where setup_id = $1 group by status', [setup]);
    expect(still).toEqual([{ status: 'paid', n: count + 1 }]);
    const claimed = await one<{ n: number }>('select count(*)::int as n from unit_claims c join units u on u.id = c.unit_id where u.project_id = $1 and c.released_at is null', [project]);
    expect(claimed.n).toBe(1);

    await db.query("update unit_claims set released_at = now(), released_reason = 'test' where id = $1", [hold.id]);
    const published = await post(`/api/bulk-deals/${dealId}/actions/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const made = await one<{ n: number }>("select count(*)::int as n from reservations r join eois e on e.id = r.eoi_id where e.setup_id = $1 and r.status = 'confirmed'", [setup]);
    expect(made.n).toBe(count);
  });
});
