import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { randomUUID } from 'node:crypto';
import { engineTransaction } from '@propdesk/records/server';
import { convertHold, runHoldExpiry } from '@propdesk/sales/server';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const read = (entityName: string): Privilege => ({ entityName, action: 'read' });
const agentPrivileges: Privilege[] = [
  ...['read', 'create', 'update'].map((action) => ({ entityName: 'holdRequest', action })),
  read('unit'),
  read('customer'),
  read('lead'),
];
const approverPrivileges: Privilege[] = [...agentPrivileges, { entityName: 'holdRequest', action: 'approve' }];
const blockerPrivileges: Privilege[] = [read('unit'), { entityName: 'unit', action: 'block' }, { entityName: 'unit', action: 'update' }];

type Agent = ReturnType<typeof createAgent>;
type Person = { id: string; agent: Agent };
type Unit = { id: string; code: string; project: string };
type Hold = Record<string, unknown> & { id: string; number: string; status: string; version: number; expiresAt: string | null };

const HELD = /^Unit \S+ is held by Test User until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\.$/;

/**
 * Holds and the unit's one live claim (issue 17): the claim under a race, every wrong-state action,
 * the limits, extensions, the expiry job (concurrent runs, two app instances, catch-up after
 * downtime), block/unblock, and the unit's story and availability as of a date.
 */
