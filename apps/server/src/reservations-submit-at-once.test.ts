import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'reservation', action })),
  ...['read', 'create'].map((action) => ({ entityName: 'webhook', action })),
  { entityName: 'unit', action: 'read' },
  { entityName: 'customer', action: 'read' },
];

type Person = { id: string; agent: ReturnType<typeof createAgent> };
type Reservation = Record<string, unknown> & { id: string; number: string; status: string; version: number; unit: string };

/**
 * A reservation created and submitted at once (issue 26): its outcome is known before its INSERT, so
 * it is inserted confirmed (or waiting for approval) with one history entry, and everything a submit
 * sets off happens once, as for a draft submitted by its action: the unit's claim and status, the
 * approvers' or the agent's notice, the customer's message and the webhook delivery.
 */
describe.each(DB_KINDS)('a reservation submitted as it is created on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agent: Person;
  let colleague: Person;
  let project: string;
  let plan: string;
  let customer: string;
  let financeDept: string;
  const taken: string[] = [];

  async function person(authorityPct: string): Promise<Person> {
    const user = await createTestUser(db, agentPrivileges);
    await db.query('insert into discount_authorities (role_id, max_pct) select role_id, $2 from user_roles where user_id = $1', [user.id, authorityPct]);
    const client = createAgent(app);
    expect((await client.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent: client };
  }

  async function freeUnit(): Promise<string> {
    const rows = await db.query<{ id: string }>(
      `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null and not (u.id = any($2::uuid[]))
          and not exists (select 1 from unit_claims c where c.unit_id = u.id) order by u.code limit 1`,
      [project, taken],
    );
    taken.push(rows.rows[0]!.id);
    return rows.rows[0]!.id;
  }

  async function reserve(extra: Record<string, unknown>): Promise<Reservation> {
    const made = await agent.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit: await freeUnit(), customer, paymentPlan: plan, discountKind: 'percent', ...extra } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as Reservation;
  }

  /** What a submit leaves behind, besides the reservation's own fields. */
  async function effects(reservation: Reservation) {
    const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
    return {
      unit: (await db.query<{ status: string }>('select status from units where id = $1', [reservation.unit])).rows[0]!.status,
      claims: (await db.query<{ kind: string }>('select kind from unit_claims where unit_id = $1 and released_at is null', [reservation.unit])).rows.map((row) => row.kind),
      unitEvents: (await db.query<{ from_status: string; to_status: string }>('select from_status, to_status from unit_status_events where unit_id = $1 order by id', [reservation.unit])).rows,
      toApprove: await count('select count(*)::int as n from notifications where department_id = $1 and title = $2', [financeDept, `Reservation to approve: ${reservation.number}`]),
      colleagueTold: await count('select count(*)::int as n from notifications where user_id = $1 and title = $2', [colleague.id, `Reservation confirmed: ${reservation.number}`]),
      customerMessages: await count("select count(*)::int as n from customer_messages where document_id = $1 and template = 'reservation_confirmed'", [reservation.id]),
      deliveries: await count("select count(*)::int as n from outbox where kind = 'webhook' and payload->>'event' = 'reservation.confirmed' and payload->'data'->>'id' = $1", [reservation.id]),
    };
  }

  const history = async (id: string) =>
    (await db.query<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>("select action, changes from record_history where resource = 'reservations' and record_id = $1 order by id", [id])).rows;

  beforeAll(async () => {
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    project = (await db.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]!.id;
    plan = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [project])).rows[0]!.id;
    financeDept = (await db.query<{ id: string }>("select id::text as id from departments where name = 'Finance'")).rows[0]!.id;
    customer = (await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', 'At Once Buyer', '29001019870001', '+201012340001') returning id::text as id")).rows[0]!.id;
    agent = await person('2');
    colleague = await person('2');
    await db.query('update webhooks set active = false');
    const hook = await agent.agent.request({ method: 'POST', url: '/api/webhooks', payload: { name: unique('Hook'), url: 'http://127.0.0.1:9/at-once', secret: 'whsec-0123456789abcdef', events: ['reservation.confirmed'] } });
    expect(hook.statusCode, hook.body).toBe(201);
  });
  afterAll(async () => {
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    await app?.close();
    await databases.cleanup();
  });

  it('within authority: inserted confirmed, one history entry, and the submit’s effects once each, as a draft submitted by its action', async () => {
    const atOnce = await reserve({ discountValue: '1', agent: colleague.id, submit: true });
    expect(atOnce).toMatchObject({ status: 'confirmed', approvedBy: agent.id, needsApprovalReason: null, version: 1 });
    expect(atOnce.approvedAt).toEqual(expect.any(String));
    const entries = await history(atOnce.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create']);
    expect(entries[0]!.changes.status).toEqual({ before: null, after: 'confirmed' });
    expect(entries[0]!.changes.approvedBy).toMatchObject({ before: null, after: agent.id });

    const draft = await reserve({ discountValue: '1', agent: colleague.id });
    const submitted = await agent.agent.request({ method: 'POST', url: `/api/reservations/${draft.id}/actions/submit`, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await history(draft.id)).map((entry) => entry.action)).toEqual(['create', 'submit']);

    const expected = { unit: 'reserved', claims: ['reservation'], toApprove: 0, colleagueTold: 1, customerMessages: 1, deliveries: 1 };
    expect(await effects(atOnce)).toEqual({ ...expected, unitEvents: [{ from_status: 'available', to_status: 'reserved' }] });
    // The draft's unit was on hold for it first.
    expect(await effects(submitted.json().data as Reservation)).toEqual({ ...expected, unitEvents: [{ from_status: 'available', to_status: 'on_hold' }, { from_status: 'on_hold', to_status: 'reserved' }] });
  });

  it('above authority: inserted waiting for approval with the action’s reason, the approvers asked once, nothing confirmed', async () => {
    const atOnce = await reserve({ discountValue: '4', submit: true });
    const draft = await reserve({ discountValue: '4' });
    const submitted = await agent.agent.request({ method: 'POST', url: `/api/reservations/${draft.id}/actions/submit`, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const byAction = submitted.json().data as Reservation;
    expect(byAction).toMatchObject({ status: 'pending_approval', needsApprovalReason: 'A discount of 4% is above your authority of 2%.' });
    expect(atOnce).toMatchObject({ status: 'pending_approval', needsApprovalReason: byAction.needsApprovalReason, approvedBy: null, approvedAt: null, version: 1 });
    const entries = await history(atOnce.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create']);
    expect(entries[0]!.changes.status).toEqual({ before: null, after: 'pending_approval' });

    const expected = { unit: 'on_hold', claims: ['hold'], toApprove: 1, colleagueTold: 0, customerMessages: 0, deliveries: 0, unitEvents: [{ from_status: 'available', to_status: 'on_hold' }] };
    expect(await effects(atOnce)).toEqual(expected);
    expect(await effects(byAction)).toEqual(expected);
  });
});
