import { notify } from '@propdesk/notifications-core/server';
import { notificationListSchema, notificationSchema, type Notification } from '@propdesk/notifications-core/model';
import { serverCatalogs, text, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, seededDatabases, testApp, unique } from './test/harness.js';
import { cookieHeader, listenOnFreePort, openSse, type SseClient } from './test/sse.js';

type Agent = ReturnType<typeof createAgent>;
type Reader = { agent: Agent; userId: string; departmentId: string };

/** Data inside Arabic text is isolated (U+2068 … U+2069) so it keeps its own order. */
const iso = (value: string) => `\u2068${value}\u2069`;

let phoneCounter = 0;
const freshPhone = () => `+2011${String(50_000_000 + process.pid * 1000 + (phoneCounter += 1)).slice(-8)}`;

/**
 * Issue 29: "Notifications a user receives are in their language". A notification is stored once,
 * with its title and body by catalog key; the list and the stream render it per reader (the
 * account's language, else the call's Accept-Language, else English); the English text column stays.
 */
describe.each(DB_KINDS)('notifications in the reader’s language on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let admin: Reader;
  let english: Reader;
  let arabic: Reader;
  const streams: SseClient[] = [];

  async function signIn(username: string): Promise<Reader> {
    const agent = createAgent(app);
    const login = await agent.login(username);
    expect(login.statusCode).toBe(200);
    const me = (await agent.request({ method: 'GET', url: '/api/users/me' })).json().data as { id: string; department: { id: string } | null };
    return { agent, userId: me.id, departmentId: me.department?.id ?? '' };
  }

  async function stream(reader: Reader, path: string, headers: Record<string, string> = {}) {
    const client = await openSse(`${base}${path}`, { cookie: cookieHeader(reader.agent.jar, path), ...headers });
    expect(client.status).toBe(200);
    streams.push(client);
    // Registered with the hub once its position arrives: what is stored after that comes live.
    await client.waitFor(() => client.positions.length === 1, 5000, 'the position');
    return client;
  }

  const received = async (client: SseClient, id: string): Promise<Notification> => {
    const find = () => client.events.find((event) => (JSON.parse(event.data) as { id?: string }).id === id);
    await client.waitFor(() => find() !== undefined, 5000, `notification ${id}`);
    return notificationSchema.parse(JSON.parse(find()!.data));
  };

  const listed = async (reader: Reader, url: string, id: string) => {
    const response = await reader.agent.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return notificationListSchema.parse(response.json()).find((notification) => notification.id === id);
  };

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { notifications: { heartbeatMs: 200, sweepMs: 600_000 } });
    base = await listenOnFreePort(app);
    admin = await signIn('admin');
    english = await signIn('sales.agent');
    arabic = await signIn('sales.agent.ar');
  });
  afterAll(async () => {
    for (const client of streams) client.destroy();
    await app?.close();
    await databases.cleanup();
  });

  it('one department notification by key: the Arabic reader gets it in Arabic, the English reader in English, in the list and the stream', async () => {
    expect(arabic.departmentId).toBe(english.departmentId);
    const path = `/api/notifications/stream/department/${english.departmentId}`;
    const englishStream = await stream(english, path);
    const arabicStream = await stream(arabic, path);
    const sales = serverCatalogs().find((catalog) => catalog.namespace === 'sales')!;
    const number = unique('R');
    const stored = await db.transaction((tx) =>
      notify(tx, {
        departmentId: english.departmentId,
        title: text(sales, 'noticeReservationToApprove', { number }),
        body: text(sales, 'noticeReservationToApproveBody', { reason: 'Discount above authority.', price: '1,250,000.00 EGP' }),
        category: 'sales',
      }),
    );
    const inEnglish = { title: `Reservation to approve: ${number}`, body: 'Discount above authority. Net price 1,250,000.00 EGP.' };
    const inArabic = { title: `حجز بانتظار الاعتماد: ${iso(number)}`, body: `${iso('Discount above authority.')} صافي السعر ${iso('1,250,000.00 EGP')}.` };

    expect(await received(englishStream, stored.id)).toMatchObject({ ...inEnglish, seq: stored.seq });
    expect(await received(arabicStream, stored.id)).toMatchObject({ ...inArabic, seq: stored.seq });
    const listUrl = `/api/notifications/department/${english.departmentId}`;
    expect(await listed(english, listUrl, stored.id)).toMatchObject(inEnglish);
    expect(await listed(arabic, listUrl, stored.id)).toMatchObject(inArabic);

    // One row: the English text kept (older clients, the fallback), the key beside it.
    const row = await db.query<{ title: string; body: string; title_text: { catalog: string; key: string; params: Record<string, string> } }>(
      'select title, body, title_text from notifications where id = $1',
      [stored.id],
    );
    expect(row.rows).toEqual([expect.objectContaining({ ...inEnglish, title_text: { catalog: 'sales', key: 'noticeReservationToApprove', params: { number } } })]);

    // A reconnect replays it in the reader's language too.
    const replay = await stream(arabic, `${path}?lastEventId=${stored.seq! - 1}`);
    expect(await received(replay, stored.id)).toMatchObject(inArabic);
  });

  it('a lead assigned through the API tells its new agent in her language (Arabic) or his (English), list and stream', async () => {
    const source = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
    const newLead = async () => {
      const response = await admin.agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: freshPhone(), source } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string; fullName: string };
    };
    const englishStream = await stream(english, `/api/notifications/stream/${english.userId}`);
    const arabicStream = await stream(arabic, `/api/notifications/stream/${arabic.userId}`);
    const forEnglish = await newLead();
    const forArabic = await newLead();
    for (const [lead, reader] of [
      [forEnglish, english],
      [forArabic, arabic],
    ] as const) {
      const assigned = await admin.agent.request({ method: 'POST', url: '/api/leads/assign', payload: { ids: [lead.id], userId: reader.userId } });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const idOf = async (userId: string, name: string) =>
      (await db.query<{ id: string }>('select id::text as id from notifications where user_id = $1 and title = $2', [userId, `Lead assigned to you: ${name}`])).rows[0]!.id;
    const englishId = await idOf(english.userId, forEnglish.fullName);
    const arabicId = await idOf(arabic.userId, forArabic.fullName);

    const inEnglish = { title: `Lead assigned to you: ${forEnglish.fullName}`, body: 'Open it to follow up.', category: 'lead' };
    const inArabic = { title: `عميل محتمل أُسند إليك: ${iso(forArabic.fullName)}`, body: 'افتحه للمتابعة.', category: 'lead' };
    expect(await received(englishStream, englishId)).toMatchObject(inEnglish);
    expect(await received(arabicStream, arabicId)).toMatchObject(inArabic);
    expect(await listed(english, `/api/notifications/user/${english.userId}`, englishId)).toMatchObject(inEnglish);
    expect(await listed(arabic, `/api/notifications/user/${arabic.userId}`, arabicId)).toMatchObject(inArabic);
  });

  it('follows the account’s language when it changes, else the call’s Accept-Language; typed and unknown-key rows show their stored English', async () => {
    const sales = serverCatalogs().find((catalog) => catalog.namespace === 'sales')!;
    const keyed = await db.transaction((tx) => notify(tx, { userId: english.userId, title: text(sales, 'noticeHoldExpired', { number: 'H-7' }), body: text(sales, 'noticeUnitAvailableAgain') }));
    const typed = await db.transaction((tx) => notify(tx, { userId: english.userId, title: 'Fire drill at 3', body: 'Typed by a person' }));
    // A row whose key this build does not know (a newer build's, or a removed one): its English shows.
    const unknown = await db.transaction((tx) => notify(tx, { userId: english.userId, title: 'Stored English', body: null }));
    await db.query(`update notifications set title_text = '{"catalog":"sales","key":"noSuchKey"}'::jsonb where id = $1`, [unknown.id]);
    const url = `/api/notifications/user/${english.userId}`;
    const titles = async (headers: Record<string, string> = {}) => {
      const response = await english.agent.request({ method: 'GET', url, headers });
      const list = notificationListSchema.parse(response.json());
      return [keyed.id, typed.id, unknown.id].map((id) => list.find((notification) => notification.id === id)?.title);
    };

    expect(await titles()).toEqual(['Hold expired: H-7', 'Fire drill at 3', 'Stored English']);
    // No language on the account: the call's Accept-Language decides, as for every other answer.
    expect(await titles({ 'accept-language': 'ar-EG,ar;q=0.9' })).toEqual([`انتهى الحجز المؤقت: ${iso('H-7')}`, 'Fire drill at 3', 'Stored English']);

    try {
      expect((await english.agent.request({ method: 'PATCH', url: '/api/users/me', payload: { language: 'ar' } })).statusCode).toBe(200);
      // The session cache learns of the change by NOTIFY: within moments, not necessarily at once.
      const deadline = Date.now() + 5000;
      let now = await titles({ 'accept-language': 'en' });
      while (now[0] !== `انتهى الحجز المؤقت: ${iso('H-7')}` && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = await titles({ 'accept-language': 'en' });
      }
      expect(now).toEqual([`انتهى الحجز المؤقت: ${iso('H-7')}`, 'Fire drill at 3', 'Stored English']);
    } finally {
      await english.agent.request({ method: 'PATCH', url: '/api/users/me', payload: { language: null } });
    }
  });
});