describe.each(DB_KINDS)('holds on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let agentA: Person;
  let agentB: Person;
  let approver: Person;
  let blocker: Person;
  let customerId: string;
  const projects: Record<'palm' | 'zayed' | 'coast', string> = { palm: '', zayed: '', coast: '' };
  const taken = new Set<string>();
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person(privileges: Privilege[]): Promise<Person> {
    const user = await createTestUser(db, privileges);
    const agent = createAgent(app);
    expect((await agent.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent };
  }

  /** An available unit of the project nobody holds and no other test uses. */
  async function freeUnit(project: string): Promise<Unit> {
    const rows = await db.query<Unit>(
      `select u.id::text as id, u.code, u.project_id::text as project from units u
        where u.project_id = $1 and u.active and u.status = 'available' and not (u.id = any($2::uuid[]))
          and not exists (select 1 from hold_requests h where h.unit_id = u.id)
          -- A unit with no claim at all, live or released (the demo's reservations leave released ones).
          and not exists (select 1 from unit_claims c where c.unit_id = u.id)
        order by u.code desc limit 1`,
      [project, [...taken]],
    );
    const unit = rows.rows[0]!;
    taken.add(unit.id);
    return unit;
  }

  const request = (who: Person, unit: Unit, extra: Record<string, unknown> = {}) =>
    who.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unit.id, customer: customerId, hours: 24, reason: 'Customer visiting on Thursday', ...extra } });

  async function newHold(who: Person, unit: Unit, extra: Record<string, unknown> = {}): Promise<Hold> {
    const response = await request(who, unit, extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Hold;
  }

  const act = (who: Person, id: string, action: string, reason?: string) =>
    who.agent.request({ method: 'POST', url: `/api/hold-requests/${id}/actions/${action}`, payload: reason ? { reason } : {} });
  const getHold = async (id: string) => (await approver.agent.request({ method: 'GET', url: `/api/hold-requests/${id}` })).json().data as Hold;
  const unitStatus = async (id: string) => (await db.query<{ status: string }>('select status from units where id = $1', [id])).rows[0]!.status;
  const liveClaims = async (unitId: string) => (await db.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = $1 and released_at is null', [unitId])).rows[0]!.n;
  const events = async (unitId: string) =>
    (await db.query<{ from_status: string; to_status: string; action: string; document_id: string | null; reason: string | null }>('select from_status, to_status, action, document_id::text as document_id, reason from unit_status_events where unit_id = $1 order by id', [unitId])).rows;
  const userNoteBodies = async (userId: string, title: string) =>
    (await db.query<{ body: string }>('select body from notifications where user_id = $1 and title = $2 order by seq', [userId, title])).rows.map((row) => row.body);
  const departmentNotes = async (title: string) => (await db.query<{ n: number }>('select count(*)::int as n from notifications where department_id is not null and title = $1', [title])).rows[0]!.n;
  const userNotes = async (userId: string, title: string) => (await db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and title = $2', [userId, title])).rows[0]!.n;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    agentA = await person(agentPrivileges);
    agentB = await person(agentPrivileges);
    approver = await person(approverPrivileges);
    blocker = await person(blockerPrivileges);
    const ids = await db.query<{ name: string; id: string }>("select name, id::text as id from projects where name in ('Palm Heights', 'Zayed Residences', 'North Coast Bay')");
    for (const row of ids.rows) {
      if (row.name === 'Palm Heights') projects.palm = row.id;
      if (row.name === 'Zayed Residences') projects.zayed = row.id;
      if (row.name === 'North Coast Bay') projects.coast = row.id;
    }
    expect(Object.values(projects).every(Boolean)).toBe(true);
    customerId = (await db.query<{ id: string }>('select id::text as id from customers order by created_on, id limit 1')).rows[0]?.id ?? '';
    if (!customerId) {
      const made = await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', 'Hold Customer', '29001011234567', '+201012345678') returning id::text as id");
      customerId = made.rows[0]!.id;
    }
    expect(customerId).not.toBe('');
    // Palm Heights' setup: approval by its department, 48 hours, 3 active holds per agent (the demo's).
    const setup = await db.query<{ hours: number; active: number; approval: boolean; extensions: number; total: number }>(
      'select max_hold_hours as hours, max_active_holds_per_agent as active, requires_approval as approval, max_extensions as extensions, max_total_hours as total from hold_request_setups where project_id = $1',
      [projects.palm],
    );
    expect(setup.rows[0]).toEqual({ hours: 48, active: 3, approval: true, extensions: 2, total: 168 });
    // The agents and the approver work in the department that approves Palm Heights' and Zayed Residences' holds.
    const approvers = await db.query<{ id: string }>('select distinct approver_department_id::text as id from hold_request_setups where project_id = any($1::uuid[])', [[projects.palm, projects.zayed]]);
    expect(approvers.rows).toHaveLength(1);
    await db.query('update users set department_id = $1 where id = any($2::uuid[])', [approvers.rows[0]!.id, [agentA.id, agentB.id, approver.id]]);
  });

  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('requests, approves and releases a hold: the claim, the unit, its story, the notifications', async () => {
    const unit = await freeUnit(projects.palm);
    const hold = await newHold(agentA, unit);
    expect(hold).toMatchObject({ status: 'pending', requestedBy: agentA.id, project: projects.palm, expiresAt: null });
    expect(hold.number).toMatch(/^HLD-\d{4}-\d{5}$/);
    // Who asked is told it waits for approval; each approver of the department that it waits for their
    // decision; an agent of that department who cannot approve is told nothing, nor the department as a whole.
    const asked = `Hold requested: ${unit.code} (${hold.number})`;
    expect(await userNoteBodies(agentA.id, asked)).toEqual(['24 hours, waiting for approval.']);
    expect(await userNoteBodies(approver.id, asked)).toEqual(['24 hours, waiting for your decision.']);
    expect(await userNoteBodies(agentB.id, asked)).toEqual([]);
    expect(await departmentNotes(asked)).toBe(0);
    // A pending request claims nothing yet; another agent may ask for the same unit.
    expect(await unitStatus(unit.id)).toBe('available');
    const rival = await newHold(agentB, unit);

    const before = Date.now();
    const approved = await act(approver, hold.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const data = approved.json().data as Hold;
    expect(data).toMatchObject({ status: 'approved', approvedBy: approver.id, totalHours: 24, extensions: 0 });
    const expires = new Date(data.expiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
    expect(await unitStatus(unit.id)).toBe('on_hold');
    expect(await liveClaims(unit.id)).toBe(1);
    expect(await userNotes(agentA.id, `Hold approved: ${hold.number}`)).toBe(1);

    // The rival's approval and a new request for the held unit: 409 naming the holder and the end.
    const lost = await act(approver, rival.id, 'approve');
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toMatch(HELD);
    expect(lost.json().message).toContain(unit.code);
    expect((await getHold(rival.id)).status).toBe('pending');
    const refused = await request(agentB, unit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(HELD);

    // Another agent may not release someone else's hold.
    expect((await act(agentB, hold.id, 'release')).statusCode).toBe(423);
    const released = await act(agentA, hold.id, 'release', 'Customer chose another unit');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.status).toBe('released');
    expect(await unitStatus(unit.id)).toBe('available');
    expect(await liveClaims(unit.id)).toBe(0);

    const story = await blocker.agent.request({ method: 'GET', url: `/api/units/${unit.id}/story` });
    expect(story.statusCode, story.body).toBe(200);
    const entries = story.json().data as { from: string; to: string; action: string; reason: string | null; actorId: string | null; document: { id: string; label: string } | null }[];
    expect(entries.map((entry) => [entry.from, entry.to, entry.action])).toEqual([
      ['on_hold', 'available', 'release'],
      ['available', 'on_hold', 'hold'],
    ]);
    expect(entries[0]).toMatchObject({ reason: 'Customer chose another unit', actorId: agentA.id, document: { id: hold.id, label: hold.number } });
    expect(entries[1]).toMatchObject({ actorId: approver.id, document: { id: hold.id, label: hold.number } });
    // The unit's own history shows the same changes, through the engine.
    const history = (await blocker.agent.request({ method: 'GET', url: `/api/units/${unit.id}/history` })).json().data as { action: string; changes: Record<string, unknown> }[];
    expect(history.filter((entry) => 'status' in entry.changes && entry.action !== 'create').map((entry) => entry.action)).toEqual(['release', 'hold']);
    // The rival may now be approved: the unit is free again.
    expect((await act(approver, rival.id, 'approve')).statusCode).toBe(200);
    expect(await unitStatus(unit.id)).toBe('on_hold');
  });

  it('refuses every action from a wrong state, naming the state, and changes nothing', async () => {
    const unit = await freeUnit(projects.palm);
    const hold = await newHold(agentA, unit);
    const rejected = await act(approver, hold.id, 'reject', 'Unit kept for the launch');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await userNotes(agentA.id, `Hold rejected: ${hold.number}`)).toBe(1);
    const after = await getHold(hold.id);
    for (const action of ['approve', 'reject', 'release', 'extend', 'declineExtension']) {
      const response = await act(approver, hold.id, action, 'Because');
      expect(response.statusCode, action).toBe(422);
      expect(response.json().message, action).toContain('is rejected');
    }
    expect(await getHold(hold.id)).toEqual(after);
    // Editing a decided request is refused too.
    const edit = await agentA.agent.request({ method: 'PATCH', url: `/api/hold-requests/${hold.id}`, payload: { reason: 'Changed', version: after.version } });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toContain('rejected');
    // Reject needs a reason; a pending request cannot be extended.
    const other = await newHold(agentA, await freeUnit(projects.palm));
    expect((await act(approver, other.id, 'reject')).statusCode).toBe(400);
    const extend = await act(approver, other.id, 'extend');
    expect(extend.statusCode).toBe(422);
    expect(extend.json().message).toContain('is pending');
    const ask = await agentA.agent.request({ method: 'POST', url: `/api/hold-requests/${other.id}/extend`, payload: { hours: 4 } });
    expect(ask.statusCode).toBe(422);
    expect(ask.json().message).toContain('pending');
    // Released twice: the second is refused and the unit is released once.
    expect((await act(approver, other.id, 'approve')).statusCode).toBe(200);
    expect((await act(agentA, other.id, 'release')).statusCode).toBe(200);
    const again = await act(agentA, other.id, 'release');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('is released');
    const otherUnit = (await getHold(other.id)).unit as string;
    expect((await events(otherUnit)).map((event) => event.to_status)).toEqual(['on_hold', 'available']);
    // A privilege the caller lacks is 423 before anything else.
    expect((await act(agentA, other.id, 'approve')).statusCode).toBe(423);
  });

  it('refuses requests beyond the limits, naming the limit', async () => {
    const tooLong = await request(agentB, await freeUnit(projects.palm), { hours: 49 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toContain('at most 48 hours');
    const agent = await person(agentPrivileges);
    for (let index = 0; index < 3; index += 1) await newHold(agent, await freeUnit(projects.palm));
    const fourth = await request(agent, await freeUnit(projects.palm));
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toContain('at most 3 active holds');
    expect((await db.query<{ n: number }>('select count(*)::int as n from hold_requests where requested_by_id = $1', [agent.id])).rows[0]!.n).toBe(3);
    // Neither a customer nor a lead: a field error.
    const nobody = await agentB.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: (await freeUnit(projects.palm)).id, hours: 2, reason: 'x' } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors.map((error: { field: string }) => error.field)).toContain('customer');
  });

  it('approves at once where the project needs no approval, and extends within the limits through approval', async () => {
    const coast = await freeUnit(projects.coast);
    const instant = await newHold(agentB, coast, { hours: 12 });
    expect(instant.status).toBe('approved');
    expect(await unitStatus(coast.id)).toBe('on_hold');
    // North Coast Bay: 24 hours at most, asked again by the holder: applied at once (no approval there).
    const grown = await agentB.agent.request({ method: 'POST', url: `/api/hold-requests/${instant.id}/extend`, payload: { hours: 6 } });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().data).toMatchObject({ extensions: 1, totalHours: 18, extensionHours: null });
    expect(new Date(grown.json().data.expiresAt).getTime() - new Date(instant.expiresAt!).getTime()).toBe(6 * 3_600_000);

    await db.query('update hold_request_setups set max_total_hours = 100 where project_id = $1', [projects.zayed]);
    const unit = await freeUnit(projects.zayed);
    const hold = await newHold(agentA, unit, { hours: 48 });
    expect((await act(approver, hold.id, 'approve')).statusCode).toBe(200);
    const approved = await getHold(hold.id);
    const ask = (hours: number, who = agentA) => who.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/extend`, payload: { hours } });
    expect((await ask(5, agentB)).statusCode).toBe(423);
    expect((await ask(40)).statusCode).toBe(200);
    const extensionAsked = `Extension asked: ${unit.code} (${hold.number})`;
    expect(await userNoteBodies(agentA.id, extensionAsked)).toEqual(['40 more hours, waiting for approval.']);
    expect(await userNoteBodies(approver.id, extensionAsked)).toEqual(['40 more hours, waiting for your decision.']);
    expect(await userNoteBodies(agentB.id, extensionAsked)).toEqual([]);
    const twice = await ask(10);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('already waiting');
    const extended = await act(approver, hold.id, 'extend');
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({ extensions: 1, totalHours: 88, extensionHours: null });
    expect(new Date(extended.json().data.expiresAt).getTime() - new Date(approved.expiresAt!).getTime()).toBe(40 * 3_600_000);
    const claim = await db.query<{ expires: Date }>('select expires_at as expires from unit_claims where document_id = $1 and released_at is null', [hold.id]);
    expect(new Date(claim.rows[0]!.expires).toISOString()).toBe(extended.json().data.expiresAt);
    expect(await userNotes(agentA.id, `Hold extended: ${hold.number}`)).toBe(1);
    // Beyond the total hours: refused naming it.
    const tooMuch = await ask(20);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toContain('at most 100 hours in all');
    // A declined extension leaves the hold as it was.
    expect((await ask(5)).statusCode).toBe(200);
    expect((await act(approver, hold.id, 'declineExtension', 'Launch day')).statusCode).toBe(200);
    expect(await getHold(hold.id)).toMatchObject({ extensions: 1, extensionHours: null, totalHours: 88 });
    // With no extension asked, neither decision is offered: a 422 saying so, the hold unchanged.
    for (const action of ['extend', 'declineExtension']) {
      const nothingAsked = await act(approver, hold.id, action, 'Because');
      expect(nothingAsked.statusCode, action).toBe(422);
      expect(nothingAsked.json().message, action).toContain('no extension has been asked for');
    }
    expect(await getHold(hold.id)).toMatchObject({ extensions: 1, extensionHours: null, totalHours: 88 });
    expect((await ask(10)).statusCode).toBe(200);
    expect((await act(approver, hold.id, 'extend')).statusCode).toBe(200);
    // Two extensions: the third is refused naming the count.
    const third = await ask(1);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toContain('at most 2 times');
    expect(await getHold(hold.id)).toMatchObject({ extensions: 2, totalHours: 98 });
  });

  it('50 simultaneous requests on one unit: exactly one holds it, the rest get a 409 naming the holder, nothing half-written', async () => {
    await db.query('update hold_request_setups set max_active_holds_per_agent = 100 where project_id = $1', [projects.coast]);
    const agents = [agentA, agentB, await person(agentPrivileges), await person(agentPrivileges), await person(agentPrivileges)];
    const unit = await freeUnit(projects.coast);
    const answers = await Promise.all(Array.from({ length: 50 }, (_unused, index) => request(agents[index % agents.length]!, unit, { hours: 2 })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().message).toMatch(HELD);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json().data as Hold;
    expect(winner.status).toBe('approved');
    expect((await db.query<{ n: number }>('select count(*)::int as n from hold_requests where unit_id = $1', [unit.id])).rows[0]!.n).toBe(1);
    expect((await db.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = $1', [unit.id])).rows[0]!.n).toBe(1);
    expect(await liveClaims(unit.id)).toBe(1);
    expect(await unitStatus(unit.id)).toBe('on_hold');
    expect(await events(unit.id)).toEqual([{ from_status: 'available', to_status: 'on_hold', action: 'hold', document_id: winner.id, reason: expect.any(String) }]);
    const history = await db.query<{ n: number }>("select count(*)::int as n from record_history where resource = 'units' and record_id = $1 and action <> 'create' and changes ? 'status'", [unit.id]);
    expect(history.rows[0]!.n).toBe(1);
  });

  it('50 simultaneous approvals of requests for one unit: one wins, the rest 409 and stay pending', async () => {
    await db.query('update hold_request_setups set max_active_holds_per_agent = 100 where project_id = $1', [projects.palm]);
    const unit = await freeUnit(projects.palm);
    const holds: Hold[] = [];
    for (let index = 0; index < 50; index += 1) holds.push(await newHold(index % 2 ? agentA : agentB, unit, { hours: 3 }));
    const answers = await Promise.all(holds.map((hold) => act(approver, hold.id, 'approve')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const losers = answers.filter((answer) => answer.statusCode === 409);
    expect(losers).toHaveLength(49);
    for (const answer of losers) expect(answer.json().message).toMatch(HELD);
    const states = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from hold_requests where unit_id = $1 group by status order by status', [unit.id]);
    expect(states.rows).toEqual([
      { status: 'approved', n: 1 },
      { status: 'pending', n: 49 },
    ]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from unit_claims where unit_id = $1', [unit.id])).rows[0]!.n).toBe(1);
    expect(await unitStatus(unit.id)).toBe('on_hold');
    expect((await events(unit.id)).map((event) => event.to_status)).toEqual(['on_hold']);
    await db.query('update hold_request_setups set max_active_holds_per_agent = 3 where project_id = $1', [projects.palm]);
  });

  it('the expiry job expires each due hold once, even run twice at once, and reminds before expiry once', async () => {
    const due = [await newHold(agentB, await freeUnit(projects.coast), { hours: 5 }), await newHold(agentB, await freeUnit(projects.coast), { hours: 5 })];
    const soon = await newHold(agentB, await freeUnit(projects.coast), { hours: 1 });
    await db.query("update hold_requests set expires_at = now() - interval '1 minute' where id = any($1::uuid[])", [due.map((hold) => hold.id)]);
    let second: Database = db;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    try {
      const engines = [createEngine(db, services).engine, createEngine(second, services).engine];
      const runs = await Promise.all([runHoldExpiry(engines[0]!, notify), runHoldExpiry(engines[1]!, notify), runHoldExpiry(engines[0]!, notify)]);
      expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(2);
      for (const hold of due) {
        expect((await getHold(hold.id)).status).toBe('expired');
        const unitId = (await getHold(hold.id)).unit as string;
        expect(await unitStatus(unitId)).toBe('available');
        expect(await liveClaims(unitId)).toBe(0);
        expect((await events(unitId)).map((event) => [event.to_status, event.action])).toEqual([
          ['on_hold', 'hold'],
          ['available', 'expire'],
        ]);
        const expiredHistory = await db.query<{ n: number; source: string }>(
          "select count(*)::int as n, min(source) as source from record_history where resource = 'hold-requests' and record_id = $1 and action = 'expire'",
          [hold.id],
        );
        expect(expiredHistory.rows[0]).toEqual({ n: 1, source: 'job' });
        expect(await userNotes(agentB.id, `Hold expired: ${hold.number}`)).toBe(1);
      }
      expect(await userNotes(agentB.id, `Hold expiring: ${soon.number}`)).toBe(1);
      expect((await getHold(soon.id)).status).toBe('approved');
      // Again: nothing more to do for these.
      await runHoldExpiry(engines[1]!, notify);
      for (const hold of due) expect(await userNotes(agentB.id, `Hold expired: ${hold.number}`)).toBe(1);
      expect(await userNotes(agentB.id, `Hold expiring: ${soon.number}`)).toBe(1);
    } finally {
      if (second !== db) await second.close();
    }
  });

  it('catches up after downtime: two app instances starting with a hold already past its end release it once', async () => {
    const hold = await newHold(agentB, await freeUnit(projects.coast), { hours: 4 });
    await db.query("update hold_requests set expires_at = now() - interval '3 hours' where id = $1", [hold.id]);
    // The job fell due while no server ran.
    const job = await db.query<{ n: number }>("update scheduled_jobs set next_run_at = now() - interval '2 hours' where name = 'sales.hold-expiry' returning 1 as n");
    expect(job.rows).toHaveLength(1);
    let second: Database = db;
    if (kind === 'postgres') second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    const apps = [await testApp(db, {}, { jobs: { tickMs: 50 } }), await testApp(second, {}, { jobs: { tickMs: 50 } })];
    try {
      await expect.poll(async () => (await getHold(hold.id)).status, { timeout: 20_000, interval: 100 }).toBe('expired');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const unitId = (await getHold(hold.id)).unit as string;
      expect(await unitStatus(unitId)).toBe('available');
      expect((await events(unitId)).filter((event) => event.to_status === 'available')).toHaveLength(1);
      expect(await userNotes(agentB.id, `Hold expired: ${hold.number}`)).toBe(1);
    } finally {
      for (const one of apps) await one.close();
      if (second !== db) await second.close();
    }
  });

  it('hands an approved hold’s claim to a reservation in place (convert, for the reservation code)', async () => {
    const unit = await freeUnit(projects.coast);
    const hold = await newHold(agentB, unit, { hours: 2 });
    const { engine } = createEngine(db, services);
    const reservation = { resource: 'reservations', id: randomUUID(), holderId: agentB.id, expiresAt: null };
    await engineTransaction(engine, (tx) => convertHold(engine, tx, { auth: null, source: 'system' }, hold.id, reservation));
    expect((await getHold(hold.id)).status).toBe('converted');
    expect(await unitStatus(unit.id)).toBe('reserved');
    const claims = await db.query<{ kind: string; document_id: string; live: boolean }>(
      'select kind, document_id::text as document_id, released_at is null as live from unit_claims where unit_id = $1',
      [unit.id],
    );
    expect(claims.rows).toEqual([{ kind: 'reservation', document_id: reservation.id, live: true }]);
    expect((await events(unit.id)).map((event) => [event.from_status, event.to_status, event.document_id])).toEqual([
      ['available', 'on_hold', hold.id],
      ['on_hold', 'reserved', reservation.id],
    ]);
    await expect(engineTransaction(engine, (tx) => convertHold(engine, tx, { auth: null, source: 'system' }, hold.id, reservation))).rejects.toThrow('this one is converted');
    const release = await act(agentB, hold.id, 'release');
    expect(release.statusCode).toBe(422);
    expect(await unitStatus(unit.id)).toBe('reserved');
    // A hold request for the reserved unit names the reservation's holder.
    const refused = await request(agentA, unit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Unit ${unit.code} is reserved by Test User.`);
  });

  it('blocks and unblocks a unit with a reason and the privilege; a blocked unit cannot be held', async () => {
    const unit = await freeUnit(projects.palm);
    const url = (action: string) => `/api/units/${unit.id}/actions/${action}`;
    expect((await agentA.agent.request({ method: 'POST', url: url('block'), payload: { reason: 'Show flat' } })).statusCode).toBe(423);
    expect((await blocker.agent.request({ method: 'POST', url: url('block'), payload: {} })).statusCode).toBe(400);
    const blocked = await blocker.agent.request({ method: 'POST', url: url('block'), payload: { reason: 'Show flat' } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.status).toBe('blocked');
    const refused = await request(agentA, unit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Unit ${unit.code} is blocked, not available.`);
    const twice = await blocker.agent.request({ method: 'POST', url: url('block'), payload: { reason: 'Again' } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('is blocked');
    // The form cannot change the status.
    const version = (await blocker.agent.request({ method: 'GET', url: `/api/units/${unit.id}` })).json().data.version as number;
    const patched = await blocker.agent.request({ method: 'PATCH', url: `/api/units/${unit.id}`, payload: { status: 'available', version } });
    expect(patched.statusCode === 400 || (patched.statusCode === 200 && patched.json().data.status === 'blocked'), patched.body).toBe(true);
    expect(await unitStatus(unit.id)).toBe('blocked');
    expect((await blocker.agent.request({ method: 'POST', url: url('unblock'), payload: {} })).statusCode).toBe(400);
    expect((await blocker.agent.request({ method: 'POST', url: url('unblock'), payload: { reason: 'Sold the show flat' } })).statusCode).toBe(200);
    const story = (await blocker.agent.request({ method: 'GET', url: `/api/units/${unit.id}/story` })).json().data as { from: string; to: string; action: string; reason: string; actorId: string }[];
    expect(story.map((entry) => [entry.from, entry.to, entry.action, entry.reason, entry.actorId])).toEqual([
      ['blocked', 'available', 'unblock', 'Sold the show flat', blocker.id],
      ['available', 'blocked', 'block', 'Show flat', blocker.id],
    ]);
    expect((await agentA.agent.request({ method: 'GET', url: `/api/units/${unit.id}/story` })).statusCode).toBe(200);
  });

  it('answers what was available at the end of a day, from the events', async () => {
    // Two units that existed since 2025 (the demo's were made today); one blocked on 10 Jan 2026, unblocked now.
    const first = await freeUnit(projects.zayed);
    const second = await freeUnit(projects.zayed);
    await db.query("update units set created_on = '2025-01-01T00:00:00Z' where id = any($1::uuid[])", [[first.id, second.id]]);
    const blocked = await blocker.agent.request({ method: 'POST', url: `/api/units/${first.id}/actions/block`, payload: { reason: 'Water damage' } });
    expect(blocked.statusCode).toBe(200);
    await db.query("update unit_status_events set at = '2026-01-10T10:00:00Z' where unit_id = $1", [first.id]);
    const asOf = async (date: string, extra = '') => {
      const response = await blocker.agent.request({ method: 'GET', url: `/api/units/availability?project=${projects.zayed}&date=${date}${extra}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { counts: Record<string, number>; units: { id: string; code: string }[] }; total: number; page: number; pageSize: number };
    };
    const sorted = [first, second].map((unit) => unit.id).sort();
    const ninth = await asOf('2026-01-09');
    expect(ninth.data.counts).toEqual({ available: 2 });
    expect(ninth.data.units.map((unit) => unit.id).sort()).toEqual(sorted);
    expect(ninth.total).toBe(2);
    const tenth = await asOf('2026-01-10');
    expect(tenth.data.counts).toEqual({ available: 1, blocked: 1 });
    expect(tenth.data.units.map((unit) => unit.id)).toEqual([second.id]);
    expect((await asOf('2026-01-09', '&page=2&pageSize=1')).data.units).toHaveLength(1);
    // Unblocked today: still blocked on the tenth, available today.
    expect((await blocker.agent.request({ method: 'POST', url: `/api/units/${first.id}/actions/unblock`, payload: { reason: 'Repaired' } })).statusCode).toBe(200);
    expect((await asOf('2026-01-10')).data.counts).toEqual({ available: 1, blocked: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const now = await asOf(today);
    expect(now.data.counts['available']).toBeGreaterThan(2);
    expect((await blocker.agent.request({ method: 'GET', url: `/api/units/availability?date=not-a-date` })).statusCode).toBe(400);
    expect((await agentA.agent.request({ method: 'GET', url: `/api/units/availability?date=${today}` })).statusCode).toBe(200);
  });
});
