import type { Privilege } from '@propdesk/privileges';
import { deletableIn, filterField, isFilterable, isSortable, labelFieldOf, opsFor, type FieldDef, type ResourceDef } from '@propdesk/records/model';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from './domains.js';
import { appRegistry } from './resources.js';
import { DB_KINDS, createAgent, createTestUser, seededDatabases, testApp } from './test/harness.js';
import { EXTRA_CREATE, SERVER_CREATED, sampleFor } from './test/samples.js';

/**
 * The contract every resource keeps, run over every definition in the registry on the real
 * server: adding a resource adds its cases without new test code.
 */
const resources = appRegistry.resources.filter((def) => !def.internal);
/** A document's internal children (a role's grants, a user's roles): no calls of their own, so no contract but this. */
const internalResources = appRegistry.resources.filter((def) => def.internal);

const fullPrivileges = (def: ResourceDef): Privilege[] => [
  ...['read', 'create', 'update', 'delete', 'export'].map((action) => ({ entityName: def.entity, action })),
  ...Object.entries(def.fields)
    .filter(([, field]) => field.protected)
    .flatMap(([name]) => ['read', 'update'].map((action) => ({ entityName: def.entity, fieldName: name, action }))),
];

/** A value a filter operator accepts for a field of this kind. */
function filterValue(field: FieldDef, op: string, sample: unknown): unknown {
  if (op === 'empty' || op === 'notEmpty' || sample === '' || sample === null) return undefined;
  if (field.kind === 'references') return Array.isArray(sample) ? sample[0] : undefined;
  if (op === 'contains' || op === 'startsWith') return typeof sample === 'string' ? sample.slice(0, 3) : 'a';
  if (op === 'in') return sample === undefined || sample === null ? undefined : String(sample);
  return sample === undefined || sample === null ? undefined : sample;
}

