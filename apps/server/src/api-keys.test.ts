import { createHash } from 'node:crypto';
import type { Privilege } from '@propdesk/privileges';
import { openDatabase, type Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

type Agent = ReturnType<typeof createAgent>;

let phoneCounter = 0;
/** A valid Egyptian mobile in E.164 no other test uses. */
const freshPhone = () => `+2011${String(40_000_000 + process.pid * 1000 + (phoneCounter += 1)).slice(-8)}`;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

const WEB_FORM: Privilege[] = [
  { entityName: 'lead', action: 'create' },
  { entityName: 'lead', action: 'read' },
];

/** An administrator's role for a key, by the API (its privileges as the role matrix sends them). */
async function makeRole(admin: Agent, privileges: Privilege[]): Promise<string> {
  const response = await admin.request({
    method: 'POST',
    url: '/api/roles',
    payload: { name: unique('Key role'), description: 'API key test', privileges: privileges.map((p) => ({ entityName: p.entityName, fieldName: null, action: p.action })) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function makeKey(admin: Agent, body: Record<string, unknown>) {
  const response = await admin.request({ method: 'POST', url: '/api/api-keys', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Record<string, unknown> & { id: string; key: string; prefix: string; user: string };
}

/**
 * API keys and web leads (issue 27): a key is shown once and stored as its hash, acts with its
 * roles without cookies or CSRF, is refused when unknown, expired, revoked, short of a privilege or
 * put in the address, and a repeat web lead is logged on the live lead instead of making another.
 */
describe.each(DB_KINDS)('API keys on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let admin: Agent;
  let webRole: string;
  let sourceId: string;
  let channelId: string;
  let projectId: string;
  let agentId: string;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db, {}, { leadExpiryIntervalMs: 0 });
    admin = createAgent(app);
    expect((await admin.login('admin')).statusCode).toBe(200);
    webRole = await makeRole(admin, WEB_FORM);
    sourceId = (await db.query<{ id: string }>("select id::text from sources where name = 'Facebook'")).rows[0]!.id;
    channelId = (await db.query<{ id: string }>('select id::text from channels order by name limit 1')).rows[0]!.id;
    projectId = (await db.query<{ id: string }>('select id::text from projects order by name limit 1')).rows[0]!.id;
    // A team selling the project, first by name, whose one member takes every web lead in turn.
    agentId = (await createTestUser(db, ['read', 'create', 'update'].map((action) => ({ entityName: 'lead', action })))).id;
    await db.query('insert into sales_teams (name, members_ids, projects_ids) values ($1, $2::uuid[], $3::uuid[])', [`0 ${unique('Web team')}`, [agentId], [projectId]]);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('shows a key once, at creation; the list, the record and its history never carry it', async () => {
    const created = await makeKey(admin, { name: 'Website form', roles: [webRole] });
    expect(created.key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    expect(created.roles).toEqual([webRole]);
    expect(created.expiresAt).toBeNull();
    expect(created.revokedAt).toBeNull();
    const stored = await db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [created.id]);
    expect(stored.rows[0]!.key_hash).toBe(sha256hex(created.key));

    for (const url of ['/api/api-keys?pageSize=100', `/api/api-keys/${created.id}`, `/api/api-keys/${created.id}/history`]) {
      const response = await admin.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).not.toContain(created.key);
      expect(response.body).not.toContain(stored.rows[0]!.key_hash);
      expect(response.body).not.toContain('"key"');
    }
    const listed = (await admin.request({ method: 'GET', url: '/api/api-keys?pageSize=100' })).json().data as Record<string, unknown>[];
    const row = listed.find((item) => item.id === created.id)!;
    expect(row).toMatchObject({ name: 'Website form', roles: [webRole], prefix: created.prefix, lastUsedAt: null, expiresAt: null, revokedAt: null });
    expect(typeof row.createdOn).toBe('string');

    // Its service user is no person: not in the users list, never signs in.
    const users = await admin.request({ method: 'GET', url: `/api/users?pageSize=100&q=${encodeURIComponent('Website form')}` });
    expect((users.json().data as { id: string }[]).map((user) => user.id)).not.toContain(created.user);
    const username = (await db.query<{ username: string }>('select username from users where id = $1', [created.user])).rows[0]!.username;
    const signIn = createAgent(app);
    expect((await signIn.login(username, created.key)).statusCode).toBe(400);
  });

  it('refuses a bad key request: no roles, an unknown role, a past expiry, no apiKey privilege', async () => {
    const noRoles = await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'No roles', roles: [] } });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().errors[0].field).toBe('roles');
    const unknownRole = await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'Unknown role', roles: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors[0].field).toBe('roles');
    const past = await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'Past', roles: [webRole], expiresAt: '2020-01-01T00:00:00.000Z' } });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].field).toBe('expiresAt');
    const typed = await admin.request({ method: 'POST', url: '/api/api-keys', payload: { name: 42, roles: [webRole] } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors[0].field).toBe('name');

    const clerk = await createTestUser(db, [{ entityName: 'role', action: 'read' }]);
    const agent = createAgent(app);
    expect((await agent.login(clerk.username)).statusCode).toBe(200);
    expect((await agent.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'Mine', roles: [webRole] } })).statusCode).toBe(423);
    expect((await agent.request({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(423);
  });

  it('a key creates a lead and reads without cookie or CSRF token; the lead is routed and its history names the key', async () => {
    const key = await makeKey(admin, { name: 'Website form', roles: [webRole] });
    const phone = freshPhone();
    const created = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bearer(key.key),
      payload: { fullName: 'Mona Web', phone, source: sourceId, channel: channelId, projects: [projectId], notes: 'Two bedrooms, please call after 5' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().data as { id: string; assignedTo: string | null; source: string; channel: string; createdBy: string };
    expect(lead.source).toBe(sourceId);
    expect(lead.channel).toBe(channelId);
    // Round-robin within the team selling the project, never the key's own service user.
    expect(lead.assignedTo).toBe(agentId);
    expect(lead.createdBy).toBe(key.user);

    const history = await admin.request({ method: 'GET', url: `/api/leads/${lead.id}/history` });
    expect(history.statusCode).toBe(200);
    const entries = history.json().data as { action: string; actorName: string }[];
    expect(entries.find((entry) => entry.action === 'create')?.actorName).toBe('Website form');

    const read = await app.inject({ method: 'GET', url: '/api/leads?pageSize=5', headers: bearer(key.key) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().status).toBe('OK');
    const used = await db.query<{ used: boolean }>('select last_used_at is not null as used from api_keys where id = $1', [key.id]);
    expect(used.rows[0]!.used).toBe(true);
    const listed = (await admin.request({ method: 'GET', url: `/api/api-keys/${key.id}` })).json().data as { lastUsedAt: string | null };
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses unknown, malformed and expired keys (401), a missing privilege (423), and a key in the address (400)', async () => {
    const unknownKey = `pdk_${'A'.repeat(43)}`;
    const unknown = await app.inject({ method: 'GET', url: '/api/leads', headers: bearer(unknownKey) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ status: 'ERROR' });
    expect((await app.inject({ method: 'GET', url: '/api/leads', headers: bearer('not-a-key') })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/leads', headers: { authorization: 'Basic YWRtaW46eA==' } })).statusCode).toBe(401);

    const expiring = await makeKey(admin, { name: 'Expiring', roles: [webRole], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await app.inject({ method: 'GET', url: '/api/leads', headers: bearer(expiring.key) })).statusCode).toBe(200);
    // An hour later (the clock moved, here by the expiry): refused, cached or not.
    await db.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    const fresh = await makeKey(admin, { name: 'Expired before use', roles: [webRole], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await db.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [fresh.id]);
    const expired = await app.inject({ method: 'GET', url: '/api/leads', headers: bearer(fresh.key) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().status).toBe('ERROR');

    const key = await makeKey(admin, { name: 'Leads only', roles: [webRole] });
    const denied = await app.inject({ method: 'POST', url: '/api/customers', headers: bearer(key.key), payload: { fullName: 'X', phone: freshPhone() } });
    expect(denied.statusCode).toBe(423);
    expect((await app.inject({ method: 'GET', url: '/api/units', headers: bearer(key.key) })).statusCode).toBe(423);
    expect((await app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(key.key) })).statusCode).toBe(423);

    for (const query of [`api_key=${key.key}`, `key=${key.key}`, `access_token=${key.key}`, 'access_token=abc', `q=${key.key}`]) {
      const response = await app.inject({ method: 'GET', url: `/api/leads?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field).toBe(query.split('=')[0]);
      const withHeader = await app.inject({ method: 'GET', url: `/api/leads?${query}`, headers: bearer(key.key) });
      expect(withHeader.statusCode, query).toBe(400);
    }
    // The import's own `?key=<field>` is no API key and still works as before.
    const template = await admin.request({ method: 'GET', url: '/api/sources/import/template?key=name' });
    expect(template.statusCode).toBe(200);
  });

  it('revokes a key at once: the next call is refused, the record and its history say so', async () => {
    const key = await makeKey(admin, { name: 'To revoke', roles: [webRole] });
    for (let index = 0; index < 2; index++) expect((await app.inject({ method: 'GET', url: '/api/leads', headers: bearer(key.key) })).statusCode).toBe(200);
    const revoked = await admin.request({ method: 'DELETE', url: `/api/api-keys/${key.id}` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const after = await app.inject({ method: 'GET', url: '/api/leads', headers: bearer(key.key) });
    expect(after.statusCode).toBe(401);
    const history = (await admin.request({ method: 'GET', url: `/api/api-keys/${key.id}/history` })).json().data as { action: string; actorName: string }[];
    expect(history.map((entry) => entry.action)).toContain('revoke');
    expect(history.find((entry) => entry.action === 'revoke')?.actorName).not.toBe('To revoke');
    expect((await admin.request({ method: 'DELETE', url: `/api/api-keys/${key.id}` })).json().message).toMatch(/already revoked/);
    expect((await admin.request({ method: 'DELETE', url: '/api/api-keys/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    // A revoke is a write like any other: with a session it needs the CSRF token.
    expect((await admin.request({ method: 'DELETE', url: `/api/api-keys/${key.id}`, csrf: false })).statusCode).toBe(403);
  });

  it('a web lead posted twice is one lead and a repeat activity on it; staff duplicates stay refused', async () => {
    const key = await makeKey(admin, { name: 'Website form', roles: [webRole] });
    const phone = freshPhone();
    const body = { fullName: 'Hany Twice', phone, email: 'hany@example.com', source: sourceId, channel: channelId, projects: [projectId] };
    const first = await app.inject({ method: 'POST', url: '/api/leads', headers: bearer(key.key), payload: body });
    expect(first.statusCode, first.body).toBe(201);
    const leadId = first.json().data.id as string;
    const second = await app.inject({ method: 'POST', url: '/api/leads', headers: bearer(key.key), payload: { ...body, fullName: 'Hany T.', notes: 'Still interested' } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.id).toBe(leadId);
    expect(second.json().message).toMatch(/repeat/i);

    const count = await db.query<{ n: number }>('select count(*)::int as n from leads where phone = $1', [phone]);
    expect(count.rows[0]!.n).toBe(1);
    const activities = await admin.request({ method: 'GET', url: `/api/leads/${leadId}/activities` });
    expect(activities.statusCode).toBe(200);
    const logged = activities.json().data as { outcome: string; notes: string; createdBy: string; type: string }[];
    expect(logged).toHaveLength(1);
    expect(logged[0]!.outcome).toBe('Repeat enquiry');
    expect(logged[0]!.notes).toContain('Still interested');
    expect(logged[0]!.createdBy).toBe(key.user);
    const type = await db.query<{ name: string }>('select name from lead_activity_types where id = $1', [logged[0]!.type]);
    expect(type.rows[0]!.name).toBe('Web enquiry');
    // The lead's agent hears of it.
    const told = await db.query<{ n: number }>("select count(*)::int as n from notifications where user_id = $1 and title like 'Repeat enquiry%'", [agentId]);
    expect(told.rows[0]!.n).toBe(1);

    // A staff member capturing the same phone still gets the duplicate refusal (409), as before.
    const staff = await createTestUser(db, ['read', 'create', 'update'].map((action) => ({ entityName: 'lead', action })));
    const agent = createAgent(app);
    expect((await agent.login(staff.username)).statusCode).toBe(200);
    const duplicate = await agent.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Hany', phone, source: sourceId } });
    expect(duplicate.statusCode).toBe(409);

    // Once the lead is lost, the same person posting again is a new lead.
    const lost = await db.query<{ id: string }>("select id::text from lead_statuses where category = 'lost' and active order by sort_order limit 1");
    expect(lost.rows[0]).toBeDefined();
    const version = (await admin.request({ method: 'GET', url: `/api/leads/${leadId}` })).json().data.version as number;
    expect((await admin.request({ method: 'PATCH', url: `/api/leads/${leadId}`, payload: { status: lost.rows[0]!.id, version } })).statusCode).toBe(200);
    const third = await app.inject({ method: 'POST', url: '/api/leads', headers: bearer(key.key), payload: body });
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().data.id).not.toBe(leadId);

    // A lead merged into another is not live: the same person posting again is a repeat on the survivor.
    const [survivorPhone, mergedPhone] = [freshPhone(), freshPhone()];
    const survivor = await admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Mona Survivor', phone: survivorPhone, source: sourceId } });
    const merged = await admin.request({ method: 'POST', url: '/api/leads', payload: { fullName: 'Mona Merged', phone: mergedPhone, source: sourceId } });
    expect([survivor.statusCode, merged.statusCode]).toEqual([201, 201]);
    const survivorId = survivor.json().data.id as string;
    const merge = await admin.request({ method: 'POST', url: `/api/leads/${survivorId}/merge`, payload: { otherId: merged.json().data.id } });
    expect(merge.statusCode, merge.body).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/leads', headers: bearer(key.key), payload: { ...body, phone: mergedPhone } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(survivorId);
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('API key revoked on one process is refused on another', () => {
  const databases = seededDatabases('postgres');
  let first: Database;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;

  beforeAll(async () => {
    first = await databases.open();
    second = await openDatabase({ databaseUrl: databases.url(), dataDir: '' });
    appA = await testApp(first);
    appB = await testApp(second);
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await databases.cleanup();
  });

  it('revoking on A refuses the key on B at once (B had it cached)', async () => {
    const admin = createAgent(appA);
    expect((await admin.login('admin')).statusCode).toBe(200);
    const role = await makeRole(admin, WEB_FORM);
    const key = await makeKey(admin, { name: 'Two processes', roles: [role] });
    const onB = () => appB.inject({ method: 'GET', url: '/api/leads', headers: bearer(key.key) });
    // The NOTIFYs of the key's making (its user's roles) may reach B after its first read: ask until B answers from its cache.
    const cachedBy = Date.now() + 5000;
    let cached = false;
    while (!cached && Date.now() < cachedBy) {
      const hits = appB.sessionCache.stats.hits;
      expect((await onB()).statusCode).toBe(200);
      cached = appB.sessionCache.stats.hits === hits + 1;
    }
    expect(cached).toBe(true);
    expect((await admin.request({ method: 'DELETE', url: `/api/api-keys/${key.id}` })).statusCode).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - started < 5000) {
      status = (await onB()).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });
});
