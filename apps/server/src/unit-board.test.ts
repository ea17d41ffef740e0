import type { Privilege } from '@propdesk/privileges';
import { notify } from '@propdesk/notifications-core/server';
import { engineTransaction, sql } from '@propdesk/records/server';
import { claimUnit, registerBoardRoutes, type Board, type BoardEvent, type SalesDashboard } from '@propdesk/sales/server';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';
import { cookieHeader, listenOnFreePort, openSse, type SseClient } from './test/sse.js';

const read = (entityName: string): Privilege => ({ entityName, action: 'read' });
const agentPrivileges: Privilege[] = [...['read', 'create', 'update'].map((action) => ({ entityName: 'holdRequest', action })), read('unit'), read('customer'), read('lead')];
const approverPrivileges: Privilege[] = [...agentPrivileges, { entityName: 'holdRequest', action: 'approve' }];

type Person = { id: string; agent: ReturnType<typeof createAgent> };

/**
 * The live inventory board (issue 17): the board's shape and counts, the stream that carries a
 * hold's claim to every open board and replays what a reconnecting one missed, a rolled-back
 * change that publishes nothing, the unit-read privilege (423) and the engine's row scope.
 */
describe.each(DB_KINDS)('unit board on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let agent: Person;
  let watcher: Person;
  let approver: Person;
  let stranger: Person;
  let palm: string;
  let customerId: string;
  const streams: SseClient[] = [];
  const services = { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined };

  async function person(privileges: Privilege[]): Promise<Person> {
    const user = await createTestUser(db, privileges);
    const one = createAgent(app);
    expect((await one.login(user.username)).statusCode).toBe(200);
    return { id: user.id, agent: one };
  }

  const board = async (who: Person, project = palm, prefix = '') => {
    const response = await who.agent.request({ method: 'GET', url: `${prefix}/api/units/board?project=${project}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Board;
  };

  async function stream(who: Person, query: string, headers: Record<string, string> = {}, prefix = '') {
    const path = `${prefix}/api/units/stream?${query}`;
    const client = await openSse(`${base}${path}`, { cookie: cookieHeader(who.agent.jar, path), ...headers });
    streams.push(client);
    return client;
  }

  const eventsOf = (client: SseClient) => client.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as BoardEvent);

  /** An available unit of Palm Heights nobody has asked for. */
  /** A free unit of Palm Heights, at random, other than those given. */
  async function freeUnit(...besides: string[]): Promise<{ id: string; code: string }> {
    const rows = await db.query<{ id: string; code: string }>(
      `select u.id::text as id, u.code from units u where u.project_id = $1 and u.active and u.status = 'available'
          and not exists (select 1 from hold_requests h where h.unit_id = u.id) and not exists (select 1 from unit_claims c where c.unit_id = u.id)
          and u.id <> all($2::uuid[])
        order by random() limit 1`,
      [palm, besides],
    );
    return rows.rows[0]!;
  }

  /** An approved hold, asked by a new agent each time (an agent may hold 3 units of a project at once). */
  async function approvedHold(unitId: string) {
    const requester = await person(agentPrivileges);
    const created = await requester.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unitId, customer: customerId, hours: 24, reason: 'Board test' } });
    expect(created.statusCode, created.body).toBe(201);
    const hold = created.json().data as { id: string };
    const approved = await approver.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/actions/approve`, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    return { hold, requester };
  }

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, {
      leadExpiryIntervalMs: 0,
      plugins: [
        // The same routes on an engine whose row scope lets a caller read only block A's units.
        async (root) => {
          const { engine } = createEngine(db, services);
          const scoped = { ...engine, rowScope: (def: { name: string }) => (def.name === 'units' ? sql`t.block = 'A'` : null) };
          await root.register(async (child) => void registerBoardRoutes(child, scoped as typeof engine, { heartbeatMs: 60_000 }), { prefix: '/api/scoped' });
        },
      ],
    });
    base = await listenOnFreePort(app);
    agent = await person(agentPrivileges);
    watcher = await person([read('unit')]);
    approver = await person(approverPrivileges);
    stranger = await person([read('customer')]);
    palm = (await db.query<{ id: string }>("select id::text as id from projects where name = 'Palm Heights'")).rows[0]!.id;
    customerId = (await db.query<{ id: string }>('select id::text as id from customers order by created_on, id limit 1')).rows[0]?.id ?? '';
    if (!customerId) {
      customerId = (await db.query<{ id: string }>("insert into customers (kind, full_name, national_id, phone) values ('individual', 'Board Customer', '29001011234568', '+201012345679') returning id::text as id")).rows[0]!.id;
    }
  });

  afterAll(async () => {
    for (const client of streams) client.destroy();
    await app?.close();
    await databases.cleanup();
  });

  it("answers a project's units by block and floor with the counts by status, the colours and the stream position", async () => {
    const data = await board(watcher);
    const expected = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from units where project_id = $1 and active group by status', [palm]);
    expect(data.units.length).toBeGreaterThan(0);
    expect(data.counts).toEqual(Object.fromEntries(expected.rows.map((row) => [row.status, row.n])));
    expect(data.project).toMatchObject({ id: palm, name: 'Palm Heights' });
    // Every unit sits in its block, on a floor its block lists; the block counts add up to the project's.
    for (const unit of data.units) expect(data.blocks.find((block) => block.block === unit.block)?.floors).toContain(unit.floor);
    const summed: Record<string, number> = {};
    for (const block of data.blocks) for (const [status, n] of Object.entries(block.counts)) summed[status] = (summed[status] ?? 0) + n;
    expect(summed).toEqual(data.counts);
    expect(data.statuses.map((status) => status.name)).toEqual(expect.arrayContaining(['available', 'on_hold', 'reserved', 'blocked']));
    for (const status of data.statuses) expect(status.color).toMatch(/^#[0-9a-f]{6}$/i);
    const max = await db.query<{ seq: string | null }>('select max(id)::text as seq from unit_status_events');
    expect(data.lastEventId).toBe(Number(max.rows[0]!.seq ?? 0));
    // The base price is a protected field: without its field privilege the board leaves it out.
    expect(data.prices).toBe(false);
    expect(data.units.every((unit) => unit.basePrice === null)).toBe(true);
  });

  it('shows the demo sales agent the list prices they sell at: their role reads the base price (a field privilege the server checks)', async () => {
    const demoAgent = createAgent(app);
    expect((await demoAgent.login('sales.agent')).statusCode).toBe(200);
    const response = await demoAgent.request({ method: 'GET', url: `/api/units/board?project=${palm}` });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Board;
    expect(data.prices).toBe(true);
    const priced = await db.query<{ id: string; price: string }>('select id::text as id, base_price::text as price from units where project_id = $1 and active and base_price is not null', [palm]);
    expect(priced.rows.length).toBeGreaterThan(0);
    const shown = new Map(data.units.map((unit) => [unit.id, unit.basePrice]));
    for (const row of priced.rows) expect(shown.get(row.id)).toBe(row.price);
    // And so does the units list; a caller with unit read alone still does not see it.
    const units = await demoAgent.request({ method: 'GET', url: `/api/units?pageSize=5&filter[project]=${palm}` });
    expect((units.json().data as { basePrice?: string }[]).every((unit) => typeof unit.basePrice === 'string')).toBe(true);
    expect((await board(watcher)).units.every((unit) => unit.basePrice === null)).toBe(true);
  });

  it('shows a held unit with who holds it until when', async () => {
    const unit = await freeUnit();
    const { requester } = await approvedHold(unit.id);
    const held = (await board(watcher)).units.find((one) => one.id === unit.id)!;
    expect(held.status).toBe('on_hold');
    expect(held.claim).toMatchObject({ kind: 'hold', holderId: requester.id, documentResource: 'hold-requests' });
    expect(new Date(held.claim!.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('refuses a caller without unit read (423) on the board and the stream, and a bad or unknown project', async () => {
    expect((await stranger.agent.request({ method: 'GET', url: `/api/units/board?project=${palm}` })).statusCode).toBe(423);
    const refused = await stream(stranger, `project=${palm}`);
    expect(refused.status).toBe(423);
    expect((await watcher.agent.request({ method: 'GET', url: '/api/units/board?project=nope' })).statusCode).toBe(400);
    expect((await watcher.agent.request({ method: 'GET', url: `/api/units/board?project=${palm}&extra=1` })).statusCode).toBe(400);
    expect((await watcher.agent.request({ method: 'GET', url: `/api/units/board?project=${randomUUID()}` })).statusCode).toBe(404);
    expect((await stream(watcher, `project=${randomUUID()}`)).status).toBe(404);
  });

  it("delivers a hold's claim to an open board within a second, and replays what a reconnecting board missed after Last-Event-ID", async () => {
    const start = await board(watcher);
    const live = await stream(watcher, `project=${palm}&lastEventId=${start.lastEventId}`);
    expect(live.status).toBe(200);
    expect(String(live.headers['content-type'])).toMatch(/^text\/event-stream/);
    await live.waitFor(() => live.positions.length > 0, 5000, 'the position');

    const unit = await freeUnit();
    const created = await agent.agent.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unit.id, customer: customerId, hours: 24, reason: 'Board stream' } });
    const hold = created.json().data as { id: string };
    const approvedAt = Date.now();
    expect((await approver.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/actions/approve`, payload: {} })).statusCode).toBe(200);
    await live.waitFor(() => eventsOf(live).some((event) => event.unitId === unit.id), 1000, 'the hold on the stream within a second');
    expect(Date.now() - approvedAt).toBeLessThan(1000);
    const heldEvent = eventsOf(live).find((event) => event.unitId === unit.id)!;
    expect(heldEvent).toMatchObject({ code: unit.code, from: 'available', to: 'on_hold', status: 'on_hold', claim: { kind: 'hold', holderId: agent.id } });
    const heldSeq = heldEvent.seq;
    expect(live.events.find((event) => JSON.parse(event.data).seq === heldSeq)?.id).toBe(String(heldSeq));
    live.destroy();

    // Released while the board was away: a reconnect with Last-Event-ID gets it, once, in order.
    expect((await agent.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/actions/release`, payload: {} })).statusCode).toBe(200);
    const other = await freeUnit();
    await approvedHold(other.id);
    const back = await stream(watcher, `project=${palm}`, { 'last-event-id': String(heldSeq) });
    await back.waitFor(() => eventsOf(back).length >= 2, 5000, 'the replay');
    const replayed = eventsOf(back);
    expect(replayed.map((event) => [event.unitId, event.to])).toEqual([
      [unit.id, 'available'],
      [other.id, 'on_hold'],
    ]);
    expect(replayed[0]!.seq).toBeGreaterThan(heldSeq);
    expect(replayed[1]!.seq).toBeGreaterThan(replayed[0]!.seq);
    // Up to date: nothing is replayed, only the position.
    const current = await stream(watcher, `project=${palm}&lastEventId=${replayed[1]!.seq}`);
    await current.waitFor(() => current.positions.length > 0, 5000, 'the position');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventsOf(current)).toEqual([]);
    expect(current.positions.at(-1)).toBe(String(replayed[1]!.seq));
  });

  it('puts an approved extension of a hold on the stream: the unit stays on hold with its new time', async () => {
    const unit = await freeUnit();
    const { hold, requester } = await approvedHold(unit.id);
    const start = await board(watcher);
    const before = start.units.find((row) => row.id === unit.id)!;
    expect(before.claim).toMatchObject({ kind: 'hold', documentId: hold.id });
    const live = await stream(watcher, `project=${palm}&lastEventId=${start.lastEventId}`);
    await live.waitFor(() => live.positions.length > 0, 5000, 'the position');
    const asked = await requester.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/extend`, payload: { hours: 4 } });
    expect(asked.statusCode, asked.body).toBe(200);
    // Asking changes no time: nothing on the stream yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(live).filter((event) => event.unitId === unit.id)).toEqual([]);
    const extended = await approver.agent.request({ method: 'POST', url: `/api/hold-requests/${hold.id}/actions/extend`, payload: {} });
    expect(extended.statusCode, extended.body).toBe(200);
    const expiresAt = new Date(extended.json().data.expiresAt as string).getTime();
    expect(expiresAt - new Date(before.claim!.expiresAt!).getTime()).toBe(4 * 3_600_000);
    await live.waitFor(() => eventsOf(live).some((event) => event.unitId === unit.id), 2000, 'the extension on the stream');
    const event = eventsOf(live).find((row) => row.unitId === unit.id)!;
    expect(event).toMatchObject({ from: 'on_hold', to: 'on_hold', status: 'on_hold', action: 'extend', claim: { kind: 'hold', documentId: hold.id, holderId: requester.id } });
    expect(new Date(event.claim!.expiresAt!).getTime()).toBe(expiresAt);
    // A board read now shows the same time, at or past the event's position.
    const after = await board(watcher);
    expect(new Date(after.units.find((row) => row.id === unit.id)!.claim!.expiresAt!).getTime()).toBe(expiresAt);
    expect(after.lastEventId).toBeGreaterThanOrEqual(event.seq);
  });

  it('publishes nothing for a change whose transaction rolls back', async () => {
    const start = await board(watcher);
    const live = await stream(watcher, `project=${palm}&lastEventId=${start.lastEventId}`);
    await live.waitFor(() => live.positions.length > 0, 5000, 'the position');
    const unit = await freeUnit();
    const { engine } = createEngine(db, services);
    await expect(
      engineTransaction(engine, async (tx) => {
        await claimUnit(engine, tx, { auth: null, source: 'system' }, { unitId: unit.id, kind: 'hold', document: { resource: 'hold-requests', id: randomUUID() }, holderId: agent.id, expiresAt: null });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A change that commits afterwards still arrives, and is the only one (on another unit: the rolled-back one is free again).
    const other = await freeUnit(unit.id);
    await approvedHold(other.id);
    await live.waitFor(() => eventsOf(live).some((event) => event.unitId === other.id), 2000, 'the committed change');
    expect(eventsOf(live).some((event) => event.unitId === unit.id)).toBe(false);
    expect((await db.query<{ n: number }>('select count(*)::int as n from unit_status_events where unit_id = $1', [unit.id])).rows[0]!.n).toBe(0);
    expect((await board(watcher)).units.find((one) => one.id === unit.id)?.status).toBe('available');
  });

  it.runIf(kind === 'postgres')('carries a change made by another server process on the same database to this one\'s streams', async () => {
    const second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    const other = await testApp(second, {}, { leadExpiryIntervalMs: 0 });
    try {
      const start = await board(watcher);
      const live = await stream(watcher, `project=${palm}&lastEventId=${start.lastEventId}`);
      await live.waitFor(() => live.positions.length > 0, 5000, 'the position');
      // The hold is asked for and approved through the other process; this process's stream shows it.
      const requester = createAgent(other);
      const user = await createTestUser(db, agentPrivileges);
      expect((await requester.login(user.username)).statusCode).toBe(200);
      const boss = createAgent(other);
      const approverUser = await createTestUser(db, approverPrivileges);
      expect((await boss.login(approverUser.username)).statusCode).toBe(200);
      const unit = await freeUnit();
      const created = await requester.request({ method: 'POST', url: '/api/hold-requests', payload: { unit: unit.id, customer: customerId, hours: 24, reason: 'Other process' } });
      expect(created.statusCode, created.body).toBe(201);
      const approvedAt = Date.now();
      expect((await boss.request({ method: 'POST', url: `/api/hold-requests/${(created.json().data as { id: string }).id}/actions/approve`, payload: {} })).statusCode).toBe(200);
      await live.waitFor(() => eventsOf(live).some((event) => event.unitId === unit.id), 1000, 'the other process\'s hold within a second');
      expect(Date.now() - approvedAt).toBeLessThan(1000);
      expect(eventsOf(live).find((event) => event.unitId === unit.id)).toMatchObject({ to: 'on_hold', claim: { holderId: user.id } });
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('answers the sales dashboard: inventory by project and status, and each other part only for those who may read it', async () => {
    expect((await stranger.agent.request({ method: 'GET', url: '/api/sales/dashboard' })).statusCode).toBe(423);
    const basic = await watcher.agent.request({ method: 'GET', url: '/api/sales/dashboard' });
    expect(basic.statusCode, basic.body).toBe(200);
    const plain = basic.json().data as SalesDashboard;
    const inventory = await db.query<{ project: string; status: string; n: number }>(
      'select p.name as project, u.status, count(*)::int as n from units u join projects p on p.id = u.project_id where u.active group by p.name, u.status',
    );
    expect(Object.fromEntries(plain.inventory.map((row) => [`${row.project}/${row.status}`, row.units]))).toEqual(Object.fromEntries(inventory.rows.map((row) => [`${row.project}/${row.status}`, row.n])));
    // No price privilege: no values; no hold, EOI or reservation read: those parts are left out.
    expect(plain.inventory.every((row) => row.value === null)).toBe(true);
    expect(plain).toMatchObject({ holds: null, eois: null, reservations: null, velocity: null });

    const manager = await person([read('unit'), read('holdRequest'), read('eoi'), read('reservation')]);
    const answer = await manager.agent.request({ method: 'GET', url: '/api/sales/dashboard' });
    expect(answer.statusCode, answer.body).toBe(200);
    const full = answer.json().data as SalesDashboard;
    const holds = await db.query<{ active: number; pending: number }>(
      "select count(*) filter (where status = 'approved')::int as active, count(*) filter (where status = 'pending')::int as pending from hold_requests",
    );
    expect(full.holds).toMatchObject({ active: holds.rows[0]!.active, pending: holds.rows[0]!.pending });
    expect(full.holds!.active).toBeGreaterThan(0);
    const launches = await db.query<{ n: number }>('select count(*)::int as n from eoi_setups');
    expect(full.eois).toHaveLength(launches.rows[0]!.n);
    for (const launch of full.eois!) {
      expect(launch.paid).toBeLessThanOrEqual(launch.eois);
      expect(launch.collected).toMatch(/^-?\d+\.\d{2}$/);
    }
    const waiting = await db.query<{ n: number }>("select count(*)::int as n from reservations where status = 'pending_approval'");
    expect(full.reservations!.reduce((sum, row) => sum + row.waiting, 0)).toBe(waiting.rows[0]!.n);
    const palmVelocity = full.velocity!.find((project) => project.projectId === palm)!;
    expect(palmVelocity.weeks.length).toBeGreaterThan(0);
    expect(palmVelocity.weeks.length).toBeLessThanOrEqual(52);
    const confirmed = await db.query<{ n: number }>(
      `select count(*)::int as n from reservations r where r.project_id = $1 and r.status in ('confirmed', 'contracted')
          and date_trunc('week', coalesce(r.approved_at, r.modified_on) at time zone 'Africa/Cairo') >= $2::timestamp`,
      [palm, palmVelocity.weeks[0]!.week],
    );
    expect(palmVelocity.weeks.reduce((sum, week) => sum + week.units, 0)).toBe(confirmed.rows[0]!.n);
  });

  it("keeps to the engine's row scope: the board and the stream show only the units a caller may read", async () => {
    const all = await board(watcher);
    const scoped = await board(watcher, palm, '/api/scoped');
    expect(all.units.some((unit) => unit.block !== 'A')).toBe(true);
    expect(scoped.units.length).toBe(all.units.filter((unit) => unit.block === 'A').length);
    expect(scoped.units.every((unit) => unit.block === 'A')).toBe(true);
    expect(scoped.blocks.map((block) => block.block)).toEqual(['A']);

    const live = await stream(watcher, `project=${palm}&lastEventId=${scoped.lastEventId}`, {}, '/api/scoped');
    await live.waitFor(() => live.positions.length > 0, 5000, 'the position');
    const pick = async (inA: boolean) =>
      (await db.query<{ id: string }>(
        `select u.id::text as id from units u where u.project_id = $1 and u.active and u.status = 'available' and (u.block = 'A') = $2
            and not exists (select 1 from hold_requests h where h.unit_id = u.id) and not exists (select 1 from unit_claims c where c.unit_id = u.id) limit 1`,
        [palm, inA],
      )).rows[0]!.id;
    const outside = await pick(false);
    const inside = await pick(true);
    await approvedHold(outside);
    await approvedHold(inside);
    await live.waitFor(() => eventsOf(live).some((event) => event.unitId === inside), 2000, 'the change in block A');
    expect(eventsOf(live).map((event) => event.unitId)).toEqual([inside]);
    expect((await stranger.agent.request({ method: 'GET', url: `/api/scoped/api/units/board?project=${palm}` })).statusCode).toBe(423);
  });
});
