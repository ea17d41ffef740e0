import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, type ResourceDef } from '../model/index.js';
import { all, fixtureApp, fixtureDatabase } from './test/fixtures.js';

/** Twins: one unit code in two projects, two customers of one name, plans of a project or of all. */
const projects: ResourceDef = {
  name: 'projects',
  table: 'projects',
  label: 'Projects',
  singular: 'Project',
  entity: 'project',
  fields: { name: { kind: 'text', label: 'Name', required: true, unique: true } },
  defaultSort: ['name'],
  listColumns: ['name'],
};
const units: ResourceDef = {
  name: 'units',
  table: 'units',
  label: 'Units',
  singular: 'Unit',
  entity: 'unit',
  labelField: 'code',
  optionDetail: ['project', { field: 'block', prefix: 'Block ' }],
  fields: {
    code: { kind: 'text', label: 'Code', required: true, unique: ['project'] },
    project: { kind: 'reference', label: 'Project', ref: 'projects', required: true },
    block: { kind: 'text', label: 'Block' },
  },
  defaultSort: ['code'],
  listColumns: ['code', 'project', 'block'],
};
const plans: ResourceDef = {
  name: 'plans',
  table: 'plans',
  label: 'Payment Plans',
  singular: 'Payment plan',
  entity: 'paymentplansetup',
  optionDetail: ['project'],
  fields: { name: { kind: 'text', label: 'Name', required: true, unique: true }, project: { kind: 'reference', label: 'Project', ref: 'projects' } },
  defaultSort: ['name'],
  listColumns: ['name', 'project'],
};
const customers: ResourceDef = {
  name: 'customers',
  table: 'customers',
  label: 'Customers',
  singular: 'Customer',
  entity: 'customer',
  labelField: 'fullName',
  optionDetail: [{ field: 'phone', prefix: 'Phone ', last: 4 }, { field: 'nationalId', prefix: 'ID ', last: 4 }],
  fields: {
    fullName: { kind: 'text', label: 'Name', required: true },
    phone: { kind: 'phone', label: 'Phone', required: true },
    nationalId: { kind: 'text', label: 'National ID' },
  },
  defaultSort: ['fullName'],
  listColumns: ['fullName', 'phone'],
};
const deals: ResourceDef = {
  name: 'deals',
  table: 'deals',
  label: 'Deals',
  singular: 'Deal',
  entity: 'reservation',
  hasActive: false,
  labelField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true },
    project: { kind: 'reference', label: 'Project', ref: 'projects' },
    unit: { kind: 'reference', label: 'Unit', ref: 'units', required: true, pickMatch: { field: 'project', target: 'project' } },
    plan: { kind: 'reference', label: 'Payment plan', ref: 'plans', pickMatch: { field: 'unit', through: 'project', target: 'project', orEmpty: true } },
    customer: { kind: 'reference', label: 'Customer', ref: 'customers' },
  },
  defaultSort: ['title'],
  listColumns: ['title', 'unit'],
};
const registry = createRegistry([projects, units, plans, customers, deals]);

let db: Database;
let app: FastifyInstance;
let userId: string;
const privileges = all(['project', 'unit', 'paymentplansetup', 'customer', 'reservation']);

async function call(method: string, url: string, payload?: unknown) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'x-test-user': userId, 'x-test-privileges': JSON.stringify(privileges) },
  });
  return { status: response.statusCode, body: response.json() };
}

const ids: Record<string, string> = {};
const make = async (resource: string, key: string, values: Record<string, unknown>) => {
  const created = await call('POST', `/api/${resource}`, values);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ids[key] = created.body.data.id;
};

