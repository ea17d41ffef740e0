import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { runReservationExpiry } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './database.js';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const agentPrivileges: Privilege[] = [...['read', 'create', 'update'].map((action) => ({ entityName: 'reservation', action })), { entityName: 'unit', action: 'read' }, { entityName: 'customer', action: 'read' }];
const financePrivileges: Privilege[] = [...agentPrivileges, { entityName: 'reservation', action: 'approve' }];

/** `reservation_revisions` as `sales/0120_reservation_revisions` made it before the revisions were the engine's (installations made before). */
const SIDE_TABLE = `
  create table reservation_revisions (
    id uuid primary key default gen_random_uuid(),
    reservation_id uuid not null references reservations (id) on delete cascade,
    revision integer not null,
    status text not null check (status in ('pending', 'approved', 'rejected')),
    before jsonb not null,
    changes jsonb not null,
    after jsonb,
    reason text,
    requested_by uuid references users (id),
    requested_at timestamptz not null default now(),
    decided_by uuid references users (id),
    decided_at timestamptz,
    decision_reason text
  );
  create unique index reservation_revisions_pending_key on reservation_revisions (reservation_id) where status = 'pending';
  create index reservation_revisions_reservation_idx on reservation_revisions (reservation_id, requested_at);
`;

type History = { action: string; source: string; actor: string | null; reason: string | null; changes: Record<string, unknown> };

/**
 * A reservation's revisions, the reservation's internal child (issue 30): every revision write is the
 * engine's, with its own history entry under the reservation's action (modify, approve, reject, cancel,
 * expire), beside the reservation's own; and an installation made before, with the side table's rows,
 * is brought to the engine's columns keeping every row and value. On PGlite and PostgreSQL.
 */
