import type { Privilege } from '@propdesk/privileges';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp, unique } from './test/harness.js';

type Problem = { field: string; message: string };

/**
 * JSON bodies are typed, never coerced (issue 16): `true` is not a number and `"5"` is not 5.
 * Text keeps its own path: CSV cells and query strings are read as the values they stand for.
 */
describe.each(DB_KINDS)('typed JSON bodies on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  let admin: ReturnType<typeof createAgent>;
  let projectId: string;

  const privileges: Privilege[] = [
    ...['unit', 'project', 'contractstep', 'brokerprojecttemplate'].flatMap((entityName) => ['read', 'create', 'update'].map((action) => ({ entityName, action }))),
    { entityName: 'unit', fieldName: 'basePrice', action: 'read' },
    { entityName: 'unit', fieldName: 'basePrice', action: 'update' },
  ];

  beforeAll(async () => {
    db = await databases.open();
    app = await testApp(db);
    const user = await createTestUser(db, privileges);
    admin = createAgent(app);
    expect((await admin.login(user.username)).statusCode).toBe(200);
    const project = await admin.request({ method: 'POST', url: '/api/projects', payload: { name: unique('Typed'), code: `TJ${Date.now() % 100000}` } });
    expect(project.statusCode, project.body).toBe(201);
    projectId = project.json().data.id;
    const made = await admin.request({
      method: 'POST',
      url: '/api/units/generate',
      payload: { project: projectId, block: 'J', fromFloor: 1, toFloor: 1, unitsPerFloor: 2, codePattern: '{block}-{floor}{unit}', basePrice: '1000000.00', dryRun: false },
    });
    expect(made.statusCode, made.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
  });

  const fieldsOf = (body: string) => ((JSON.parse(body) as { errors?: Problem[] }).errors ?? []).map((problem) => problem.field);

  it('refuses a reprice percentage given as a boolean or as text, naming percent', async () => {
    for (const percent of [true, '5']) {
      const response = await admin.request({ method: 'POST', url: '/api/units/reprice', payload: { project: projectId, percent, dryRun: true } });
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldsOf(response.body)).toEqual(['percent']);
    }
    const typed = await admin.request({ method: 'POST', url: '/api/units/reprice', payload: { project: projectId, percent: 5, dryRun: true } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data).toMatchObject({ count: 2, totalBefore: '2000000.00', totalAfter: '2100000.00' });
  });

  it('refuses generate counts given as text', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/units/generate',
      payload: { project: projectId, block: 'K', fromFloor: '1', toFloor: 1, unitsPerFloor: 2, codePattern: '{block}-{floor}{unit}', dryRun: true },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['fromFloor']);
  });

  it('refuses an integer field given "5" and a yes/no field given "true", naming each; takes the typed body', async () => {
    const asText = await admin.request({ method: 'POST', url: '/api/contract-steps', payload: { name: unique('Step'), sortOrder: '5' } });
    expect(asText.statusCode, asText.body).toBe(400);
    expect(fieldsOf(asText.body)).toEqual(['sortOrder']);
    const yesNo = await admin.request({ method: 'POST', url: '/api/contract-steps', payload: { name: unique('Step'), sortOrder: 5, isFinal: 'true' } });
    expect(yesNo.statusCode, yesNo.body).toBe(400);
    expect(fieldsOf(yesNo.body)).toEqual(['isFinal']);
    const boolAsNumber = await admin.request({ method: 'POST', url: '/api/contract-steps', payload: { name: unique('Step'), sortOrder: true } });
    expect(boolAsNumber.statusCode).toBe(400);
    expect(fieldsOf(boolAsNumber.body)).toEqual(['sortOrder']);

    const typed = await admin.request({ method: 'POST', url: '/api/contract-steps', payload: { name: unique('Step'), sortOrder: 5, isFinal: true } });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().data).toMatchObject({ sortOrder: 5, isFinal: true });

    const patch = await admin.request({ method: 'PATCH', url: `/api/contract-steps/${typed.json().data.id}`, payload: { version: typed.json().data.version, sortOrder: '6' } });
    expect(patch.statusCode).toBe(400);
    expect(fieldsOf(patch.body)).toEqual(['sortOrder']);
  });

  it('refuses a bulk change whose value is mistyped', async () => {
    const step = await admin.request({ method: 'POST', url: '/api/contract-steps', payload: { name: unique('Step'), sortOrder: 1 } });
    const id = step.json().data.id as string;
    const text = await admin.request({ method: 'POST', url: '/api/contract-steps/bulk', payload: { ids: [id], action: 'set', field: 'sortOrder', value: '7' } });
    expect(text.statusCode).toBe(400);
    const typed = await admin.request({ method: 'POST', url: '/api/contract-steps/bulk', payload: { ids: [id], action: 'set', field: 'sortOrder', value: 7 } });
    expect(typed.statusCode, typed.body).toBe(200);
  });

  it('still reads CSV cells and query strings as text', async () => {
    const name = unique('Imported step');
    const file = `Name,Order,Final step\n${name},"1,2",yes\n`;
    const dry = await admin.request({ method: 'POST', url: '/api/contract-steps/import?dryRun=false', headers: { 'content-type': 'text/csv' }, payload: file });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ created: 1, invalid: 0 });
    const found = await admin.request({ method: 'GET', url: `/api/contract-steps?filter[sortOrder][eq]=12&q=${encodeURIComponent(name)}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject([{ name, sortOrder: 12, isFinal: true }]);
  });

  it('checks a rows field cell by cell and refuses a value in a field its choice hides', async () => {
    const base = { name: unique('Template'), project: projectId, payableOn: 'contract_signed' };
    const cell = await admin.request({ method: 'POST', url: '/api/broker-project-templates', payload: { ...base, commissionType: 'tiered', tiers: [{ upTo: 10, pct: 2 }, { upTo: null, pct: '2' }, { upTo: null, pct: 300 }] } });
    expect(cell.statusCode).toBe(400);
    expect(fieldsOf(cell.body)).toEqual(['tiers.2.pct']);
    const hidden = await admin.request({ method: 'POST', url: '/api/broker-project-templates', payload: { ...base, commissionType: 'percent', pct: '2.5', amount: '100.00' } });
    expect(hidden.statusCode).toBe(400);
    expect(fieldsOf(hidden.body)).toEqual(['amount']);
    const tiered = await admin.request({ method: 'POST', url: '/api/broker-project-templates', payload: { ...base, commissionType: 'tiered', tiers: [{ upTo: 10, pct: 2 }, { upTo: null, pct: 3 }] } });
    expect(tiered.statusCode, tiered.body).toBe(201);
    expect(tiered.json().data.tiers).toEqual([{ upTo: 10, pct: 2 }, { upTo: null, pct: 3 }]);
    // Switching the type keeps the old type's value only if it is cleared with it.
    const { id, version } = tiered.json().data as { id: string; version: number };
    const keep = await admin.request({ method: 'PATCH', url: `/api/broker-project-templates/${id}`, payload: { version, commissionType: 'percent', pct: '2' } });
    expect(keep.statusCode).toBe(400);
    expect(fieldsOf(keep.body)).toEqual(['tiers']);
    const cleared = await admin.request({ method: 'PATCH', url: `/api/broker-project-templates/${id}`, payload: { version, commissionType: 'percent', pct: '2', tiers: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });
});
