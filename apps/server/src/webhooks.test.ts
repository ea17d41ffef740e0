import { createHmac, timingSafeEqual } from 'node:crypto';
import { notify } from '@propdesk/notifications-core/server';
import type { Privilege } from '@propdesk/privileges';
import { createRecord } from '@propdesk/records/server';
import { deliverWebhooks, postDelivery } from '@propdesk/settings/server';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './domains.js';
import { appRegistry } from './resources.js';
import { DB_KINDS, TEST_ARGON2, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';
import { startReceiver, waitFor } from './test/receiver.js';




const verify = (secret: string, body: string, header: string | string[] | undefined) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
};

const adminPrivileges: Privilege[] = [
  ...['read', 'create', 'update', 'delete'].map((action) => ({ entityName: 'webhook', action })),
  ...['read', 'create', 'update', 'assign', 'readAll'].map((action) => ({ entityName: 'lead', action })),
];

let phoneCounter = 0;
const freshPhone = () => `+2012${String(40_000_000 + process.pid * 1000 + (phoneCounter += 1)).slice(-8)}`;

/**
 * Signed webhooks and the outbox (issue 27): deliveries written with the change, sent by the job
 * runner to a real receiver, retried, listed, sent again by hand; nothing for a rolled-back write;
 * the URL refused where it would reach inside the network.
 */