describe.each(DB_KINDS)('reservation revisions on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agent: { id: string; agent: ReturnType<typeof createAgent> };
  let finance: { id: string; agent: ReturnType<typeof createAgent> };
  let customer: string;
  let project: string;
  let plan: string;
  const taken = new Set<string>();

  async function person(privileges: Privilege[], pct: string | null, department?: string) {
    const user = await createTestUser(db, privileges);
    if (department) await db.query('update users set department_id = $2 where id = $1', [user.id, department]);
    if (pct) await db.query('insert into discount_authorities (role_id, max_pct) select role_id, $2 from user_roles where user_id = $1', [user.id, pct]);
    const one = createAgent(app);
    expect((await one.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent: one };
  }

  /** A confirmed reservation of a unit nobody has claimed, with a pending modification asked by the agent. */
  async function withPendingModification(): Promise<string> {
    const unit = (await db.query<{ id: string }>(
      `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null and not (u.id = any($2::uuid[]))
          and not exists (select 1 from unit_claims c where c.unit_id = u.id) order by u.code limit 1`,
      [project, [...taken]],
    )).rows[0]!.id;
    taken.add(unit);
    const made = await agent.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit, customer, paymentPlan: plan, discountKind: 'percent', discountValue: '1', submit: true } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const asked = await agent.agent.request({ method: 'POST', url: `/api/reservations/${id}/modify`, payload: { discountValue: '2', reason: 'Customer asks' } });
    expect(asked.statusCode, asked.body).toBe(200);
    return id;
  }

  const revisionOf = async (reservationId: string) =>
    (await db.query<{ id: string; status: string; version: number }>('select id::text as id, status, version from reservation_revisions where reservation_id = $1', [reservationId])).rows;
  const historyOf = async (resource: string, id: string) =>
    (await db.query<History>('select action, source, actor_id::text as actor, reason, changes from record_history where resource = $1 and record_id = $2 order by id', [resource, id])).rows;
  const act = (id: string, action: string, reason?: string) => finance.agent.request({ method: 'POST', url: `/api/reservations/${id}/actions/${action}`, payload: reason ? { reason } : {} });

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    project = (await db.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]!.id;
    plan = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [project])).rows[0]!.id;
    const financeDept = (await db.query<{ id: string }>("select id::text as id from departments where name = 'Finance'")).rows[0]!.id;
    agent = await person(agentPrivileges, '2');
    finance = await person(financePrivileges, null, financeDept);
    customer = (await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', 'Revision Buyer', '29001019876547', '+201012345677') returning id::text as id")).rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('each revision write is the engine’s, with its own history entry; the reservation’s entries are as before', async () => {
    const approved = await withPendingModification();
    const [pending] = await revisionOf(approved);
    expect(pending).toMatchObject({ status: 'pending', version: 1 });
    expect((await act(approved, 'approveModification', 'Fine')).statusCode).toBe(200);
    const asked = await historyOf('reservation-revisions', pending!.id);
    expect(asked.map((entry) => [entry.action, entry.source, entry.actor, entry.reason])).toEqual([
      ['requestModification', 'action', agent.id, 'Customer asks'],
      ['approveModification', 'action', finance.id, 'Fine'],
    ]);
    expect(asked[0]!.changes.status).toEqual({ before: null, after: 'pending' });
    expect(asked[1]!.changes.status).toEqual({ before: 'pending', after: 'approved' });
    expect(Object.keys(asked[1]!.changes)).toEqual(expect.arrayContaining(['decidedAt', 'decidedBy', 'decisionReason', 'status']));
    expect(await revisionOf(approved)).toEqual([{ id: pending!.id, status: 'approved', version: 2 }]);
    const reservationActions = (await historyOf('reservations', approved)).map((entry) => entry.action);
    expect(reservationActions.slice(-2)).toEqual(['requestModification', 'approveModification']);

    // Rejected by the approver, by a cancellation and by the expiry job: each its own entry under that action.
    const rejected = await withPendingModification();
    expect((await act(rejected, 'rejectModification', 'Too much')).statusCode).toBe(200);
    const cancelled = await withPendingModification();
    expect((await act(cancelled, 'cancel', 'Withdrew')).statusCode).toBe(200);
    const expired = await withPendingModification();
    await db.query('update reservations set sign_by = current_date - 2 where id = $1', [expired]);
    const { engine } = createEngine(db, { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined });
    expect((await runReservationExpiry(engine, notify)).expired).toBeGreaterThanOrEqual(1);
    for (const [id, action, source, actor, reason] of [
      [rejected, 'rejectModification', 'action', finance.id, 'Too much'],
      [cancelled, 'cancel', 'action', finance.id, 'The reservation was cancelled'],
      [expired, 'expire', 'job', null, 'The reservation expired'],
    ] as const) {
      const [revision] = await revisionOf(id);
      expect(revision).toMatchObject({ status: 'rejected', version: 2 });
      const entries = await historyOf('reservation-revisions', revision!.id);
      expect(entries.map((entry) => [entry.action, entry.source, entry.actor, entry.reason])).toEqual([
        ['requestModification', 'action', agent.id, 'Customer asks'],
        [action, source, actor, reason],
      ]);
      const listed = (await agent.agent.request({ method: 'GET', url: `/api/reservations/${id}/revisions` })).json().data as Record<string, unknown>[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'rejected', requestedBy: 'Test User', decidedBy: actor === null ? null : 'Test User', decisionReason: reason, after: expect.objectContaining({ revision: 2 }) });
    }
    // The database still keeps one pending revision per reservation, whatever writes it.
    const again = await agent.agent.request({ method: 'POST', url: `/api/reservations/${approved}/modify`, payload: { discountValue: '1.5', reason: 'Once more' } });
    expect(again.statusCode, again.body).toBe(200);
    const twice = db.query("insert into reservation_revisions (reservation_id, revision, status, before, changes) values ($1, 9, 'pending', '{}', '{}')", [approved]);
    await expect(twice).rejects.toThrow(/reservation_revisions_pending_key/);
  });

  it('an installation made before: the side table’s rows are brought to the engine’s columns, each with its values', async () => {
    const [first, second] = (await db.query<{ id: string }>("select id::text as id from reservations where status = 'confirmed' and not modification_pending order by number limit 2")).rows.map((row) => row.id);
    await db.exec(`drop table reservation_revisions cascade; ${SIDE_TABLE}`);
    await db.query("delete from schema_migrations where id like 'records/reservation_revisions/%' or id = 'sales/0121_reservation_revisions_engine'");
    const old = await db.query<{ id: string }>(
      `insert into reservation_revisions (reservation_id, revision, status, before, changes, after, reason, requested_by, requested_at, decided_by, decided_at, decision_reason) values
         ($1, 2, 'approved', '{"revision": 1}', '{"discountValue": "2"}', '{"revision": 2}', 'Asked', $3, '2026-03-01T10:00:00.123Z', $4, '2026-03-02T11:00:00.456Z', 'Fine'),
         ($2, 2, 'pending', '{"revision": 1}', '{"discountValue": "3"}', '{"revision": 2}', 'Asked too', $3, '2026-03-04T09:30:00.789Z', null, null, null)
       returning id::text as id`,
      [first, second, agent.id, finance.id],
    );
    await db.query('update reservations set modification_pending = true where id = $1', [second]);
    const applied = await migrate(db);
    expect(applied).toContain('sales/0121_reservation_revisions_engine');
    expect(applied.filter((id) => id.startsWith('records/reservation_revisions/'))).toHaveLength(2);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<Record<string, unknown>>(
      `select id::text as id, version, created_by::text as created_by, to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as created_on,
              modified_by::text as modified_by, to_char(modified_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as modified_on,
              decided_by_id::text as decided_by, status, changes, reason, decision_reason
         from reservation_revisions order by created_on`,
    );
    expect(rows.rows).toEqual([
      { id: old.rows[0]!.id, version: 1, created_by: agent.id, created_on: '2026-03-01T10:00:00.123', modified_by: finance.id, modified_on: '2026-03-02T11:00:00.456', decided_by: finance.id, status: 'approved', changes: { discountValue: '2' }, reason: 'Asked', decision_reason: 'Fine' },
      { id: old.rows[1]!.id, version: 1, created_by: agent.id, created_on: '2026-03-04T09:30:00.789', modified_by: agent.id, modified_on: '2026-03-04T09:30:00.789', decided_by: null, status: 'pending', changes: { discountValue: '3' }, reason: 'Asked too', decision_reason: null },
    ]);
    // The list reads them as before; the engine decides the old pending one (its own history entry); the pending key stays.
    const listed = (await agent.agent.request({ method: 'GET', url: `/api/reservations/${first}/revisions` })).json().data as Record<string, unknown>[];
    expect(listed).toMatchObject([{ id: old.rows[0]!.id, status: 'approved', requestedBy: 'Test User', requestedAt: '2026-03-01T10:00:00.123Z', decidedBy: 'Test User', decidedAt: '2026-03-02T11:00:00.456Z', decisionReason: 'Fine' }]);
    const twice = db.query("insert into reservation_revisions (reservation_id, revision, status, before, changes) values ($1, 9, 'pending', '{}', '{}')", [second]);
    await expect(twice).rejects.toThrow(/reservation_revisions_pending_key/);
    const rejected = await act(second!, 'rejectModification', 'Not now');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await revisionOf(second!)).map((row) => [row.status, row.version])).toEqual([['rejected', 2]]);
    expect((await historyOf('reservation-revisions', old.rows[1]!.id)).map((entry) => [entry.action, entry.actor, entry.reason])).toEqual([['rejectModification', finance.id, 'Not now']]);
  });
});
