import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@propdesk/server-kit';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, seededDatabases, testApp } from './test/harness.js';

/**
 * The OpenAPI document describes every call (issue 27): each JSON body and each 2xx answer has a
 * schema with properties, 4xx answers the error envelope, and what is not JSON is named here.
 * Generic on purpose: a route added later is checked the moment it is registered.
 * The document is built once per database kind (one app each).
 */

type Schema = { $ref?: string; type?: string; pattern?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; nullable?: boolean; enum?: unknown[]; format?: string; additionalProperties?: boolean | Schema };
type Operation = { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** Calls whose 2xx answer is a file or a stream, by content type: nothing else may answer other than JSON. */
const FILE_ANSWERS: Record<string, string> = {
  'GET /api/notifications/stream/{userId}': 'text/event-stream',
  'GET /api/notifications/stream/department/{departmentId}': 'text/event-stream',
  'GET /api/units/stream': 'text/event-stream',
  'GET /api/company-profile/{id}/logo': 'image/png',
  'GET /api/quotations/{id}/attachment': 'application/pdf',
  'GET /api/contracts/{id}/prints/{printId}': 'application/pdf',
  'GET /api/customers/{id}/statement/print': 'application/pdf',
  'GET /api/brokers/{id}/commission-statement/print': 'application/pdf',
  'GET /api/messages/unsubscribe/{token}': 'text/html',
};
/** Engine calls of every resource that answer a file (`/api/{resource}/...`). */
const ENGINE_FILE_ANSWERS = [/^GET \/api\/[a-z0-9-]+\/export$/, /^GET \/api\/[a-z0-9-]+\/import\/template$/, /^GET \/api\/[a-z0-9-]+\/\{id\}\/print$/];
/** Calls whose body is not JSON. */
const NON_JSON_BODIES: Record<string, string> = {
  'PUT /api/company-profile/{id}/logo': 'image/png',
  'PUT /api/quotations/{id}/attachment': 'application/pdf',
};
const ENGINE_NON_JSON_BODIES = [/^POST \/api\/[a-z0-9-]+\/import$/];

/**
 * Calls whose answer is a fixed shape of the spec rather than the envelope (api.md: "the fixed calls
 * of the spec keep their own shapes"): sign-in's `{ data: token, message }`, the bare privilege and
 * notification arrays. Their answer is described all the same (an object with its properties, or an
 * array of such objects); only the envelope's `status` is not asked of them.
 */
const SPEC_SHAPES = new Set([
  'POST /api/users/login',
  'GET /api/users/privileges',
  'GET /api/notifications/user/{userId}',
  'GET /api/notifications/department/{departmentId}',
]);

/** The calls anyone may make without signing in (`security: []`); every other call needs the session or an API key. */
const PUBLIC_CALLS = ['GET /api/health', 'GET /api/users/csrf-cookie', 'POST /api/users/login', 'GET /api/users/restore-session', 'POST /api/users/logout'];

describe.each(DB_KINDS)('the OpenAPI document on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let document: Document;
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(document.components.schemas[decodeURIComponent(schema.$ref.replace('#/components/schemas/', ''))]!) : schema);
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json() as Document;
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  it('refers only to schemas it has', () => {
    const refs = new Set([...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!));
    expect([...refs].filter((ref) => !ref.startsWith('#/components/schemas/') || !document.components.schemas[decodeURIComponent(ref.slice(21))])).toEqual([]);
  });

  it('describes every request body', () => {
    const missing: string[] = [];
    let described = 0;
    for (const { key, operation } of operations()) {
      const content = operation.requestBody?.content;
      if (!content) continue;
      const nonJson = NON_JSON_BODIES[key] ?? (ENGINE_NON_JSON_BODIES.some((pattern) => pattern.test(key)) ? 'text/csv' : undefined);
      if (nonJson) {
        if (!content[nonJson]) missing.push(`${key}: no ${nonJson} body`);
        continue;
      }
      const schema = content['application/json']?.schema;
      const resolved = schema && resolve(schema);
      const hasProperties = (one: Schema) => Object.keys(resolve(one).properties ?? {}).length > 0;
      // An object with its fields, or one of several such objects (a purchase request's award: whole or by line).
      if (!resolved || !(hasProperties(resolved) || (resolved.anyOf?.length && resolved.anyOf.every(hasProperties)))) missing.push(`${key}: body without properties`);
      else described += 1;
    }
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(200);
  });

  it('describes a 2xx answer of every call, and the error envelope for 4xx', () => {
    const missing: string[] = [];
    let described = 0;
    for (const { key, operation } of operations()) {
      const success = Object.entries(operation.responses).filter(([code]) => code.startsWith('2'));
      const file = FILE_ANSWERS[key] ?? (ENGINE_FILE_ANSWERS.some((pattern) => pattern.test(key)) ? 'file' : undefined);
      if (success.length === 0) missing.push(`${key}: no 2xx answer`);
      for (const [code, answer] of success) {
        const types = Object.keys(answer.content ?? {});
        if (file) {
          if (types.length === 0 || types.includes('application/json')) missing.push(`${key} ${code}: a file answer without its content type`);
          continue;
        }
        const schema = answer.content?.['application/json']?.schema;
        const resolved = schema && resolve(schema);
        if (SPEC_SHAPES.has(key)) {
          // The spec's own shape: an object with its fields, or an array of them.
          const shape = resolved?.type === 'array' && resolved.items ? resolve(resolved.items) : resolved;
          if (!shape?.properties || Object.keys(shape.properties).length === 0) missing.push(`${key} ${code}: no answer schema`);
        } else if (!resolved?.properties?.status || !resolved.required?.includes('status')) missing.push(`${key} ${code}: no JSON answer schema`);
        else described += 1;
      }
      const error = operation.responses['4XX']?.content?.['application/json']?.schema;
      if (!error || !resolve(error).properties?.errors) missing.push(`${key}: no error envelope`);
    }
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(700);
  });

  it('leaves no untyped object in a body or an answer (no `additionalProperties: {}` placeholder)', () => {
    const placeholders = new Set<string>();
    const seen = new Set<Schema>();
    const walk = (raw: Schema | undefined, at: string) => {
      if (!raw || typeof raw !== 'object') return;
      const schema = resolve(raw);
      if (seen.has(schema)) return;
      seen.add(schema);
      const extra = schema.additionalProperties;
      const typedExtra = typeof extra === 'object' && Object.keys(extra).length > 0;
      if (schema.type === 'object' && (!schema.properties || Object.keys(schema.properties).length === 0) && !typedExtra) placeholders.add(at);
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, `${at}.${name}`);
      if (typedExtra) walk(extra as Schema, `${at}.*`);
      walk(schema.items, `${at}[]`);
      for (const branch of [...(schema.anyOf ?? []), ...((schema as { oneOf?: Schema[] }).oneOf ?? []), ...((schema as { allOf?: Schema[] }).allOf ?? [])]) walk(branch, at);
    };
    for (const { key, operation } of operations()) {
      walk(operation.requestBody?.content['application/json']?.schema, `${key} body`);
      for (const [code, answer] of Object.entries(operation.responses)) walk(answer.content?.['application/json']?.schema, `${key} ${code}`);
    }
    expect([...placeholders]).toEqual([]);
  });

  it('names how to sign in: the session cookie (CSRF header on writes) or an API key; public calls need neither', async () => {
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> } }).components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'pd_access' });
    expect(schemes.csrfToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-CSRF-Token' });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((document as unknown as { security: unknown }).security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    const security = (key: string) => {
      const [method, path] = key.split(' ') as [string, string];
      return (document.paths[path]![method.toLowerCase()] as Operation & { security?: Record<string, string[]>[] }).security;
    };
    for (const key of PUBLIC_CALLS) expect(security(key)?.every((requirement) => !('session' in requirement) && !('bearerAuth' in requirement)), key).toBe(true);
    expect(security('GET /api/health')).toEqual([]);
    expect(security('GET /api/users/csrf-cookie')).toEqual([]);
    expect(security('POST /api/users/login')).toEqual([{ csrfToken: [] }]);
    // Every write other than the public ones: the session with the CSRF header, or a key.
    const writes = operations().filter(({ key }) => !key.startsWith('GET ') && !PUBLIC_CALLS.includes(key));
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter(({ key }) => JSON.stringify(security(key)) !== JSON.stringify([{ session: [], csrfToken: [] }, { bearerAuth: [] }])).map(({ key }) => key)).toEqual([]);

    // And it is true: without a session, every call but the public ones is refused (401); the public ones are not.
    const reads = operations().filter(({ key }) => key.startsWith('GET ') && !key.includes('{'));
    expect(reads.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const { key } of reads) {
      const response = await app.inject({ method: 'GET', url: key.slice(4) });
      const isPublic = PUBLIC_CALLS.includes(key);
      if (isPublic ? response.statusCode === 401 && key !== 'GET /api/users/restore-session' : response.statusCode !== 401) wrong.push(`${key}: ${response.statusCode}`);
      if (!isPublic && security(key) !== undefined) wrong.push(`${key}: not the document's default security`);
    }
    expect(wrong).toEqual([]);
    const anonymous = createAgent(app);
    expect((await anonymous.request({ method: 'GET', url: '/api/users/csrf-cookie' })).statusCode).toBe(200);
    expect((await anonymous.request({ method: 'POST', url: '/api/leads/assign', payload: { ids: [], userId: null } })).statusCode).toBe(401);
    expect((await anonymous.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200);
    // A write with the session cookie but without the CSRF header is refused (403); with it, it passes the door.
    const signedIn = createAgent(app);
    expect((await signedIn.login('admin')).statusCode).toBe(200);
    const leadId = (await db.query<{ id: string }>('select id::text as id from leads order by created_on limit 1')).rows[0]!.id;
    expect((await signedIn.request({ method: 'POST', url: `/api/leads/${leadId}/claim`, payload: {}, csrf: false })).statusCode).toBe(403);
    const run = await signedIn.request({ method: 'POST', url: '/api/leads/expiry/run' });
    expect(run.statusCode).toBe(200);
    expect(conform(run.json(), document.paths['/api/leads/expiry/run']!.post!.responses['200']!.content!['application/json']!.schema, resolve, 'POST /api/leads/expiry/run')).toEqual([]);
  });

  it('describes a resource from its definition: types, formats, enums, required fields, envelopes', () => {
    const create = resolve(document.paths['/api/leads']!.post!.requestBody!.content['application/json']!.schema);
    expect(create.required).toEqual(expect.arrayContaining(['fullName', 'phone', 'source']));
    expect(create.properties!.fullName).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
    expect(create.properties!.source).toMatchObject({ type: 'string', format: 'uuid' });
    expect(create.properties!.nextFollowUpAt).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(create.properties!.assignedTo).toBeUndefined(); // read-only: not in the body
    expect(create.additionalProperties).toBe(false);
    const update = resolve(document.paths['/api/leads/{id}']!.patch!.requestBody!.content['application/json']!.schema);
    expect(update.required).toEqual(['version']);

    const list = resolve(document.paths['/api/leads']!.get!.responses['200']!.content!['application/json']!.schema);
    expect(list.required).toEqual(expect.arrayContaining(['status', 'data', 'total', 'page', 'pageSize']));
    const lead = resolve(list.properties!.data!.items!);
    expect(lead.properties!.budgetMin).toMatchObject({ type: 'string', pattern: expect.any(String), nullable: true });
    expect(lead.properties!.id).toMatchObject({ type: 'string', format: 'uuid' });

    const error = resolve(document.paths['/api/leads']!.post!.responses['4XX']!.content!['application/json']!.schema);
    expect(error.properties!.status!.enum).toEqual(['ERROR']);
    expect(resolve(error.properties!.errors!.items!).required).toEqual(['field', 'message']);

    // A workflow action: its names (an enum of the definition's actions) and its body.
    const action = document.paths['/api/hold-requests/{id}/actions/{action}']!.post! as Operation & { parameters: { name: string; schema: Schema }[] };
    expect(action.parameters.find((parameter) => parameter.name === 'action')!.schema.enum).toEqual(expect.arrayContaining(['approve']));
    expect(resolve(action.requestBody!.content['application/json']!.schema).properties).toHaveProperty('reason');
  });

  it('gives a typed client (openapi-typescript) that compiles, with the fields typed as the server reads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'propdesk-openapi-'));
    try {
      writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
      writeFileSync(join(dir, 'usage.ts'), TYPED_USAGE);
      const program = ts.createProgram([join(dir, 'usage.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] });
      const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => `${diagnostic.file?.fileName.split('/').pop() ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what the engine really answers: a real record fits its schema', async () => {
    const agent = createAgent(app);
    expect((await agent.login('admin')).statusCode).toBe(200);
    for (const resource of ['leads', 'units', 'projects', 'reservations']) {
      const response = await agent.request({ method: 'GET', url: `/api/${resource}?pageSize=5` });
      expect(response.statusCode).toBe(200);
      const schema = document.paths[`/api/${resource}`]!.get!.responses['200']!.content!['application/json']!.schema;
      expect(conform(response.json(), schema, resolve, resource)).toEqual([]);
      const first = (response.json() as { data: { id: string }[] }).data[0];
      if (!first) continue;
      const one = await agent.request({ method: 'GET', url: `/api/${resource}/${first.id}` });
      const oneSchema = document.paths[`/api/${resource}/{id}`]!.get!.responses['200']!.content!['application/json']!.schema;
      expect(conform(one.json(), oneSchema, resolve, `${resource}/{id}`)).toEqual([]);
    }
  });

  it("says what the domains' own calls really answer: real answers fit their schemas", async () => {
    const agent = createAgent(app);
    expect((await agent.login('admin')).statusCode).toBe(200);
    const one = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]?.id;
    const me = (await agent.request({ method: 'GET', url: '/api/users/me' })).json() as { data: { id: string } };
    const lead = (await db.query<{ id: string; phone: string }>('select id::text as id, phone from leads where merged_into_id is null order by created_on limit 1')).rows[0]!;
    const customer = (await db.query<{ id: string; phone: string }>('select id::text as id, phone from customers order by created_on limit 1')).rows[0]!;
    const project = (await one('select p.id::text as id from projects p where exists (select 1 from units u where u.project_id = p.id) order by p.code limit 1'))!;
    const unit = (await db.query<{ id: string; plan: string | null }>(
      `select u.id::text as id, (select pp.id::text from payment_plans pp where pp.active and (pp.project_id = u.project_id or pp.project_id is null) order by pp.name limit 1) as plan
         from units u where u.project_id = $1 and u.status = 'available' and u.base_price is not null order by u.code limit 1`,
      [project],
    )).rows[0]!;
    const contract = await one("select id::text as id from contracts order by created_on limit 1");
    const reservation = await one('select id::text as id from reservations order by created_on limit 1');
    const broker = await one('select broker_id::text as id from commissions order by created_on limit 1');
    const request = await one("select request_id::text as id from quotations where status <> 'cancelled' order by created_on limit 1");
    const order = await one('select id::text as id from purchase_orders order by total desc nulls last limit 1');
    const today = new Date().toISOString().slice(0, 10);

    const calls: { path: string; method?: string; url: string; payload?: unknown }[] = [
      { path: '/api/users/privileges', url: '/api/users/privileges' },
      { path: '/api/notifications/user/{userId}', url: `/api/notifications/user/${me.data.id}` },
      { path: '/api/leads/duplicates', url: `/api/leads/duplicates?phone=${encodeURIComponent(lead.phone)}` },
      { path: '/api/leads/{id}/activities', url: `/api/leads/${lead.id}/activities` },
      { path: '/api/customers/duplicates', url: `/api/customers/duplicates?phone=${encodeURIComponent(customer.phone)}` },
      { path: '/api/customers/{id}/portfolio', url: `/api/customers/${customer.id}/portfolio` },
      { path: '/api/customers/{id}/statement', url: `/api/customers/${customer.id}/statement` },
      { path: '/api/units/{id}/story', url: `/api/units/${unit.id}/story` },
      { path: '/api/units/availability', url: `/api/units/availability?date=${today}&project=${project}` },
      { path: '/api/units/board', url: `/api/units/board?project=${project}` },
      { path: '/api/sales/dashboard', url: '/api/sales/dashboard' },
      { path: '/api/cheques/bounce-charges/{project}', url: `/api/cheques/bounce-charges/${project}` },
      { path: '/api/cheques/deposit-calendar', url: '/api/cheques/deposit-calendar' },
      { path: '/api/collections/dashboard', url: '/api/collections/dashboard' },
      { path: '/api/commissions/brokers', url: '/api/commissions/brokers' },
      { path: '/api/procurement/dashboard', url: '/api/procurement/dashboard' },
      { path: '/api/views', url: '/api/views?resource=leads' },
      { path: '/api/reservations/preview', method: 'POST', url: '/api/reservations/preview', payload: { unit: unit.id, ...(unit.plan ? { paymentPlan: unit.plan } : {}) } },
      { path: '/api/units/generate', method: 'POST', url: '/api/units/generate', payload: { project, block: 'ZZ', fromFloor: 1, toFloor: 2, unitsPerFloor: 2, codePattern: '{block}-{floor}{unit}', dryRun: true } },
      { path: '/api/units/reprice', method: 'POST', url: '/api/units/reprice', payload: { project, percent: 5, dryRun: true } },
      { path: '/api/views', method: 'POST', url: '/api/views', payload: { resource: 'leads', name: 'Mine, open', state: { columns: ['fullName'], q: 'a' } } },
    ];
    if (contract) calls.push({ path: '/api/contracts/{id}/steps', url: `/api/contracts/${contract}/steps` }, { path: '/api/contracts/{id}/prints', url: `/api/contracts/${contract}/prints` });
    if (reservation) calls.push({ path: '/api/reservations/{id}/revisions', url: `/api/reservations/${reservation}/revisions` });
    if (broker) calls.push({ path: '/api/brokers/{id}/commission-statement', url: `/api/brokers/${broker}/commission-statement` });
    if (request) calls.push({ path: '/api/purchase-requests/{id}/comparison', url: `/api/purchase-requests/${request}/comparison` });
    if (order) calls.push({ path: '/api/purchase-orders/{id}/approvals', url: `/api/purchase-orders/${order}/approvals` }, { path: '/api/purchase-orders/{id}/receipts', url: `/api/purchase-orders/${order}/receipts` });
    // The demo has each of these: the check is not allowed to thin out silently.
    expect({ contract, reservation, broker, request, order }).toEqual({ contract: expect.any(String), reservation: expect.any(String), broker: expect.any(String), request: expect.any(String), order: expect.any(String) });

    const problems: string[] = [];
    for (const call of calls) {
      const method = call.method ?? 'GET';
      const response = await agent.request({ method: method as 'GET', url: call.url, ...(call.payload ? { payload: call.payload as object } : {}) });
      if (response.statusCode >= 300) {
        problems.push(`${method} ${call.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const schema = document.paths[call.path]![method.toLowerCase()]!.responses[String(response.statusCode)]?.content?.['application/json']?.schema;
      if (!schema) problems.push(`${method} ${call.path}: no schema for ${response.statusCode}`);
      else problems.push(...conform(response.json(), schema, resolve, `${method} ${call.path}`));
    }
    // The saved view made above, changed and deleted: each answer as documented.
    const view = (await agent.request({ method: 'GET', url: '/api/views?resource=leads' })).json() as { data: { id: string }[] };
    const viewId = view.data[0]!.id;
    for (const [method, payload] of [['PATCH', { isDefault: true }], ['DELETE', undefined]] as const) {
      const response = await agent.request({ method, url: `/api/views/${viewId}`, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(200);
      problems.push(...conform(response.json(), document.paths['/api/views/{id}']![method.toLowerCase()]!.responses['200']!.content!['application/json']!.schema, resolve, `${method} /api/views/{id}`));
    }
    expect(problems).toEqual([]);
  });
});

/** Typed use of the generated client: must compile (and the `@ts-expect-error` lines must be errors). */
const TYPED_USAGE = `
import type { paths } from './api';

type LeadCreate = paths['/api/leads']['post']['requestBody']['content']['application/json'];
const lead: LeadCreate = { fullName: 'Layla Haddad', phone: '+971501234567', source: '0b0f9c1e-4a52-4c1e-9d1a-6a1f0c2b3d4e', budgetMin: '1250000.00' };
const fullName: string = lead.fullName;
// @ts-expect-error fullName is text
const wrong: LeadCreate = { fullName: 42, phone: '+971501234567', source: 'x' };
// @ts-expect-error the source is required
const noSource: LeadCreate = { fullName: 'A', phone: '+971501234567' };

type LeadUpdate = NonNullable<paths['/api/leads/{id}']['patch']['requestBody']>['content']['application/json'];
const change: LeadUpdate = { version: 3, notes: null };

type LeadList = paths['/api/leads']['get']['responses'][200]['content']['application/json'];
declare const page: LeadList;
const total: number = page.total;
const first: string = page.data[0]!.id;
const budget: string | null | undefined = page.data[0]!.budgetMin;

type Created = paths['/api/leads']['post']['responses'][201]['content']['application/json'];
declare const created: Created;
const ok: 'OK' = created.status;
const version: number = created.data.version;

type Failure = paths['/api/leads']['post']['responses']['4XX']['content']['application/json'];
declare const failure: Failure;
const status: 'ERROR' = failure.status;
const field: string | undefined = failure.errors?.[0]?.field;

type Action = paths['/api/hold-requests/{id}/actions/{action}']['post'];
const approve: Action['parameters']['path']['action'] = 'approve';
const body: NonNullable<Action['requestBody']>['content']['application/json'] = { reason: 'Agreed with the buyer' };

export { fullName, wrong, noSource, change, total, first, budget, ok, version, status, field, approve, body };
`;

/** The problems of a value against the document's schema (the subset the document uses). */
function conform(value: unknown, raw: Schema, resolve: (schema: Schema) => Schema, at: string): string[] {
  const schema = resolve(raw);
  if (value === null) return schema.nullable || schema.type === undefined ? [] : [`${at}: null`];
  if (schema.anyOf) return schema.anyOf.some((branch) => conform(value, branch, resolve, at).length === 0) ? [] : [`${at}: matches no branch`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in enum`];
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return [`${at}: not a string`];
      if (schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) return [`${at}: not a uuid`];
      if (schema.format === 'date-time' && (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value))) return [`${at}: not a date-time`];
      if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return [`${at}: ${value} not a date`];
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return [`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`];
      return [];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at}: not an integer`];
    case 'number':
      return typeof value === 'number' ? [] : [`${at}: not a number`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, index) => (schema.items ? conform(item, schema.items, resolve, `${at}.${index}`) : [])) : [`${at}: not an array`];
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: not an object`];
      const record = value as Record<string, unknown>;
      const problems = (schema.required ?? []).filter((name) => !(name in record)).map((name) => `${at}.${name}: missing`);
      for (const [name, item] of Object.entries(record)) {
        const property = schema.properties?.[name];
        if (property) problems.push(...conform(item, property, resolve, `${at}.${name}`));
        else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not in the schema`);
        else if (typeof schema.additionalProperties === 'object') problems.push(...conform(item, schema.additionalProperties, resolve, `${at}.${name}`));
      }
      return problems;
    }
    default:
      return [];
  }
}
