import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { engineTransaction } from '@propdesk/records/server';
import { claimUnit, createReservation, markReservationContracted, runReservationExpiry } from '@propdesk/sales/server';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const read = (entityName: string): Privilege => ({ entityName, action: 'read' });
const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'reservation', action })),
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'holdRequest', action })),
  ...['read', 'create'].map((action) => ({ entityName: 'reservationPayment', action })),
  read('unit'),
  read('customer'),
  read('lead'),
];
const financePrivileges: Privilege[] = [
  ...agentPrivileges,
  { entityName: 'reservation', action: 'approve' },
  { entityName: 'reservationPayment', action: 'approve' },
  { entityName: 'holdRequest', action: 'approve' },
];

type Agent = ReturnType<typeof createAgent>;
type Person = { id: string; agent: Agent };
type Unit = { id: string; code: string; project: string; price: string };
type Reservation = Record<string, unknown> & { id: string; number: string; status: string; version: number; unit: string; netPrice: string; listPrice: string };

const CLAIMED = /^Unit \S+ is (held by|reserved by|allocated to) Test User( until .+)?\.$/;

/**
 * Reservations (issue 17): creation from a unit or a hold, prices and discount authority, the
 * workflow and every wrong-state action, the 50-call race on one unit, modification as a new revision
 * (and its unit swap racing a hold), payments and the fee, contracting, and the expiry job (concurrent
 * runs, two app instances, catch-up after downtime); on PGlite and PostgreSQL.
 */
