import { notify, NOTIFICATION_CHANNEL } from '@propdesk/notifications-core/server';
import { announcementTargetsSchema, notificationListSchema, notificationSchema, type Notification } from '@propdesk/notifications-core/model';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, seededDatabases, testApp, unique } from './test/harness.js';
import { cookieHeader, listenOnFreePort, openSse, type SseClient } from './test/sse.js';

type Agent = ReturnType<typeof createAgent>;
type Me = { agent: Agent; userId: string; departmentId: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(app: FastifyInstance, username: string): Promise<Me> {
  const agent = createAgent(app);
  const login = await agent.login(username);
  expect(login.statusCode).toBe(200);
  const payload = JSON.parse(Buffer.from(String(login.json().data).split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    data: { id: string; department: { id: string } | null };
  };
  return { agent, userId: payload.data.id, departmentId: payload.data.department?.id ?? '' };
}

/** Opens a stream over real HTTP with the agent's cookies. */
function streamOf(base: string, me: Me, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return openSse(`${base}${path}`, { cookie: cookieHeader(me.agent.jar, path), ...headers });
}

async function announce(admin: Me, target: { userId: string } | { departmentId: string }, title = unique('title')): Promise<Notification> {
  const response = await admin.agent.request({ method: 'POST', url: '/api/notifications', payload: { title, body: 'Hello', target } });
  expect(response.statusCode).toBe(201);
  return notificationSchema.parse(response.json().data);
}


describe.each(DB_KINDS)('notifications on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let admin: Me;
  let agentUser: Me;
  let guest: Me;
  const streams: SseClient[] = [];
  const track = (client: SseClient) => {
    streams.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await databases.open();
    // A long sweep: deliveries in these tests must come from the NOTIFY, not the catch-up.
    app = await testApp(db, {}, { notifications: { heartbeatMs: 150, sweepMs: 600_000 } });
    base = await listenOnFreePort(app);
    admin = await signIn(app, 'admin');
    agentUser = await signIn(app, 'sales.agent');
    guest = await signIn(app, 'guest');
  });
  afterAll(async () => {
    for (const client of streams) client.destroy();
    await app?.close();
    await databases.cleanup();
  });

  it('lists and streams are the caller’s own only: 423 for another user or department, 401 without a session', async () => {
    expect(agentUser.departmentId).toBe(guest.departmentId);
    expect(agentUser.departmentId).not.toBe(admin.departmentId);
    const denied = { status: 'ERROR', message: 'Forbidden - Access denied' };
    for (const url of [`/api/notifications/user/${admin.userId}`, `/api/notifications/department/${admin.departmentId}`]) {
      const response = await agentUser.agent.request({ method: 'GET', url });
      expect(response.statusCode).toBe(423);
      expect(response.json()).toEqual(denied);
      expect((await createAgent(app).request({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const path of [`/api/notifications/stream/${admin.userId}`, `/api/notifications/stream/department/${admin.departmentId}`]) {
      const other = await streamOf(base, agentUser, path);
      expect(other.status).toBe(423);
      expect(JSON.parse(await other.text())).toEqual(denied);
      const anonymous = await openSse(`${base}${path}`);
      expect(anonymous.status).toBe(401);
      await anonymous.text();
    }
    const own = await agentUser.agent.request({ method: 'GET', url: `/api/notifications/user/${agentUser.userId}` });
    expect(own.statusCode).toBe(200);
    expect(Array.isArray(own.json())).toBe(true);
  });

  it('accepts the bodiless calls the browser sends with a JSON content type; malformed JSON is still 400', async () => {
    const json = { 'content-type': 'application/json' };
    const created = await admin.agent.request({ method: 'POST', url: '/api/notifications', payload: { title: 'Empty body check', target: { userId: agentUser.userId } } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect((await agentUser.agent.request({ method: 'POST', url: `/api/notifications/${id}/read`, headers: json })).statusCode).toBe(200);
    expect((await agentUser.agent.request({ method: 'POST', url: '/api/notifications/read-all', headers: json })).statusCode).toBe(200);
    expect((await agentUser.agent.request({ method: 'DELETE', url: `/api/notifications/${id}`, headers: json })).statusCode).toBe(200);
    const malformed = await agentUser.agent.request({ method: 'POST', url: '/api/notifications/read-all', headers: json, payload: '{"oops"' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 'ERROR' });
    expect(malformed.body).not.toContain('at ');
  });

  it('lists the announcement targets (departments, active users) for senders only', async () => {
    expect((await agentUser.agent.request({ method: 'GET', url: '/api/notifications/targets' })).statusCode).toBe(423);
    const response = await admin.agent.request({ method: 'GET', url: '/api/notifications/targets' });
    expect(response.statusCode).toBe(200);
    const { departments, users } = announcementTargetsSchema.parse(response.json().data);
    expect(departments.map((department) => department.name)).toEqual(expect.arrayContaining(['Sales', 'Finance', 'Procurement', 'Management', 'IT']));
    expect(departments.find((department) => department.id === agentUser.departmentId)?.name).toBe('Sales');
    expect(users.find((user) => user.username === 'sales.agent')).toMatchObject({ fullName: 'Samir Sales', departmentId: agentUser.departmentId });
  });

  it('announcements need notification:create (sales.agent 423, admin 201), validate the body and 404 an unknown target', async () => {
    const body = { title: 'Hi', target: { departmentId: agentUser.departmentId } };
    expect((await agentUser.agent.request({ method: 'POST', url: '/api/notifications', payload: body })).statusCode).toBe(423);
    expect((await admin.agent.request({ method: 'POST', url: '/api/notifications', payload: body, csrf: false })).statusCode).toBe(403);

    const created = await admin.agent.request({
      method: 'POST',
      url: '/api/notifications',
      payload: { ...body, body: 'Welcome', link: '/sales/leads', category: 'news' },
    });
    expect(created.statusCode).toBe(201);
    const data = notificationSchema.parse(created.json().data);
    expect(data).toMatchObject({ title: 'Hi', body: 'Welcome', link: '/sales/leads', category: 'news', isRead: false, departmentId: agentUser.departmentId });
    const audited = await db.query('select 1 from audit_log where action = $1 and entity_id = $2', ['notification.announce', data.id]);
    expect(audited.rows).toHaveLength(1);

    for (const bad of [
      { title: '', target: { userId: agentUser.userId } },
      { title: 'x'.repeat(201), target: { userId: agentUser.userId } },
      { title: 'ok', body: 'x'.repeat(4001), target: { userId: agentUser.userId } },
      { title: 'ok', link: 'javascript:alert(1)', target: { userId: agentUser.userId } },
      { title: 'ok', link: 'http://example.com', target: { userId: agentUser.userId } },
      { title: 'ok', target: { userId: agentUser.userId, departmentId: agentUser.departmentId } },
      { title: 'ok', target: {} },
      { title: 'ok' },
    ]) {
      const response = await admin.agent.request({ method: 'POST', url: '/api/notifications', payload: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().status).toBe('ERROR');
    }
    const unknownUser = await admin.agent.request({
      method: 'POST',
      url: '/api/notifications',
      payload: { title: 'ok', target: { userId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(unknownUser.statusCode).toBe(404);
    const unknownDepartment = await admin.agent.request({ method: 'POST', url: '/api/notifications', payload: { title: 'ok', target: { departmentId: 'nope' } } });
    expect(unknownDepartment.statusCode).toBe(404);
  });

  it('delivers live to the user stream (default messages) and the department stream (notification events), id = seq', async () => {
    const baseline = Number((await db.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from notifications')).rows[0]!.seq);
    const userStream = track(await streamOf(base, agentUser, `/api/notifications/stream/${agentUser.userId}`));
    const departmentStream = track(await streamOf(base, guest, `/api/notifications/stream/department/${guest.departmentId}`));
    expect(userStream.status).toBe(200);
    expect(userStream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(userStream.headers['x-accel-buffering']).toBe('no');
    expect(userStream.headers['cache-control']).toMatch(/no-cache/);

    const toUser = await announce(admin, { userId: agentUser.userId });
    const toDepartment = await announce(admin, { departmentId: agentUser.departmentId });
    // Earlier tests' rows may still be fanned out: keep only this test's.
    const fresh = (client: SseClient) => client.events.filter((event) => Number(event.id) > baseline);
    await userStream.waitFor(() => fresh(userStream).length >= 1);
    await departmentStream.waitFor(() => fresh(departmentStream).length >= 1);
    await sleep(200);
    expect(fresh(userStream)).toHaveLength(1);
    expect(fresh(userStream)[0]).toMatchObject({ id: String(toUser.seq), event: 'message' });
    expect(notificationSchema.parse(JSON.parse(fresh(userStream)[0]!.data))).toMatchObject({
      id: toUser.id,
      title: toUser.title,
      userId: agentUser.userId,
      isRead: false,
    });
    expect(fresh(departmentStream)).toHaveLength(1);
    expect(fresh(departmentStream)[0]).toMatchObject({ id: String(toDepartment.seq), event: 'notification' });
    expect(notificationSchema.parse(JSON.parse(fresh(departmentStream)[0]!.data))).toMatchObject({
      id: toDepartment.id,
      departmentId: agentUser.departmentId,
    });
  });

  it('sends a comment heartbeat at the configured interval', async () => {
    const client = track(await streamOf(base, agentUser, `/api/notifications/stream/${agentUser.userId}`));
    await client.waitFor(() => client.comments.filter((comment) => comment === 'ping').length >= 3, 3000, 'three pings');
    expect(client.ended).toBe(false);
  });

  it('replays what was missed after Last-Event-ID (header or lastEventId query), in order, then live without duplicates', async () => {
    const path = `/api/notifications/stream/department/${guest.departmentId}`;
    const first = await announce(admin, { departmentId: guest.departmentId });
    const second = await announce(admin, { departmentId: guest.departmentId });
    const third = await announce(admin, { departmentId: guest.departmentId });
    const elsewhere = await announce(admin, { departmentId: admin.departmentId });
    // Hidden for guest: never replayed to guest.
    expect((await guest.agent.request({ method: 'DELETE', url: `/api/notifications/${second.id}` })).statusCode).toBe(200);

    const byHeader = track(await streamOf(base, guest, path, { 'last-event-id': String(first.seq) }));
    const replayed = await byHeader.waitForEvents(1);
    expect(replayed.map((event) => event.id)).toEqual([String(third.seq)]);
    expect(replayed[0]?.event).toBe('notification');

    const byQuery = track(await streamOf(base, agentUser, `${path}?lastEventId=${first.seq}`));
    await byQuery.waitForEvents(2);
    expect(byQuery.events.map((event) => Number(event.id))).toEqual([second.seq, third.seq]);
    expect(byQuery.events.map((event) => Number(event.id))).not.toContain(elsewhere.seq);

    const userPath = `/api/notifications/stream/${agentUser.userId}`;
    const direct = await announce(admin, { userId: agentUser.userId });
    const userReplay = track(await streamOf(base, agentUser, `${userPath}?lastEventId=${direct.seq! - 1}`));
    await userReplay.waitForEvents(1);
    expect(userReplay.events[0]).toMatchObject({ id: String(direct.seq), event: 'message' });

    const live = await announce(admin, { departmentId: guest.departmentId });
    await byQuery.waitForEvents(3);
    await sleep(200);
    expect(byQuery.events.map((event) => Number(event.id))).toEqual([second.seq, third.seq, live.seq]);
  });

  it('tells a new stream its position, so a client that received nothing resumes without losing what came meanwhile', async () => {
    const path = `/api/notifications/stream/${agentUser.userId}`;
    const first = track(await streamOf(base, agentUser, path));
    await first.waitFor(() => first.positions.length === 1, 5000, 'the position');
    const top = Number((await db.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from notifications')).rows[0]!.seq);
    expect(Number(first.positions[0])).toBe(top);
    expect(first.events).toHaveLength(0);
    first.destroy();
    await first.whenEnded;

    const meanwhile = await announce(admin, { userId: agentUser.userId });
    const resumed = track(await streamOf(base, agentUser, path, { 'last-event-id': first.positions[0]! }));
    const replayed = await resumed.waitForEvents(1);
    expect(replayed[0]).toMatchObject({ id: String(meanwhile.seq), event: 'message' });
    await resumed.waitFor(() => resumed.positions.length === 1, 5000, 'the position');
    // The position is the hub's frontier when the stream opened: never below what the client had.
    // On PostgreSQL the row's NOTIFY may reach the hub after that, so the row may come as a live
    // message after the position rather than in the replay before it; either way it came once.
    expect(Number(resumed.positions[0])).toBeGreaterThanOrEqual(Number(first.positions[0]));
    expect(resumed.events.filter((event) => event.id === String(meanwhile.seq))).toHaveLength(1);
  });

  it('has no gap or duplicate when notifications arrive during the replay', async () => {
    const path = `/api/notifications/stream/department/${agentUser.departmentId}`;
    const start = await announce(admin, { departmentId: agentUser.departmentId });
    const sent: Promise<Notification>[] = [];
    for (let index = 0; index < 5; index++) sent.push(announce(admin, { departmentId: agentUser.departmentId }));
    const opening = streamOf(base, agentUser, path, { 'last-event-id': String(start.seq) });
    for (let index = 0; index < 5; index++) sent.push(announce(admin, { departmentId: agentUser.departmentId }));
    const client = track(await opening);
    const all = await Promise.all(sent);
    const expected = all.map((notification) => notification.seq!).sort((a, b) => a - b);
    await client.waitForEvents(expected.length);
    await sleep(300);
    expect(client.events.map((event) => Number(event.id))).toEqual(expected);
  });

  it('read and delete of a department notification are per user; another member still sees it unread', async () => {
    const sent = await announce(admin, { departmentId: agentUser.departmentId });
    const listUrl = (me: Me) => `/api/notifications/department/${me.departmentId}`;
    const find = async (me: Me) =>
      notificationListSchema.parse((await me.agent.request({ method: 'GET', url: listUrl(me) })).json()).find((item) => item.id === sent.id);

    expect((await agentUser.agent.request({ method: 'POST', url: `/api/notifications/${sent.id}/read` })).statusCode).toBe(200);
    expect((await find(agentUser))?.isRead).toBe(true);
    expect((await find(guest))?.isRead).toBe(false);

    expect((await agentUser.agent.request({ method: 'DELETE', url: `/api/notifications/${sent.id}`, csrf: false })).statusCode).toBe(403);
    expect((await agentUser.agent.request({ method: 'DELETE', url: `/api/notifications/${sent.id}` })).statusCode).toBe(200);
    expect(await find(agentUser)).toBeUndefined();
    expect(await find(guest)).toMatchObject({ id: sent.id, isRead: false });
    // Hidden for agentUser now; never visible to admin (another department); unknown ids.
    expect((await agentUser.agent.request({ method: 'DELETE', url: `/api/notifications/${sent.id}` })).statusCode).toBe(404);
    expect((await admin.agent.request({ method: 'DELETE', url: `/api/notifications/${sent.id}` })).statusCode).toBe(404);
    expect((await admin.agent.request({ method: 'POST', url: `/api/notifications/${sent.id}/read` })).statusCode).toBe(404);
    expect((await admin.agent.request({ method: 'DELETE', url: '/api/notifications/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin.agent.request({ method: 'DELETE', url: '/api/notifications/not-an-id' })).statusCode).toBe(404);
  });

  it('lists newest first with per-caller isRead; read-all marks the user and department ones read, later ones stay unread', async () => {
    const me = await signIn(app, 'sales.agent');
    const mine = await announce(admin, { userId: me.userId });
    const ours = await announce(admin, { departmentId: me.departmentId });
    const userList = async () =>
      notificationListSchema.parse((await me.agent.request({ method: 'GET', url: `/api/notifications/user/${me.userId}` })).json());
    const departmentList = async () =>
      notificationListSchema.parse((await me.agent.request({ method: 'GET', url: `/api/notifications/department/${me.departmentId}` })).json());
    const before = await userList();
    expect(before[0]).toMatchObject({ id: mine.id, isRead: false });
    const seqs = before.map((item) => item.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    expect((await me.agent.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(200);
    expect((await userList()).every((item) => item.isRead)).toBe(true);
    expect((await departmentList()).find((item) => item.id === ours.id)?.isRead).toBe(true);
    const guestView = notificationListSchema.parse(
      (await guest.agent.request({ method: 'GET', url: `/api/notifications/department/${guest.departmentId}` })).json(),
    );
    expect(guestView.find((item) => item.id === ours.id)?.isRead).toBe(false);

    const later = await announce(admin, { userId: me.userId });
    expect((await userList()).find((item) => item.id === later.id)?.isRead).toBe(false);
  });

  it('notify() inside a rolled-back transaction stores and raises nothing; a committed one raises its seq', async () => {
    // Rows (and their NOTIFYs) of earlier tests may still be arriving: look only above this.
    const baseline = Number((await db.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from notifications')).rows[0]!.seq);
    const payloads: string[] = [];
    const unlisten = await db.listen(NOTIFICATION_CHANNEL, (payload) => payloads.push(payload));
    const client = track(await streamOf(base, agentUser, `/api/notifications/stream/${agentUser.userId}`));
    const title = unique('rolled-back');
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, { userId: agentUser.userId, title });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const committed = await db.transaction((tx) => notify(tx, { userId: agentUser.userId, title: unique('committed'), category: 'lead' }));
    await client.waitFor(() => client.events.some((event) => event.id === String(committed.seq)), 5000, 'the committed one');
    await sleep(200);
    await unlisten();
    const above = (ids: (string | undefined)[]) => ids.filter((id) => Number(id) > baseline);
    expect((await db.query('select 1 from notifications where title = $1', [title])).rows).toHaveLength(0);
    expect(above(payloads)).toEqual([String(committed.seq)]);
    expect(above(client.events.map((event) => event.id))).toEqual([String(committed.seq)]);
    await expect(notify(db, { title: 'x' } as never)).rejects.toThrow(/exactly one/);
  });

  it('ends the streams of a session on logout, on forced sign-out, and of a deactivated user at the next heartbeat', async () => {
    const me = await signIn(app, 'sales.agent');
    const userStream = track(await streamOf(base, me, `/api/notifications/stream/${me.userId}`));
    const departmentStream = track(await streamOf(base, me, `/api/notifications/stream/department/${me.departmentId}`));
    const other = track(await streamOf(base, agentUser, `/api/notifications/stream/${agentUser.userId}`));
    expect((await me.agent.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    await Promise.all([userStream.whenEnded, departmentStream.whenEnded]);
    expect(other.ended).toBe(false);

    // Forced sign-out by an administrator ends every stream of every session of that user.
    const forced = await signIn(app, 'sales.agent');
    const forcedStream = track(await streamOf(base, forced, `/api/notifications/stream/${forced.userId}`));
    const revoked = await admin.agent.request({ method: 'DELETE', url: `/api/users/${forced.userId}/sessions` });
    expect(revoked.statusCode).toBe(200);
    await forcedStream.whenEnded;
    agentUser = await signIn(app, 'sales.agent');

    const temp = await signIn(app, 'guest');
    const guestStream = track(await streamOf(base, temp, `/api/notifications/stream/${temp.userId}`));
    try {
      await db.query('update users set active = false where id = $1', [temp.userId]);
      await guestStream.whenEnded;
    } finally {
      await db.query('update users set active = true where id = $1', [temp.userId]);
    }
    expect(other.ended).toBe(true);
  });
});

describe.each(DB_KINDS)('stream shutdown on %s', (kind) => {
  const databases = seededDatabases(kind);
  afterAll(async () => {
    await databases.cleanup();
  });

  it('app.close() ends open streams instead of hanging on them', async () => {
    const db = await databases.open();
    const app = await testApp(db);
    const base = await listenOnFreePort(app);
    const me = await signIn(app, 'sales.agent');
    const clients = await Promise.all([
      streamOf(base, me, `/api/notifications/stream/${me.userId}`),
      streamOf(base, me, `/api/notifications/stream/department/${me.departmentId}`),
    ]);
    const started = Date.now();
    await app.close();
    await Promise.all(clients.map((client) => client.whenEnded));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two server processes on one PostgreSQL', () => {
  const databases = seededDatabases('postgres');
  const apps: FastifyInstance[] = [];
  const clients: SseClient[] = [];
  let second: Database | undefined;

  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const app of apps) await app.close();
    await second?.close();
    await databases.cleanup();
  });

  it('a notification stored through one process reaches streams held by the other', async () => {
    const first = await databases.open();
    second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    const options = { notifications: { sweepMs: 600_000 } };
    const appA = await testApp(first, {}, options);
    const appB = await testApp(second, {}, options);
    apps.push(appA, appB);
    const baseB = await listenOnFreePort(appB);
    await listenOnFreePort(appA);

    const admin = await signIn(appA, 'admin');
    const agentUser = await signIn(appA, 'sales.agent');
    const onB = await streamOf(baseB, agentUser, `/api/notifications/stream/department/${agentUser.departmentId}`);
    const userOnB = await streamOf(baseB, agentUser, `/api/notifications/stream/${agentUser.userId}`);
    clients.push(onB, userOnB);
    expect(onB.status).toBe(200);

    const toDepartment = await announce(admin, { departmentId: agentUser.departmentId });
    const toUser = await announce(admin, { userId: agentUser.userId });
    await onB.waitForEvents(1);
    await userOnB.waitForEvents(1);
    expect(onB.events[0]).toMatchObject({ id: String(toDepartment.seq), event: 'notification' });
    expect(userOnB.events[0]).toMatchObject({ id: String(toUser.seq) });

    // Logout through A ends the session's streams held by B.
    expect((await agentUser.agent.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    await Promise.all([onB.whenEnded, userOnB.whenEnded]);
  });
});