describe.each(DB_KINDS)('records contract on %s', (kind) => {
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

  it('has a registry entity for every resource', () => {
    for (const def of resources) expect(ENTITIES.find(def.entity), def.name).toBeDefined();
  });

  it('serves no internal child: no list, record, export or import of its own', async () => {
    expect(internalResources.map((def) => def.name).sort()).toEqual(['reservation-revisions', 'role-privileges', 'user-roles']);
    const agent = createAgent(app);
    const user = await createTestUser(db, [...fullPrivileges(appRegistry.get('roles')), ...fullPrivileges(appRegistry.get('users')), ...fullPrivileges(appRegistry.get('reservations'))]);
    await agent.login(user.username);
    for (const def of internalResources) {
      for (const url of [`/api/${def.name}`, `/api/${def.name}/export`, `/api/${def.name}/options`, `/api/${def.name}/00000000-0000-4000-8000-000000000000`]) {
        expect((await agent.request({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await agent.request({ method: 'POST', url: `/api/${def.name}`, payload: {} })).statusCode).toBe(404);
    }
  });

  describe.each(resources.map((def) => [def.name, def] as const))('%s', (_name, def) => {
    let agent: ReturnType<typeof createAgent>;
    let stranger: ReturnType<typeof createAgent>;
    let plain: ReturnType<typeof createAgent>;
    let created: Record<string, unknown> & { id: string; version: number };
    let sample: Awaited<ReturnType<typeof sampleFor>>;
    const base = `/api/${def.name}`;
    // A singleton (the company profile) exists once already: its own suite tests its create and update.
    const writable = !def.readOnly && !SERVER_CREATED.has(def.name) && !def.singleton;

    beforeAll(async () => {
      const user = await createTestUser(db, fullPrivileges(def));
      agent = createAgent(app);
      expect((await agent.login(user.username)).statusCode).toBe(200);
      const nobody = await createTestUser(db, [{ entityName: 'notification', action: 'read' }]);
      stranger = createAgent(app);
      expect((await stranger.login(nobody.username)).statusCode).toBe(200);
      const reader = await createTestUser(db, [{ entityName: def.entity, action: 'read' }, { entityName: def.entity, action: 'export' }]);
      plain = createAgent(app);
      expect((await plain.login(reader.username)).statusCode).toBe(200);
      if (writable) {
        sample = await sampleFor(db, appRegistry, def);
        const response = await agent.request({ method: 'POST', url: base, payload: { ...sample.values, ...(EXTRA_CREATE[def.name]?.() ?? {}) } });
        expect(response.statusCode, response.body).toBe(201);
        created = response.json().data;
      } else {
        // API keys are made by their own call (the key shown once), not the engine's create.
        if (def.name === 'api-keys') {
          const role = (await db.query<{ id: string }>('select id::text from roles order by name limit 1')).rows[0]!.id;
          expect((await agent.request({ method: 'POST', url: base, payload: { name: 'Contract key', roles: [role] } })).statusCode).toBe(201);
        }
        const listed = await agent.request({ method: 'GET', url: `${base}?pageSize=1` });
        created = listed.json().data[0];
      }
    });

    it('pages, and reads one record with its version and base fields', async () => {
      const page = await agent.request({ method: 'GET', url: `${base}?page=1&pageSize=2` });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body).toMatchObject({ status: 'OK', page: 1, pageSize: 2 });
      expect(body.data.length).toBeLessThanOrEqual(2);
      expect(body.total).toBeGreaterThanOrEqual(1);
      if (!created) return;
      const one = await agent.request({ method: 'GET', url: `${base}/${created.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ id: created.id, version: created.version });
      expect(one.json().data).toHaveProperty('createdOn');
      expect((await agent.request({ method: 'GET', url: `${base}/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
      expect((await agent.request({ method: 'GET', url: `${base}/not-an-id` })).statusCode).toBe(400);
    });

    it('sorts by every sortable field both ways, and refuses an unknown one', async () => {
      for (const [name, field] of Object.entries(def.fields)) {
        if (!isSortable(field) || field.protected) continue;
        for (const sort of [name, `-${name}`]) {
          const response = await agent.request({ method: 'GET', url: `${base}?sort=${sort}&pageSize=5` });
          expect(response.statusCode, `${sort}: ${response.body}`).toBe(200);
        }
      }
      expect((await agent.request({ method: 'GET', url: `${base}?sort=noSuchField` })).statusCode).toBe(400);
    });

    it('filters with every operator of every filterable field, and refuses an unknown field', async () => {
      for (const [name, field] of Object.entries(def.fields)) {
        if (!isFilterable(field) || field.protected || !filterField(def, name)) continue;
        for (const op of opsFor(field.kind)) {
          const value = filterValue(field, op, created?.[name]);
          if (value === undefined && op !== 'empty' && op !== 'notEmpty') continue;
          const where = JSON.stringify({ field: name, op, ...(value === undefined ? {} : { value }) });
          const response = await agent.request({ method: 'GET', url: `${base}?where=${encodeURIComponent(where)}&pageSize=200&sort=-createdOn&active=all` });
          expect(response.statusCode, `${name} ${op}: ${response.body}`).toBe(200);
          if (op === 'eq' && created && field.kind !== 'references') {
            // The created row matches its own value: it is on some page of the answer (many rows may share a value).
            let ids: string[] = response.json().data.map((row: { id: string }) => row.id);
            const pages = Math.ceil(Number(response.json().total) / 200);
            for (let page = 2; !ids.includes(created.id) && page <= pages; page++) {
              const next = await agent.request({ method: 'GET', url: `${base}?where=${encodeURIComponent(where)}&pageSize=200&page=${page}&sort=-createdOn&active=all` });
              ids = next.json().data.map((row: { id: string }) => row.id);
            }
            expect(ids, `${name} eq`).toContain(created.id);
          }
        }
      }
      const unknown = await agent.request({ method: 'GET', url: `${base}?filter[noSuchField]=1` });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('noSuchField');
    });

    it('searches its search fields', async () => {
      const label = created?.[labelFieldOf(def)];
      const searchable = Object.values(def.fields).some((field) => field.searchable);
      if (!searchable || typeof label !== 'string') return;
      const response = await agent.request({ method: 'GET', url: `${base}?q=${encodeURIComponent(label)}&active=all` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((row: { id: string }) => row.id)).toContain(created.id);
    });

    it('refuses reads without the privilege (423) unless the screen is open to everyone, and calls without a session (401)', async () => {
      const response = await stranger.request({ method: 'GET', url: base });
      expect(response.statusCode).toBe(def.readOpen ? 200 : 423);
      expect((await app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
      if (writable) expect((await stranger.request({ method: 'POST', url: base, payload: sample.values })).statusCode).toBe(423);
      // Picker names too: only for those who may read it or a resource that refers to it.
      expect((await stranger.request({ method: 'GET', url: `${base}/options` })).statusCode).toBe(def.readOpen ? 200 : 423);
      expect((await plain.request({ method: 'GET', url: `${base}/options` })).statusCode).toBe(200);
    });

    it('leaves protected fields out of get, list, export and history without the field grant', async () => {
      const hidden = Object.entries(def.fields).filter(([, field]) => field.protected).map(([name]) => name);
      if (hidden.length === 0 || !created) return;
      const one = (await plain.request({ method: 'GET', url: `${base}/${created.id}` })).json().data;
      const listed = (await plain.request({ method: 'GET', url: `${base}?pageSize=200&active=all` })).json().data;
      const exported = (await plain.request({ method: 'GET', url: `${base}/export?format=csv&columns=${[labelFieldOf(def), ...hidden].join(',')}` })).body;
      const history = (await plain.request({ method: 'GET', url: `${base}/${created.id}/history` })).json().data;
      for (const name of hidden) {
        expect(one).not.toHaveProperty(name);
        for (const row of listed) expect(row).not.toHaveProperty(name);
        expect(exported).not.toContain(def.fields[name]!.label);
        for (const entry of history) expect(entry.changes).not.toHaveProperty(name);
      }
      const full = (await agent.request({ method: 'GET', url: `${base}/${created.id}` })).json().data;
      for (const name of hidden) if (sample.values[name] !== undefined) expect(full).toHaveProperty(name);
    });

    it('exports what the filters match as CSV and XLSX', async () => {
      const csv = await agent.request({ method: 'GET', url: `${base}/export?format=csv&active=all` });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
      expect(lines.length).toBe(Number(csv.headers['x-total-count']) + 1);
      const xlsx = await agent.request({ method: 'GET', url: `${base}/export?format=xlsx&pageSize=1` });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it.runIf(writable)('validates input: field errors, nothing written', async () => {
      const required = Object.entries(def.fields).filter(([, field]) => field.required && (field.default === undefined || field.default === null) && !field.readOnly);
      const before = (await agent.request({ method: 'GET', url: `${base}?pageSize=1&active=all` })).json().total;
      const response = await agent.request({ method: 'POST', url: base, payload: { noSuchField: 1 } });
      expect(response.statusCode).toBe(400);
      const fields = response.json().errors.map((error: { field: string }) => error.field);
      for (const [name] of required) expect(fields).toContain(name);
      expect((await agent.request({ method: 'GET', url: `${base}?pageSize=1&active=all` })).json().total).toBe(before);
    });

    it.runIf(writable)('updates with the version read; a stale version is 409 with the current record', async () => {
      // The label, unless the server writes it (a hold is named by its number): then a text field people write.
      const editable = (name: string) => !def.fields[name]?.readOnly && def.numbering?.field !== name;
      const labelName = editable(labelFieldOf(def))
        ? labelFieldOf(def)
        : Object.keys(def.fields).find((name) => editable(name) && def.fields[name]!.kind === 'text' && !def.fields[name]!.unique && !def.fields[name]!.hidden)!;
      const field = def.fields[labelName]!;
      const text = field.kind === 'text' ? `${String(created[labelName]).slice(0, (field.maxLength ?? 200) - 1)}x` : created[labelName];
      const fresh = await agent.request({ method: 'PATCH', url: `${base}/${created.id}`, payload: { [labelName]: text, version: created.version } });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.json().data.version).toBe(created.version + 1);
      const stale = await agent.request({ method: 'PATCH', url: `${base}/${created.id}`, payload: { [labelName]: text, version: created.version } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.version).toBe(created.version + 1);
      created = fresh.json().data;
    });

    it.runIf(writable)('answers a duplicate unique value with 409 on its field', async () => {
      const unique = Object.entries(def.fields).find(([, field]) => field.unique === true && !field.readOnly);
      if (!unique) return;
      const [name] = unique;
      const again = await sampleFor(db, appRegistry, def);
      const response = await agent.request({ method: 'POST', url: base, payload: { ...again.values, [name]: created[name], ...(EXTRA_CREATE[def.name]?.() ?? {}) } });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(name);
    });

    it.runIf(writable)('keeps the history: create and update, by whom', async () => {
      const history = await agent.request({ method: 'GET', url: `${base}/${created.id}/history` });
      expect(history.statusCode).toBe(200);
      const actions = history.json().data.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['create', 'update']));
    });

    it.runIf(writable)('imports CSV: a dry run writes nothing, a commit writes the rows', async () => {
      if (EXTRA_CREATE[def.name]) return; // needs fields a CSV does not carry (a first password)
      const next = await sampleFor(db, appRegistry, def);
      const names = Object.keys(next.csv);
      const header = names.map((name) => def.fields[name]!.label);
      const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
      const file = `${header.map(quote).join(',')}\n${names.map((name) => quote(next.csv[name]!)).join(',')}\n`;
      const total = async () => (await agent.request({ method: 'GET', url: `${base}?pageSize=1&active=all` })).json().total as number;
      const before = await total();
      const dry = await agent.request({ method: 'POST', url: `${base}/import?dryRun=true`, headers: { 'content-type': 'text/csv' }, payload: file });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data, JSON.stringify(dry.json().data.rows)).toMatchObject({ dryRun: true, committed: false, valid: 1, invalid: 0 });
      expect(await total()).toBe(before);
      const commit = await agent.request({ method: 'POST', url: `${base}/import?dryRun=false`, headers: { 'content-type': 'text/csv' }, payload: file });
      expect(commit.json().data).toMatchObject({ committed: true, created: 1 });
      expect(await total()).toBe(before + 1);
    });

    it.runIf(writable)('deletes a record nothing uses, or deactivates one in use', async () => {
      const next = await sampleFor(db, appRegistry, def);
      const made = await agent.request({ method: 'POST', url: base, payload: { ...next.values, ...(EXTRA_CREATE[def.name]?.() ?? {}) } });
      expect(made.statusCode, made.body).toBe(201);
      const removed = await agent.request({ method: 'DELETE', url: `${base}/${made.json().data.id}` });
      if (!deletableIn(def, made.json().data)) {
        // A live signed document (deletableStates): refused naming its state, and still there, active.
        expect(removed.statusCode, removed.body).toBe(409);
        expect(removed.json().message).toContain(`this one is ${String(made.json().data[def.statusField!]).replace(/_/g, ' ')}`);
        expect((await agent.request({ method: 'GET', url: `${base}/${made.json().data.id}` })).json().data.active).toBe(true);
        return;
      }
      expect(removed.statusCode, removed.body).toBe(200);
      const result = removed.json().data;
      expect(result.deleted || result.deactivated).toBe(true);
      const after = await agent.request({ method: 'GET', url: `${base}/${made.json().data.id}` });
      if (result.deleted) expect(after.statusCode).toBe(404);
      else expect(after.json().data.active).toBe(false);
    });
  });
});
