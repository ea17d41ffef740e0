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

const ARABIC = /[\u0600-\u06FF]/;
const supplierPrivileges: Privilege[] = [
  { entityName: 'supplier', action: 'read' },
  { entityName: 'supplier', action: 'create' },
];
type Envelope = { status: string; message: string; errors?: { field: string; message: string; text?: unknown }[] };

/**
 * Issue 29: the server answers in the account's language, else the call's `Accept-Language`: the
 * envelope's `message` and each `errors[].message`, with the same fields and status codes.
 */
describe.each(DB_KINDS)('the server answers in the caller’s language on %s', (kind) => {
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

  // A body with every kind of problem: a wrong type (a schema's own word), a missing required
  // field (the engine's "Required"), a bad e-mail, and a key no field has (zod's own message).
  const badSupplier = { name: 5, email: 'not an address', bogus: 1 };
  const postSupplier = (agent: ReturnType<typeof createAgent>, language?: string) =>
    agent.request({ method: 'POST', url: '/api/suppliers', payload: badSupplier, ...(language ? { headers: { 'accept-language': language } } : {}) });

  it('the same bad request: English by default, Arabic for Accept-Language ar-EG, Arabic for an Arabic account even asking en', async () => {
    const user = await createTestUser(db, supplierPrivileges);
    const agent = createAgent(app);
    await agent.login(user.username);

    const english = await postSupplier(agent);
    expect(english.statusCode).toBe(400);
    const en = english.json<Envelope>();
    expect(en.message).toBe('Validation failed');
    expect(en.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Must be text' },
        { field: 'email', message: 'Must be a valid email address' },
        { field: '', message: 'Unrecognized key: "bogus"' },
      ]),
    );
    expect((await postSupplier(agent, 'en-US,en;q=0.9')).json()).toEqual(en);

    const arabic = await postSupplier(agent, 'ar-EG,ar;q=0.9,en;q=0.5');
    expect(arabic.statusCode).toBe(400);
    const ar = arabic.json<Envelope>();
    expect(ar.status).toBe('ERROR');
    expect(ar.message).toBe('تعذّر التحقق من البيانات');
    // The same fields in the same order; every message in Arabic, none the English one.
    expect(ar.errors!.map((error) => error.field)).toEqual(en.errors!.map((error) => error.field));
    ar.errors!.forEach((error, index) => {
      expect(error.message, error.field).toMatch(ARABIC);
      expect(error.message).not.toBe(en.errors![index]!.message);
      expect(Object.keys(error).sort()).toEqual(['field', 'message']);
    });
    expect(ar.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'يجب أن يكون نصًا' },
        { field: 'email', message: 'يجب أن يكون بريدًا إلكترونيًا صالحًا' },
      ]),
    );

    // The account's language wins over the browser's.
    expect((await agent.request({ method: 'PATCH', url: '/api/users/me', payload: { language: 'ar' } })).statusCode).toBe(200);
    const account = await postSupplier(agent, 'en');
    expect(account.statusCode).toBe(400);
    expect(account.json()).toEqual(ar);
    // And back: the account's English wins over an Arabic browser (the session cache heard the change).
    await agent.request({ method: 'PATCH', url: '/api/users/me', payload: { language: 'en' } });
    expect((await postSupplier(agent, 'ar-EG')).json()).toEqual(en);
  });

  it('a required field left out, a record that does not exist, a privilege refused: in Arabic with the definition’s own words', async () => {
    const user = await createTestUser(db, supplierPrivileges);
    const agent = createAgent(app);
    await agent.login(user.username);
    const arabic = { 'accept-language': 'ar-EG' };

    const missing = await agent.request({ method: 'POST', url: '/api/suppliers', payload: {}, headers: arabic });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'name', message: 'مطلوب' }]);
    expect((await agent.request({ method: 'POST', url: '/api/suppliers', payload: {} })).json().errors).toEqual([{ field: 'name', message: 'Required' }]);

    const id = '00000000-0000-4000-8000-000000000000';
    const english = await agent.request({ method: 'GET', url: `/api/suppliers/${id}` });
    expect(english.statusCode).toBe(404);
    expect(english.json().message).toBe('No such supplier');
    const notFound = await agent.request({ method: 'GET', url: `/api/suppliers/${id}`, headers: arabic });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('لا يوجد مورد بهذا المعرّف');

    // The spec's fixed English texts stay exactly as they are; Arabic callers read them in Arabic.
    const refused = await agent.request({ method: 'GET', url: '/api/leads' });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ status: 'ERROR', message: 'Forbidden - Access denied' });
    const refusedAr = await agent.request({ method: 'GET', url: '/api/leads', headers: arabic });
    expect(refusedAr.statusCode).toBe(423);
    expect(refusedAr.json()).toEqual({ status: 'ERROR', message: 'ممنوع - لا تملك صلاحية الوصول' });

    const anonymous = createAgent(app);
    expect((await anonymous.request({ method: 'GET', url: '/api/leads' })).json()).toEqual({ status: 'ERROR', message: 'Unauthorized' });
    const anonymousAr = await anonymous.request({ method: 'GET', url: '/api/leads', headers: arabic });
    expect(anonymousAr.statusCode).toBe(401);
    expect(anonymousAr.json().message).toMatch(ARABIC);
  });

  it('sign-in: a wrong password is refused in the browser’s language; a conflict names the clashing record in Arabic', async () => {
    const user = await createTestUser(db, supplierPrivileges);
    const agent = createAgent(app);
    await agent.csrf();
    const wrong = { method: 'POST' as const, url: '/api/users/login', payload: { username: user.username, password: 'not the password 1' } };
    const en = await agent.request(wrong);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Invalid username or password');
    const ar = await agent.request({ ...wrong, headers: { 'accept-language': 'ar' } });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().message).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');

    await agent.login(user.username);
    const taxId = `TX-${Date.now()}`;
    expect((await agent.request({ method: 'POST', url: '/api/suppliers', payload: { name: 'Nile Steel', taxId } })).statusCode).toBe(201);
    const clash = await agent.request({ method: 'POST', url: '/api/suppliers', payload: { name: 'Delta Steel', taxId }, headers: { 'accept-language': 'ar' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('يوجد مورد بهذا الرقم الضريبي من قبل: Nile Steel.');
    expect(clash.json().errors).toEqual([expect.objectContaining({ field: 'taxId', message: 'مستخدم من قبل في Nile Steel' })]);
    const clashEn = await agent.request({ method: 'POST', url: '/api/suppliers', payload: { name: 'Delta Steel', taxId } });
    expect(clashEn.json().message).toBe('A supplier with this tax id already exists: Nile Steel.');
  });
});