beforeAll(async () => {
  db = await fixtureDatabase(registry);
  userId = (await db.query<{ id: string }>("insert into users (username, full_name) values ('tester', 'Tess Tester') returning id::text as id")).rows[0]!.id;
  app = await fixtureApp(db, { registry });
  await make('projects', 'palm', { name: 'Palm Hills' });
  await make('projects', 'nile', { name: 'Nile Towers' });
  await make('units', 'palmA', { code: 'A-0402', project: ids.palm, block: 'A' });
  await make('units', 'nileA', { code: 'A-0402', project: ids.nile, block: 'C' });
  await make('plans', 'palmPlan', { name: 'Palm 5 years', project: ids.palm });
  await make('plans', 'nilePlan', { name: 'Nile 7 years', project: ids.nile });
  await make('plans', 'anyPlan', { name: 'Cash', project: null });
  await make('customers', 'ahmed1', { fullName: 'Ahmed Hassan', phone: '+201001112345', nationalId: '29001011234567' });
  await make('customers', 'ahmed2', { fullName: 'Ahmed Hassan', phone: '+201009998888', nationalId: '29505059876543' });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('picker options that tell records apart', () => {
  it('names what tells twins apart: a unit’s project and block, a customer’s phone and ID endings', async () => {
    const unitOptions = await call('GET', '/api/units/options?q=A-0402');
    expect(unitOptions.body.data).toEqual(
      expect.arrayContaining([
        { id: ids.palmA, label: 'A-0402', detail: 'Palm Hills · Block A' },
        { id: ids.nileA, label: 'A-0402', detail: 'Nile Towers · Block C' },
      ]),
    );
    const customerOptions = await call('GET', '/api/customers/options?q=ahmed');
    expect(customerOptions.body.data.map((option: { detail: string }) => option.detail).sort()).toEqual(['Phone …2345 · ID …4567', 'Phone …8888 · ID …6543']);
  });

  it('searches what it shows, word by word: a project’s name, a phone’s ending', async () => {
    const nile = await call('GET', '/api/units/options?q=a-0402%20nile');
    expect(nile.body.data.map((option: { id: string }) => option.id)).toEqual([ids.nileA]);
    const ending = await call('GET', '/api/customers/options?q=Hassan%208888');
    expect(ending.body.data.map((option: { id: string }) => option.id)).toEqual([ids.ahmed2]);
    // Only the ending is shown, so only the ending is searched: the middle of a phone number finds nothing.
    expect((await call('GET', '/api/customers/options?q=100111')).body.data).toEqual([]);
  });

  it('names values by id with their detail', async () => {
    const named = await call('GET', `/api/units/options?ids=${ids.nileA}`);
    expect(named.body.data).toEqual([{ id: ids.nileA, label: 'A-0402', detail: 'Nile Towers · Block C' }]);
  });

  it('offers a reference only what fits its form: units of the chosen project, plans of the unit’s project or of all', async () => {
    const units = await call('GET', `/api/units/options?q=A-0402&for=deals.unit&match=project:${ids.nile}`);
    expect(units.body.data.map((option: { id: string }) => option.id)).toEqual([ids.nileA]);
    const everyUnit = await call('GET', '/api/units/options?q=A-0402&for=deals.unit');
    expect(everyUnit.body.data).toHaveLength(2);
    const plansOfUnit = await call('GET', `/api/plans/options?for=deals.plan&match=unit:${ids.palmA}`);
    expect(plansOfUnit.body.data.map((option: { label: string }) => option.label)).toEqual(['Cash', 'Palm 5 years']);
    // A match on a field the picked one does not name narrows nothing; a malformed id is ignored.
    expect((await call('GET', `/api/plans/options?for=deals.plan&match=project:${ids.nile}`)).body.data).toHaveLength(3);
    expect((await call('GET', '/api/plans/options?for=deals.plan&match=unit:nope')).body.data).toHaveLength(3);
    // A value named by id with its field: answered only while it still fits (the form's project changed under it).
    expect((await call('GET', `/api/units/options?ids=${ids.nileA}&for=deals.unit&match=project:${ids.palm}`)).body.data).toEqual([]);
    expect((await call('GET', `/api/units/options?ids=${ids.nileA}&for=deals.unit&match=project:${ids.nile}`)).body.data).toHaveLength(1);
  });

  it('refuses a mismatched pick with a 400 naming the field, and writes nothing', async () => {
    const wrongUnit = await call('POST', '/api/deals', { title: 'Wrong unit', project: ids.palm, unit: ids.nileA });
    expect(wrongUnit.status).toBe(400);
    expect(wrongUnit.body.errors).toEqual([{ field: 'unit', message: 'Choose one of the units of the chosen project' }]);
    const wrongPlan = await call('POST', '/api/deals', { title: 'Wrong plan', unit: ids.palmA, plan: ids.nilePlan });
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.body.errors).toEqual([{ field: 'plan', message: 'Choose one of the payment plans of the unit’s project' }]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from deals')).rows[0]!.n).toBe(0);
  });

  it('takes what fits, and checks again when the other side changes', async () => {
    const fits = await call('POST', '/api/deals', { title: 'Palm deal', project: ids.palm, unit: ids.palmA, plan: ids.palmPlan });
    expect(fits.status).toBe(201);
    const anyProject = await call('POST', '/api/deals', { title: 'Cash deal', unit: ids.nileA, plan: ids.anyPlan });
    expect(anyProject.status).toBe(201);
    // The plan stays, the unit moves to another project: the plan no longer fits.
    const moved = await call('PATCH', `/api/deals/${fits.body.data.id}`, { version: fits.body.data.version, project: ids.nile, unit: ids.nileA });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([{ field: 'plan', message: 'Choose one of the payment plans of the unit’s project' }]);
    // The project alone changes under the unit: the unit no longer fits.
    const project = await call('PATCH', `/api/deals/${fits.body.data.id}`, { version: fits.body.data.version, project: ids.nile });
    expect(project.body.errors).toEqual([{ field: 'unit', message: 'Choose one of the units of the chosen project' }]);
    const both = await call('PATCH', `/api/deals/${fits.body.data.id}`, { version: fits.body.data.version, project: ids.nile, unit: ids.nileA, plan: ids.nilePlan });
    expect(both.status).toBe(200);
  });
});
