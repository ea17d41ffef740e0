import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';

const agentPrivileges: Privilege[] = [{ entityName: 'lead', action: 'read' }];

/** Issue 29: the account's language, `GET /api/users/me` and `PATCH /api/users/me`. */
describe.each(DB_KINDS)('my language on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  const setLanguage = (agent: ReturnType<typeof createAgent>, payload: unknown, csrf = true) =>
    agent.request({ method: 'PATCH', url: '/api/users/me', payload: payload as Record<string, unknown>, csrf });

  it('is null until chosen, then kept on the account for the next sign-in on another browser', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const first = createAgent(app);
    expect((await first.login(user.username)).statusCode).toBe(200);
    expect((await first.request({ method: 'GET', url: '/api/users/me' })).json().data.language).toBeNull();

    const chosen = await setLanguage(first, { language: 'ar' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({ id: user.id, language: 'ar' });

    const other = createAgent(app);
    expect((await other.login(user.username)).statusCode).toBe(200);
    expect((await other.request({ method: 'GET', url: '/api/users/me' })).json().data.language).toBe('ar');
    const audited = await db.query("select details from audit_log where action = 'auth.language.changed' and entity_id = $1", [user.id]);
    expect(audited.rows).toHaveLength(1);

    expect((await setLanguage(other, { language: null })).json().data.language).toBeNull();
    expect((await first.request({ method: 'GET', url: '/api/users/me' })).json().data.language).toBeNull();
  });

  it('an unknown language is 400 naming the field and changes nothing; the body is strict and typed', async () => {
    const user = await createTestUser(db, agentPrivileges);
    const agent = createAgent(app);
    await agent.login(user.username);
    await setLanguage(agent, { language: 'en' });
    for (const payload of [{ language: 'fr' }, { language: 'AR' }, { language: 1 }, {}, { language: 'ar', fullName: 'x' }]) {
      const refused = await setLanguage(agent, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().status).toBe('ERROR');
      if ('language' in payload && Object.keys(payload).length === 1) {
        expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'language' })]);
      }
    }
    expect((await agent.request({ method: 'GET', url: '/api/users/me' })).json().data.language).toBe('en');
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = createAgent(app);
    await anonymous.csrf();
    expect((await setLanguage(anonymous, { language: 'ar' })).statusCode).toBe(401);
    const user = await createTestUser(db, agentPrivileges);
    const agent = createAgent(app);
    await agent.login(user.username);
    expect((await setLanguage(agent, { language: 'ar' }, false)).statusCode).toBe(403);
  });
});