describe.each(DB_KINDS)('webhooks on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let admin: ReturnType<typeof createAgent>;
  let adminId: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sourceId: string;
  const secret = 'whsec-0123456789abcdef';

  const newHook = (payload: Record<string, unknown>) => admin.request({ method: 'POST', url: '/api/webhooks', payload: { name: unique('Hook'), secret, events: ['lead.created'], ...payload } });
  const newLead = async () => {
    const response = await admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: unique('Lead'), phone: freshPhone(), source: sourceId } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string };
  };
  const deliveries = async (hookId: string) => {
    const response = await admin.request({ method: 'GET', url: `/api/webhooks/${hookId}/deliveries` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      id: string;
      event: string;
      status: string;
      attempts: number;
      nextAttemptAt: string | null;
      tries: { attempt: number; ok: boolean; code: number | null; error: string | null; byHand: boolean }[];
    }[];
  };

  beforeAll(async () => {
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    receiver = await startReceiver(kind === 'pglite' ? 3461 : 3462);
    db = await databases.open();
    app = await testApp(db);
    const user = await createTestUser(db, adminPrivileges);
    adminId = user.id;
    admin = createAgent(app);
    expect((await admin.login(user.username)).statusCode).toBe(200);
    sourceId = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
  });
  afterEach(async () => {
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    // Other tests' hooks do not receive this one's events.
    await db.query('update webhooks set active = false');
    receiver.state.mode = 'ok';
  });
  afterAll(async () => {
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    await app?.close();
    await receiver?.close();
    await databases.cleanup();
  });

  it('a lead created is delivered signed: refused once (503), retried with the same delivery id, listed, sent again by hand', async () => {
    const made = await newHook({ url: `${receiver.url}/propdesk` });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json().data as Record<string, unknown> & { id: string };
    expect(hook).not.toHaveProperty('secret');
    expect(JSON.stringify(hook)).not.toContain(secret);
    const read = await admin.request({ method: 'GET', url: `/api/webhooks/${hook.id}` });
    expect(read.body).not.toContain(secret);
    expect(read.json().data.secretHint).toBe(`…${secret.slice(-4)}`);
    const listed = await admin.request({ method: 'GET', url: '/api/webhooks' });
    expect(listed.body).not.toContain(secret);

    receiver.state.mode = 'fail-once';
    const before = receiver.received.length;
    const lead = await newLead();
    // The commit wakes the delivery job of this process: the first try comes at once, and fails.
    await waitFor(() => receiver.received.length === before + 1);
    await waitFor(async () => (await deliveries(hook.id))[0]?.tries.length === 1);
    let listedDeliveries = await deliveries(hook.id);
    expect(listedDeliveries).toHaveLength(1);
    const [first] = listedDeliveries;
    expect(first).toMatchObject({ event: 'lead.created', status: 'pending', attempts: 1 });
    expect(first!.tries[0]).toMatchObject({ attempt: 1, ok: false, code: 503 });
    // Retried after the backoff's first step (30 s).
    const wait = new Date(first!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(31_000);

    // Time passes: the retry falls due and the job sends it again.
    await db.query("update outbox set next_attempt_at = now() where id = $1", [first!.id]);
    const run = await deliverWebhooks(db, { notify });
    expect(run).toMatchObject({ sent: 1, tries: 1 });
    expect(receiver.received.length).toBe(before + 2);
    const [failed, delivered] = receiver.received.slice(before);
    for (const request of [failed!, delivered!]) {
      expect(request.path).toBe('/propdesk');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-propdesk-event']).toBe('lead.created');
      expect(request.headers['x-propdesk-delivery']).toBe(first!.id);
      expect(verify(secret, request.body, request.headers['x-propdesk-signature'])).toBe(true);
      expect(verify('another-secret-of-16', request.body, request.headers['x-propdesk-signature'])).toBe(false);
    }
    expect(delivered!.body).toBe(failed!.body);
    const body = JSON.parse(delivered!.body) as { event: string; id: string; occurredAt: string; data: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['event', 'id', 'occurredAt', 'data']);
    expect(body).toMatchObject({ event: 'lead.created', id: first!.id, data: { id: lead.id, source: sourceId } });
    expect(Number.isNaN(Date.parse(body.occurredAt))).toBe(false);

    listedDeliveries = await deliveries(hook.id);
    expect(listedDeliveries[0]).toMatchObject({ status: 'sent', attempts: 2, nextAttemptAt: null });
    expect(listedDeliveries[0]!.tries.map((t) => [t.ok, t.code])).toEqual([
      [false, 503],
      [true, 204],
    ]);

    // Sent again by hand: the same delivery id, a third try marked as by hand.
    const again = await admin.request({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${first!.id}/redeliver` });
    expect(again.statusCode, again.body).toBe(200);
    await waitFor(async () => (await deliveries(hook.id))[0]?.tries.length === 3);
    expect(receiver.received.length).toBe(before + 3);
    expect(receiver.received.at(-1)!.headers['x-propdesk-delivery']).toBe(first!.id);
    expect((await deliveries(hook.id))[0]!.tries[2]).toMatchObject({ attempt: 3, ok: true, code: 204, byHand: true });
    // Another webhook's delivery, or none, is a 404.
    expect((await admin.request({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${lead.id}/redeliver` })).statusCode).toBe(404);
  });

  it('a rolled-back write sends nothing; a committed one through the engine is queued with it', async () => {
    const made = await newHook({ url: `${receiver.url}/rollback` });
    expect(made.statusCode, made.body).toBe(201);
    const hookId = made.json().data.id as string;
    const { engine } = createEngine(db, { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined });
    const caller = { auth: null, source: 'system' as const };
    const leads = appRegistry.get('leads');
    await expect(
      db.transaction(async (tx) => {
        await createRecord(engine, tx, leads, caller, { fullName: unique('Rolled back'), phone: freshPhone(), source: sourceId });
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect((await db.query('select 1 from outbox where stream = $1', [hookId])).rows).toHaveLength(0);
    await deliverWebhooks(db, { notify });
    expect(receiver.received.filter((request) => request.path === '/rollback')).toHaveLength(0);

    const committed = await db.transaction((tx) => createRecord(engine, tx, leads, caller, { fullName: unique('Committed'), phone: freshPhone(), source: sourceId }));
    const rows = await db.query<{ payload: { event: string; data: { id: string } } }>('select payload from outbox where stream = $1', [hookId]);
    expect(rows.rows.map((row) => [row.payload.event, row.payload.data.id])).toEqual([['lead.created', committed.id]]);
    await deliverWebhooks(db, { notify });
    await waitFor(() => receiver.received.some((request) => request.path === '/rollback'));
  });

  it('deliveries of one webhook go out in order; one given up after a day tells its owner', async () => {
    const made = await newHook({ url: `${receiver.url}/order` });
    const hookId = made.json().data.id as string;
    receiver.state.mode = 'fail';
    const firstLead = await newLead();
    await waitFor(async () => (await deliveries(hookId))[0]?.tries.length === 1);
    receiver.state.mode = 'ok';
    const secondLead = await newLead();
    // The second is due but waits behind the first (still pending, its retry not due yet).
    await deliverWebhooks(db, { notify });
    const now = await deliveries(hookId);
    expect(now.map((d) => d.status)).toEqual(['pending', 'pending']);
    expect(now[0]!.tries).toHaveLength(0);
    // A day later the first's last try fails: given up, the owner told, the second goes out.
    receiver.state.mode = 'fail';
    await db.query("update outbox set next_attempt_at = now(), give_up_at = now() where stream = $1 and payload->'data'->>'id' = $2", [hookId, firstLead.id]);
    await deliverWebhooks(db, { notify });
    // The first given up, the second was tried next in the same run (and refused too). Polled: the app's
    // own job, woken by the second lead's commit, may be the run that sends them (and still recording).
    const states = async () => (await deliveries(hookId)).map((d) => [d.status, d.tries.length]);
    await expect.poll(states, { timeout: 5_000 }).toEqual([
      ['pending', 1],
      ['failed', 2],
    ]);
    receiver.state.mode = 'ok';
    await db.query('update outbox set next_attempt_at = now() where stream = $1 and status = $2', [hookId, 'pending']);
    await deliverWebhooks(db, { notify });
    await expect.poll(states, { timeout: 5_000 }).toEqual([
      ['sent', 2],
      ['failed', 2],
    ]);
    const order = receiver.received.filter((request) => request.path === '/order').map((request) => (JSON.parse(request.body) as { data: { id: string } }).data.id);
    expect(order).toEqual([firstLead.id, firstLead.id, secondLead.id, secondLead.id]);
    const told = await db.query<{ title: string }>('select title from notifications where user_id = $1 order by seq desc limit 1', [adminId]);
    expect(told.rows[0]?.title).toMatch(/lead\.created not delivered/);
  });

  it('refuses bad input with a 400 naming the field, and addresses inside the network', async () => {
    const field = async (payload: Record<string, unknown>) => {
      const response = await newHook(payload);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json().errors as { field: string }[]).map((error) => error.field);
    };
    expect(await field({ url: `${receiver.url}/x`, events: ['lead.exploded'] })).toContain('events');
    expect(await field({ url: `${receiver.url}/x`, events: [] })).toContain('events');
    expect(await field({ url: 'ftp://example.com/hook' })).toContain('url');
    expect(await field({ url: 'not a url' })).toContain('url');
    expect(await field({ url: `${receiver.url}/x`, secret: 'short-secret' })).toContain('secret');
    // The cloud metadata address and link-local IPv6 are refused even with PROPDESK_WEBHOOKS_ALLOW_PRIVATE=1.
    expect(await field({ url: 'http://169.254.169.254/latest/meta-data/' })).toEqual(['url']);
    expect(await field({ url: 'http://[fe80::1]/hook' })).toEqual(['url']);
    expect(await field({ url: 'http://[::ffff:169.254.169.254]/hook' })).toEqual(['url']);
    expect(await field({ url: 'http://224.0.0.1/hook' })).toEqual(['url']);
    // Without it, loopback and private addresses too.
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    expect(await field({ url: `${receiver.url}/x` })).toEqual(['url']);
    expect(await field({ url: 'http://localhost:3461/x' })).toEqual(['url']);
    expect(await field({ url: 'http://10.1.2.3/x' })).toEqual(['url']);
    expect(await field({ url: 'http://[::1]/x' })).toEqual(['url']);
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    // An update to such an address is refused too.
    const made = await newHook({ url: `${receiver.url}/x` });
    const hook = made.json().data as { id: string; version: number };
    const patched = await admin.request({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { version: hook.version, url: 'http://169.254.169.254/' } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors[0].field).toBe('url');
    // Without the webhook privilege: 423.
    const clerk = await createTestUser(db, [{ entityName: 'lead', action: 'read' }]);
    const agent = createAgent(app);
    await agent.login(clerk.username);
    expect((await agent.request({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(423);
    expect((await agent.request({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` })).statusCode).toBe(423);
  });

  it('checks the address again when it sends, and cuts a receiver that hangs', async () => {
    const made = await newHook({ url: `${receiver.url}/later` });
    const hookId = made.json().data.id as string;
    // Saved while private addresses were allowed; no longer allowed when it is sent: refused, nothing sent.
    delete process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'];
    await db.transaction(async (tx) => {
      const { engine } = createEngine(db, { notify, argon2: TEST_ARGON2, announceAuthChange: async () => undefined });
      await createRecord(engine, tx, appRegistry.get('leads'), { auth: null, source: 'system' }, { fullName: unique('Later'), phone: freshPhone(), source: sourceId });
    });
    await deliverWebhooks(db, { notify });
    // The app's own job, woken by the commit, may be the one that tried it (and still be recording the try).
    await waitFor(async () => (await deliveries(hookId))[0]?.tries.length === 1);
    const [refused] = await deliveries(hookId);
    expect(refused!.tries[0]!.error).toMatch(/^Refused: .*loopback or private/);
    expect(receiver.received.some((request) => request.path === '/later')).toBe(false);
    process.env['PROPDESK_WEBHOOKS_ALLOW_PRIVATE'] = '1';
    receiver.state.mode = 'hang';
    const started = Date.now();
    const outcome = await postDelivery({ url: `${receiver.url}/hang`, secret, event: 'lead.created', deliveryId: 'x', body: '{}' }, 300);
    expect(outcome).toMatchObject({ ok: false, code: null });
    expect(outcome.error).toMatch(/No answer within/);
    expect(Date.now() - started).toBeLessThan(3_000);
    // A redirect is a failed try, not followed.
    const redirect = await startReceiver(kind === 'pglite' ? 3463 : 3464, () => ({ status: 302, headers: { location: 'http://169.254.169.254/' } }));
    try {
      const answer = await postDelivery({ url: `${redirect.url}/`, secret, event: 'lead.created', deliveryId: 'x', body: '{}' });
      expect(answer).toMatchObject({ ok: false, code: 302 });
    } finally {
      await redirect.close();
    }
  });
});