describe.each(DB_KINDS)('reservations on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agentA: Person;
  let agentB: Person;
  let finance: Person;
  let customerId: string;
  let customer2: string;
  let planId: string;
  const plans = new Map<string, string>();
  let financeDept: string;
  const projects: Record<'palm' | 'zayed' | 'coast', string> = { palm: '', zayed: '', coast: '' };
  const taken = new Set<string>();
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person(privileges: Privilege[], authorityPct: string | null, department?: string): Promise<Person> {
    const user = await createTestUser(db, privileges);
    if (department) await db.query('update users set department_id = $2 where id = $1', [user.id, department]);
    if (authorityPct !== null) {
      await db.query('insert into discount_authorities (role_id, max_pct) select role_id, $2 from user_roles where user_id = $1', [user.id, authorityPct]);
    }
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }

  /** An available, priced unit of the project nobody has ever claimed (the demo's released holds left alone) and no other test uses. */
  async function freeUnit(project: string): Promise<Unit> {
    const rows = await db.query<Unit>(
      `select u.id::text as id, u.code, u.project_id::text as project, u.base_price::text as price from units u
        where u.project_id = $1 and u.active and u.status = 'available' and u.base_price is not null and not (u.id = any($2::uuid[]))
          and not exists (select 1 from unit_claims c where c.unit_id = u.id)
        order by u.code limit 1`,
      [project, [...taken]],
    );
    const unit = rows.rows[0]!;
    taken.add(unit.id);
    return unit;
  }

  const reserve = (who: Person, unit: Unit, extra: Record<string, unknown> = {}) =>
    who.agent.request({ method: 'POST', url: '/api/reservations', payload: { unit: unit.id, customer: customerId, paymentPlan: plans.get(unit.project), discountKind: 'percent', discountValue: '1', ...extra } });

  async function newReservation(who: Person, unit: Unit, extra: Record<string, unknown> = {}): Promise<Reservation> {
    const response = await reserve(who, unit, extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Reservation;
  }

  const act = (who: Person, id: string, action: string, reason?: string) =>
    who.agent.request({ method: 'POST', url: `/api/reservations/${id}/actions/${action}`, payload: reason ? { reason } : {} });
  const getReservation = async (id: string) => (await finance.agent.request({ method: 'GET', url: `/api/reservations/${id}` })).json().data as Reservation;
  const unitStatus = async (id: string) => (await db.query<{ status: string }>('select status from units where id = $1', [id])).rows[0]!.status;
  const liveClaim = async (unitId: string) =>
    (await db.query<{ kind: string; document_id: string }>('select kind, document_id::text as document_id from unit_claims where unit_id = $1 and released_at is null', [unitId])).rows;
  const userNotes = async (userId: string, title: string) => (await db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and title = $2', [userId, title])).rows[0]!.n;
  const deptNotes = async (title: string) => (await db.query<{ n: number }>('select count(*)::int as n from notifications where department_id = $1 and title = $2', [financeDept, title])).rows[0]!.n;
  /** Everything a refused action could have touched. */
  const fingerprint = async (reservation: Reservation) => ({
    row: await getReservation(reservation.id),
    unit: await unitStatus(reservation.unit),
    claims: await liveClaim(reservation.unit),
    history: (await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'reservations' and record_id = $1", [reservation.id])).rows[0]!.n,
  });

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    const ids = await db.query<{ name: string; id: string }>("select name, id::text as id from projects where name in ('Palm Heights', 'Zayed Residences', 'North Coast Bay')");
    for (const row of ids.rows) {
      if (row.name === 'Palm Heights') projects.palm = row.id;
      if (row.name === 'Zayed Residences') projects.zayed = row.id;
      if (row.name === 'North Coast Bay') projects.coast = row.id;
    }
    expect(Object.values(projects).every(Boolean)).toBe(true);
    financeDept = (await db.query<{ id: string }>("select id::text as id from departments where name = 'Finance'")).rows[0]!.id;
    agentA = await person(agentPrivileges, '2');
    agentB = await person(agentPrivileges, '2');
    finance = await person(financePrivileges, null, financeDept);
    const made = await db.query<{ id: string }>(
      "insert into customers (kind, full_name, national_id, phone) values ('individual', 'Reservation Buyer', '29001019876543', '+201012345670'), ('individual', 'Second Buyer', '29001019876544', '+201012345671') returning id::text as id",
    );
    customerId = made.rows[0]!.id;
    customer2 = made.rows[1]!.id;
    for (const project of Object.values(projects)) {
      plans.set(project, (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [project])).rows[0]!.id);
    }
    planId = plans.get(projects.palm)!;
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('reserves within authority: RSV number, exact net price, the unit reserved, sign-by in 14 days', async () => {
    const unit = await freeUnit(projects.palm);
    const draft = await newReservation(agentA, unit, { discountValue: '1.5', fee: '50000.00', buyers: [{ customer: customerId, share: '60' }, { customer: customer2, share: '40' }] });
    expect(draft.number).toMatch(/^RSV-\d{4}-\d{5}$/);
    expect(draft.status).toBe('draft');
    expect(draft.listPrice).toBe(Number(unit.price).toFixed(2));
    // 1.5% off the list price, to the piastre, computed in decimals.
    const discount = (BigInt(Math.round(Number(unit.price) * 100)) * 15n + 500n) / 1000n;
    expect(draft.discountAmount).toBe(`${discount / 100n}.${String(discount % 100n).padStart(2, '0')}`);
    const net = BigInt(Math.round(Number(unit.price) * 100)) - discount;
    expect(draft.netPrice).toBe(`${net / 100n}.${String(net % 100n).padStart(2, '0')}`);
    const sign = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect([sign, new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10), new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10)]).toContain(draft.signBy);
    // A draft keeps the unit on hold for itself.
    expect(await unitStatus(unit.id)).toBe('on_hold');
    expect(await liveClaim(unit.id)).toEqual([{ kind: 'hold', document_id: draft.id }]);
    const submitted = await act(agentA, draft.id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('confirmed');
    expect(await unitStatus(unit.id)).toBe('reserved');
    expect(await liveClaim(unit.id)).toEqual([{ kind: 'reservation', document_id: draft.id }]);
    const buyers = (await getReservation(draft.id)).buyers as { customer: string; share: string }[];
    expect(buyers.map((buyer) => [buyer.customer, Number(buyer.share)]).sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      [customerId, 60],
      [customer2, 40],
    ]);
  });

  it('a discount above the agent’s authority waits for finance (told), who approves it; reject sends it back', async () => {
    const unit = await freeUnit(projects.palm);
    const draft = await newReservation(agentA, unit, { discountValue: '4' });
    const submitted = await act(agentA, draft.id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('pending_approval');
    expect(submitted.json().data.needsApprovalReason).toBe('A discount of 4% is above your authority of 2%.');
    expect(await unitStatus(unit.id)).toBe('on_hold');
    expect(await deptNotes(`Reservation to approve: ${draft.number}`)).toBe(1);
    // The agent cannot approve.
    expect((await act(agentA, draft.id, 'approve')).statusCode).toBe(423);
    const rejected = await act(finance, draft.id, 'reject', 'Give 3% at most');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.status).toBe('draft');
    expect(await userNotes(agentA.id, `Reservation sent back: ${draft.number}`)).toBe(1);
    expect((await act(agentA, draft.id, 'submit')).json().data.status).toBe('pending_approval');
    const approved = await act(finance, draft.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('confirmed');
    expect(approved.json().data.approvedBy).toBe(finance.id);
    expect(await unitStatus(unit.id)).toBe('reserved');
    expect(await userNotes(agentA.id, `Reservation approved: ${draft.number}`)).toBe(1);
  });

  it('50 simultaneous reserve calls on one unit: exactly one wins, the rest get a 409 naming the unit and its holder', async () => {
    const unit = await freeUnit(projects.zayed);
    const answers = await Promise.all(Array.from({ length: 50 }, (_value, index) => reserve(index % 2 ? agentA : agentB, unit, { submit: true })));
    const won = answers.filter((answer) => answer.statusCode === 201);
    expect(won).toHaveLength(1);
    const losers = answers.filter((answer) => answer.statusCode === 409);
    expect(losers).toHaveLength(49);
    for (const answer of losers) expect(answer.json().message).toMatch(CLAIMED);
    for (const answer of losers) expect(answer.json().message).toContain(unit.code);
    expect((await db.query<{ n: number }>('select count(*)::int as n from reservations where unit_id = $1', [unit.id])).rows[0]!.n).toBe(1);
    expect((await db.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = $1', [unit.id])).rows[0]!.n).toBe(1);
    expect(await unitStatus(unit.id)).toBe('reserved');
  });

  it('refuses every action from a wrong state, naming the state and changing nothing', async () => {
    const unit = await freeUnit(projects.palm);
    const reservation = await newReservation(agentA, unit, { submit: true });
    expect(reservation.status).toBe('confirmed');
    for (const [action, reason] of [['submit', undefined], ['approve', undefined], ['reject', 'no']] as const) {
      const before = await fingerprint(reservation);
      const answer = await act(finance, reservation.id, action, reason);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toContain('while the reservation is confirmed');
      expect(await fingerprint(reservation)).toEqual(before);
    }
    // Cancelled: nothing more, not even a payment or a modification.
    expect((await act(agentA, reservation.id, 'cancel', 'Customer withdrew')).statusCode).toBe(200);
    expect(await unitStatus(unit.id)).toBe('available');
    expect(await liveClaim(unit.id)).toEqual([]);
    const cancelled = (await getReservation(reservation.id)) as Reservation;
    for (const [action, reason] of [['submit', undefined], ['approve', undefined], ['reject', 'no'], ['cancel', 'again'], ['approveModification', undefined]] as const) {
      const before = await fingerprint(cancelled);
      const answer = await act(finance, reservation.id, action, reason);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toContain('while the reservation is cancelled');
      expect(await fingerprint(cancelled)).toEqual(before);
    }
    const before = await fingerprint(cancelled);
    const modify = await agentA.agent.request({ method: 'POST', url: `/api/reservations/${reservation.id}/modify`, payload: { discountValue: '1', reason: 'Late ask' } });
    expect(modify.statusCode).toBe(422);
    expect(modify.json().message).toContain('is cancelled');
    const payment = await agentA.agent.request({ method: 'POST', url: '/api/reservation-payments', payload: { reservation: reservation.id, kind: 'fee', amount: '1000.00', paidOn: '2026-11-24' } });
    expect(payment.statusCode).toBe(400);
    expect(await fingerprint(cancelled)).toEqual(before);
    // A person's edit outside draft is the engine's 422.
    const edit = await agentA.agent.request({ method: 'PATCH', url: `/api/reservations/${reservation.id}`, payload: { version: cancelled.version, notes: 'x' } });
    expect(edit.statusCode).toBe(422);
  });

  it('typed bodies: a number as text, a boolean for a number and unknown keys are 400s naming the field', async () => {
    const unit = await freeUnit(projects.palm);
    const preview = (payload: Record<string, unknown>) => agentA.agent.request({ method: 'POST', url: '/api/reservations/preview', payload });
    expect((await preview({ unit: unit.id, discountValue: 2 })).statusCode).toBe(400);
    expect((await preview({ unit: unit.id, discountValue: true })).statusCode).toBe(400);
    expect((await preview({ unit: unit.id, surprise: 1 })).statusCode).toBe(400);
    const ok = await preview({ unit: unit.id, paymentPlan: planId, discountKind: 'amount', discountValue: '100000.00' });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ok.json().data as { netPrice: string; listPrice: string; schedule: { total: string; lines: unknown[] }; needsApproval: boolean };
    expect(data.schedule.total).toBe(data.netPrice);
    expect(data.schedule.lines.length).toBeGreaterThan(1);
    // A viewer without the reservation privilege is refused before the body is read.
    const stranger = await person([read('unit')], null);
    expect((await stranger.agent.request({ method: 'POST', url: '/api/reservations/preview', payload: { nonsense: true } })).statusCode).toBe(423);
    // An approver who reads reservations but makes none (finance) sees the view's preview too.
    const reader = await person([read('unit'), read('reservation')], null);
    const seen = await reader.agent.request({ method: 'POST', url: '/api/reservations/preview', payload: { unit: unit.id, paymentPlan: planId, discountKind: 'amount', discountValue: '100000.00' } });
    expect(seen.statusCode, seen.body).toBe(200);
  });

  it('reserves from an approved hold: the hold’s claim is handed over in place and the hold converted', async () => {
    const unit = await freeUnit(projects.coast);
    // North Coast Bay's holds need no approval (the demo setup): approved at once.
    const hold = await agentA.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unit.id, customer: customerId, hours: 4, reason: 'Visit' } });
    expect(hold.statusCode, hold.body).toBe(201);
    const holdId = hold.json().data.id as string;
    expect(await unitStatus(unit.id)).toBe('on_hold');
    // Someone else cannot reserve the held unit.
    const other = await reserve(agentB, unit);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/is held by Test User until/);
    const planCoast = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [projects.coast])).rows[0]!.id;
    const made = await reserve(agentA, unit, { fromHold: holdId, submit: true, paymentPlan: planCoast });
    expect(made.statusCode, made.body).toBe(201);
    const reservation = made.json().data as Reservation;
    expect(reservation.status).toBe('confirmed');
    expect(reservation.hold).toBe(holdId);
    expect(reservation.source).toBe('hold');
    const hr = await db.query<{ status: string }>('select status from hold_requests where id = $1', [holdId]);
    expect(hr.rows[0]!.status).toBe('converted');
    const claims = await db.query<{ document_id: string; live: boolean }>('select document_id::text as document_id, released_at is null as live from unit_claims where unit_id = $1', [unit.id]);
    expect(claims.rows).toEqual([{ document_id: reservation.id, live: true }]);
    // The unit was never free in between.
    const events = await db.query<{ to_status: string }>('select to_status from unit_status_events where unit_id = $1 order by id', [unit.id]);
    expect(events.rows.map((row) => row.to_status)).not.toContain('available');
  });

  it('modify: a new revision through approval, the old kept; a unit swap claims the new unit and frees the old in one transaction', async () => {
    const oldUnit = await freeUnit(projects.palm);
    const newUnit = await freeUnit(projects.palm);
    const reservation = await newReservation(agentA, oldUnit, { submit: true });
    expect(reservation.title).toBe(`Reservation Buyer – ${oldUnit.code}`);
    const asked = await agentA.agent.request({ method: 'POST', url: `/api/reservations/${reservation.id}/modify`, payload: { unit: newUnit.id, discountValue: '2', reason: 'Customer prefers a higher floor' } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.modificationPending).toBe(true);
    expect(await deptNotes(`Modification to approve: ${reservation.number}`)).toBe(1);
    // Nothing changes until approval.
    expect(await unitStatus(oldUnit.id)).toBe('reserved');
    expect(await unitStatus(newUnit.id)).toBe('available');
    const again = await agentA.agent.request({ method: 'POST', url: `/api/reservations/${reservation.id}/modify`, payload: { discountValue: '1', reason: 'Twice' } });
    expect(again.statusCode).toBe(422);
    const approved = await act(finance, reservation.id, 'approveModification');
    expect(approved.statusCode, approved.body).toBe(200);
    const after = approved.json().data as Reservation;
    expect(after.unit).toBe(newUnit.id);
    // Its title follows its unit (the default title names the buyer and the unit).
    expect(after.title).toBe(`Reservation Buyer – ${newUnit.code}`);
    expect(after.revision).toBe(2);
    expect(after.modificationPending).toBe(false);
    expect(after.listPrice).toBe(Number(newUnit.price).toFixed(2));
    expect(await unitStatus(oldUnit.id)).toBe('available');
    expect(await unitStatus(newUnit.id)).toBe('reserved');
    expect(await liveClaim(oldUnit.id)).toEqual([]);
    expect(await liveClaim(newUnit.id)).toEqual([{ kind: 'reservation', document_id: reservation.id }]);
    const revisions = await agentA.agent.request({ method: 'GET', url: `/api/reservations/${reservation.id}/revisions` });
    expect(revisions.statusCode).toBe(200);
    const [latest] = revisions.json().data as { status: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    expect(latest!.status).toBe('approved');
    expect(latest!.before.unit).toBe(oldUnit.id);
    expect(latest!.before.revision).toBe(1);
    expect(latest!.after.unit).toBe(newUnit.id);
    expect(latest!.before.netPrice).toBe(reservation.netPrice);
    expect(await userNotes(agentA.id, `Modification approved: ${reservation.number}`)).toBe(1);
  });

  it('prices the payment plan’s own discount (the preview, the reservation and a plan change alike); the authority judges only the discount given on top; another project’s plan is refused', async () => {
    // The plan: North Coast Bay's "25% down, 4 years annual (−3%)".
    const coastPlan = (await db.query<{ id: string }>("select id::text as id from payment_plans where name = '25% down, 4 years annual' and project_id = $1", [projects.coast])).rows[0]!.id;
    const unit = await freeUnit(projects.coast);
    const cents = BigInt(Math.round(Number(unit.price) * 100));
    const off = (basisPoints: bigint) => (cents * basisPoints + 5000n) / 10000n;
    const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
    const plan = off(300n);
    const given = off(150n);
    const body = { unit: unit.id, paymentPlan: coastPlan, discountKind: 'percent', discountValue: '1.5' };
    const preview = await agentA.agent.request({ method: 'POST', url: '/api/reservations/preview', payload: body });
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json().data as Record<string, unknown> & { schedule: { total: string } };
    expect(priced).toMatchObject({ listPrice: money(cents), planDiscountAmount: money(plan), planDiscountPct: '3.0000', discountAmount: money(plan + given), discountPct: '4.5000', netPrice: money(cents - plan - given), needsApproval: false });
    expect(priced.schedule.total).toBe(priced.netPrice);
    // The reservation is priced as its preview; 4.5% in all, but 1.5% given is within the agent's 2%: confirmed.
    const made = await newReservation(agentA, unit, { paymentPlan: coastPlan, discountValue: '1.5', submit: true });
    expect(made).toMatchObject({ status: 'confirmed', listPrice: priced.listPrice, discountAmount: priced.discountAmount, netPrice: priced.netPrice });
    expect([Number(made.discountPct), Number(made.planDiscountPct)]).toEqual([4.5, 3]);
    // 2.5% given on top of the plan's 3% is above the agent's 2%: it waits, the reason naming both.
    const over = await newReservation(agentA, await freeUnit(projects.coast), { paymentPlan: coastPlan, discountValue: '2.5', submit: true });
    expect(over.status).toBe('pending_approval');
    expect(over.needsApprovalReason).toBe('A discount of 2.5% (besides the payment plan’s 3%) is above your authority of 2%.');
    // A change to a plan without a discount takes the plan's discount away, at the list price reserved at.
    const global = plans.get(projects.coast)!;
    expect((await agentA.agent.request({ method: 'POST', url: `/api/reservations/${made.id}/modify`, payload: { paymentPlan: global, reason: 'Pays by installments' } })).statusCode).toBe(200);
    const changed = await act(finance, made.id, 'approveModification');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ paymentPlan: global, listPrice: money(cents), discountAmount: money(given), netPrice: money(cents - given) });
    expect(Number(changed.json().data.planDiscountPct)).toBe(0);

    // Zayed Residences' plan for a North Coast Bay unit: the preview's 422 names it; the reservation's form gets a 400 on
    // the plan field (the picker’s own rule, pickMatch); nothing written.
    const zayedPlan = (await db.query<{ id: string }>("select id::text as id from payment_plans where name = '20% down, 5 years semi-annual' and project_id = $1", [projects.zayed])).rows[0]!.id;
    const other = await freeUnit(projects.coast);
    const wrongPreview = await agentA.agent.request({ method: 'POST', url: '/api/reservations/preview', payload: { ...body, unit: other.id, paymentPlan: zayedPlan } });
    expect(wrongPreview.statusCode).toBe(422);
    expect(wrongPreview.json().message).toBe(`The payment plan 20% down, 5 years semi-annual is for another project than unit ${other.code}; choose one of its project’s plans.`);
    const wrong = await reserve(agentA, other, { paymentPlan: zayedPlan, submit: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'paymentPlan', message: 'Choose one of the payment plans of the unit’s project' }]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from reservations where unit_id = $1', [other.id])).rows[0]!.n).toBe(0);
    expect(await unitStatus(other.id)).toBe('available');
    expect(await liveClaim(other.id)).toEqual([]);
  });

  it('a modification’s unit swap racing a hold on the new unit: one wins, the loser changes nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const oldUnit = await freeUnit(projects.zayed);
      const newUnit = await freeUnit(projects.zayed);
      const reservation = await newReservation(agentA, oldUnit, { submit: true });
      const asked = await agentA.agent.request({ method: 'POST', url: `/api/reservations/${reservation.id}/modify`, payload: { unit: newUnit.id, reason: 'Swap' } });
      expect(asked.statusCode, asked.body).toBe(200);
      // Zayed's holds wait for approval by their department; the finance person approves with holdRequest approve.
      const hold = await agentB.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: newUnit.id, customer: customerId, hours: 4, reason: 'Race' } });
      expect(hold.statusCode, hold.body).toBe(201);
      const [swap, holdApproval] = await Promise.all([act(finance, reservation.id, 'approveModification'), finance.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.json().data.id as string}/actions/approve`, payload: {} })]);
      const codes = [swap.statusCode, holdApproval.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const claims = await liveClaim(newUnit.id);
      expect(claims).toHaveLength(1);
      const current = await getReservation(reservation.id);
      if (swap.statusCode === 200) {
        expect(claims[0]!.document_id).toBe(reservation.id);
        expect(current.unit).toBe(newUnit.id);
        expect(await unitStatus(oldUnit.id)).toBe('available');
      } else {
        expect(swap.json().message).toContain(newUnit.code);
        expect(current.unit).toBe(oldUnit.id);
        expect(current.revision).toBe(1);
        expect(current.modificationPending).toBe(true);
        expect(await unitStatus(oldUnit.id)).toBe('reserved');
        expect(await liveClaim(oldUnit.id)).toEqual([{ kind: 'reservation', document_id: reservation.id }]);
        expect(await unitStatus(newUnit.id)).toBe('on_hold');
      }
    }
  });

  it('payments: recorded by the agent, approved by finance, summed into the fee paid; cancel settles the fee by the project rule', async () => {
    const unit = await freeUnit(projects.palm);
    const reservation = await newReservation(agentA, unit, { submit: true, fee: '50000.00' });
    const pay = (amount: string) => agentA.agent.request({ method: 'POST', url: '/api/reservation-payments', payload: { reservation: reservation.id, kind: 'fee', amount, paidOn: '2026-11-24' } });
    const first = await pay('20000.10');
    expect(first.statusCode, first.body).toBe(201);
    const second = await pay('9999.95');
    expect(second.statusCode, second.body).toBe(201);
    expect(await deptNotes(`Payment to approve: ${first.json().data.number as string}`)).toBe(1);
    expect((await getReservation(reservation.id)).feePaid).toBe('0.00');
    expect((await agentA.agent.request({ method: 'POST', url: `/api/reservation-payments/${first.json().data.id as string}/actions/approve`, payload: {} })).statusCode).toBe(423);
    for (const payment of [first, second]) {
      const approved = await finance.agent.request({ method: 'POST', url: `/api/reservation-payments/${payment.json().data.id as string}/actions/approve`, payload: {} });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await getReservation(reservation.id)).feePaid).toBe('30000.05');
    const again = await finance.agent.request({ method: 'POST', url: `/api/reservation-payments/${first.json().data.id as string}/actions/approve`, payload: {} });
    expect(again.statusCode).toBe(422);
    expect((await getReservation(reservation.id)).feePaid).toBe('30000.05');
    await db.query("insert into reservation_setups (name, project_id, sign_by_days, fee_on_cancel) values ('Test rule', $1, 14, 'forfeit') on conflict (project_id) do update set fee_on_cancel = 'forfeit'", [projects.palm]);
    const cancelled = await act(agentA, reservation.id, 'cancel', 'Changed their mind');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.feeOutcome).toBe('forfeit');
    expect(cancelled.json().data.cancelReason).toBe('Changed their mind');
    expect(await unitStatus(unit.id)).toBe('available');
  });

  it('contracting a confirmed reservation (for the contracts code): contracted, the unit contracted, idempotent', async () => {
    const unit = await freeUnit(projects.coast);
    const planCoast = (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [projects.coast])).rows[0]!.id;
    const { engine } = createEngine(db, services);
    const system = { auth: null, source: 'system' as const };
    const made = await engineTransaction(engine, (tx) => createReservation(engine, tx, { unitId: unit.id, customerId, paymentPlanId: planCoast, discountValue: '10' }, system));
    expect(made.status).toBe('confirmed');
    const contractId = '00000000-0000-4000-8000-000000000001';
    const done = await engineTransaction(engine, (tx) => markReservationContracted(engine, tx, made.id, contractId, system));
    expect(done.status).toBe('contracted');
    expect(await unitStatus(unit.id)).toBe('contracted');
    expect(await liveClaim(unit.id)).toEqual([]);
    await engineTransaction(engine, (tx) => markReservationContracted(engine, tx, made.id, contractId, system));
    expect((await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'reservations' and record_id = $1 and action = 'contract'", [made.id])).rows[0]!.n).toBe(1);
    await expect(engineTransaction(engine, (tx) => markReservationContracted(engine, tx, made.id, '00000000-0000-4000-8000-000000000002', system))).rejects.toThrow('is contracted');
    const cancel = await act(finance, made.id, 'cancel', 'Too late');
    expect(cancel.statusCode).toBe(422);
  });

  it('from an EOI’s allocation (a bulk deal’s publish): the claim handed over in place, its payments carried over as approved', async () => {
    const eoi = (
      await db.query<{ id: string; customer: string; paid: string; n: number }>(
        `select e.id::text as id, e.customer_id::text as customer, sum(p.amount)::numeric(16, 2)::text as paid, count(*)::int as n
           from eois e join eoi_payments p on p.eoi_id = e.id and p.kind = 'payment'
          where e.status = 'paid' and e.customer_id is not null group by e.id order by e.number limit 1`,
      )
    ).rows[0];
    expect(eoi, 'a paid demo EOI').toBeDefined();
    const unit = await freeUnit(projects.palm);
    const { engine } = createEngine(db, services);
    const publisher = { auth: null, source: 'action' as const };
    const made = await engineTransaction(engine, async (tx) => {
      await claimUnit(engine, tx, publisher, { unitId: unit.id, kind: 'allocation', document: { resource: 'eois', id: eoi!.id }, holderId: agentA.id, expiresAt: null, action: 'allocate' });
      return createReservation(engine, tx, { unitId: unit.id, customerId: eoi!.customer, paymentPlanId: planId, agentId: agentA.id, source: { kind: 'eoi', eoiId: eoi!.id } }, publisher);
    });
    expect(made.status).toBe('confirmed');
    expect(made.source).toBe('eoi');
    expect(made.eoi).toBe(eoi!.id);
    expect(made.feePaid).toBe(eoi!.paid);
    const claims = await db.query<{ kind: string; document_id: string; live: boolean }>('select kind, document_id::text as document_id, released_at is null as live from unit_claims where unit_id = $1', [unit.id]);
    expect(claims.rows).toEqual([{ kind: 'reservation', document_id: made.id, live: true }]);
    const carried = await db.query<{ n: number; approved: number }>("select count(*)::int as n, count(*) filter (where status = 'approved')::int as approved from reservation_payments where reservation_id = $1 and carried_from is not null", [made.id]);
    expect(carried.rows[0]).toEqual({ n: eoi!.n, approved: eoi!.n });
    expect(await unitStatus(unit.id)).toBe('reserved');
  });

  it('a unit someone else holds stops the caller’s whole transaction with a 409 naming the unit and its holder', async () => {
    const unit = await freeUnit(projects.palm);
    await newReservation(agentB, unit);
    const { engine } = createEngine(db, services);
    const before = (await db.query<{ n: number }>('select count(*)::int as n from reservations')).rows[0]!.n;
    const attempt = engineTransaction(engine, (tx) => createReservation(engine, tx, { unitId: unit.id, customerId, paymentPlanId: planId }, { auth: null, source: 'system' }));
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: `Unit ${unit.code} is held by Test User.` });
    expect((await db.query<{ n: number }>('select count(*)::int as n from reservations')).rows[0]!.n).toBe(before);
  });

  it('the customer’s view lists their reservations (as buyer or co-buyer), payments and holds, as far as the caller may read', async () => {
    const unit = await freeUnit(projects.palm);
    const reservation = await newReservation(agentA, unit, { customer: customer2, buyers: [{ customer: customer2, share: '70' }, { customer: customerId, share: '30' }], submit: true });
    const paid = await agentA.agent.request({ method: 'POST', url: '/api/reservation-payments', payload: { reservation: reservation.id, kind: 'fee', amount: '500.00', paidOn: '2026-11-24' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const view = await agentA.agent.request({ method: 'GET', url: `/api/customers/${customerId}/portfolio` });
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data as Record<string, { id: string }[] | null>;
    expect(data.reservations!.map((row) => row.id)).toContain(reservation.id);
    expect(data.reservationPayments!.map((row) => row.id)).toContain(paid.json().data.id);
    expect(Array.isArray(data.holds)).toBe(true);
    // The agent may not read EOIs: that part is left out, not shown empty.
    expect(data.eois).toBeNull();
    const other = await agentA.agent.request({ method: 'GET', url: `/api/customers/00000000-0000-4000-8000-00000000abcd/portfolio` });
    expect(other.statusCode).toBe(404);
    const stranger = await person([read('unit')], null);
    expect((await stranger.agent.request({ method: 'GET', url: `/api/customers/${customerId}/portfolio` })).statusCode).toBe(423);
  });

  it('the expiry job expires each reservation past its sign-by date once, even run at once on two connections', async () => {
    const due = [await newReservation(agentB, await freeUnit(projects.coast), { submit: true, paymentPlan: await coastPlan() }), await newReservation(agentB, await freeUnit(projects.coast), { paymentPlan: await coastPlan() })];
    const notDue = await newReservation(agentB, await freeUnit(projects.coast), { submit: true, paymentPlan: await coastPlan() });
    await db.query("update reservations set sign_by = current_date - 2 where id = any($1::uuid[])", [due.map((item) => item.id)]);
    let second: Database = db;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    try {
      const engines = [createEngine(db, services).engine, createEngine(second, services).engine];
      const runs = await Promise.all([runReservationExpiry(engines[0]!, notify), runReservationExpiry(engines[1]!, notify), runReservationExpiry(engines[0]!, notify)]);
      expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(2);
      for (const item of due) {
        expect((await getReservation(item.id)).status).toBe('expired');
        expect(await unitStatus(item.unit)).toBe('available');
        expect(await liveClaim(item.unit)).toEqual([]);
        const history = await db.query<{ n: number; source: string }>("select count(*)::int as n, min(source) as source from record_history where resource = 'reservations' and record_id = $1 and action = 'expire'", [item.id]);
        expect(history.rows[0]).toEqual({ n: 1, source: 'job' });
        expect(await userNotes(agentB.id, `Reservation expired: ${item.number}`)).toBe(1);
      }
      expect((await getReservation(notDue.id)).status).toBe('confirmed');
      await runReservationExpiry(engines[1]!, notify);
      for (const item of due) expect(await userNotes(agentB.id, `Reservation expired: ${item.number}`)).toBe(1);
    } finally {
      if (second !== db) await second.close();
    }
  });

  it('catches up after downtime: two app instances starting with a reservation past its sign-by date expire it once', async () => {
    const item = await newReservation(agentB, await freeUnit(projects.coast), { submit: true, paymentPlan: await coastPlan() });
    await db.query('update reservations set sign_by = current_date - 3 where id = $1', [item.id]);
    const job = await db.query<{ n: number }>("update scheduled_jobs set next_run_at = now() - interval '2 hours' where name = 'sales.reservation-expiry' returning 1 as n");
    expect(job.rows).toHaveLength(1);
    let second: Database = db;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    const apps = [await testApp(db, {}, { jobs: { tickMs: 50 } }), await testApp(second, {}, { jobs: { tickMs: 50 } })];
    try {
      await expect.poll(async () => (await getReservation(item.id)).status, { timeout: 20_000, interval: 100 }).toBe('expired');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await unitStatus(item.unit)).toBe('available');
      expect((await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'reservations' and record_id = $1 and action = 'expire'", [item.id])).rows[0]!.n).toBe(1);
      expect(await userNotes(agentB.id, `Reservation expired: ${item.number}`)).toBe(1);
    } finally {
      for (const one of apps) await one.close();
      if (second !== db) await second.close();
    }
  });

  it('reservation setups and discount authorities are read with reservationSetup read, not by anyone signed in', async () => {
    const noRules = await person([read('reservation')], null);
    const withRules = await person([read('reservation'), read('reservationSetup')], null);
    for (const resource of ['reservation-setups', 'discount-authorities']) {
      for (const url of [`/api/${resource}`, `/api/${resource}/options`]) {
        expect((await noRules.agent.request({ method: 'GET', url })).statusCode, url).toBe(423);
      }
      const listed = await withRules.agent.request({ method: 'GET', url: `/api/${resource}` });
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
  });

  async function coastPlan() {
    return (await db.query<{ id: string }>('select id::text as id from payment_plans where project_id is null or project_id = $1 order by name limit 1', [projects.coast])).rows[0]!.id;
  }
});
