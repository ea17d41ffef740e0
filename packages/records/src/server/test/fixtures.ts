import { createChecker, type Privilege } from '@propdesk/privileges';
import { openDatabase, registerErrorHandler, runMigrations, type Database, type RequestAuth } from '@propdesk/server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createRegistry, type ResourceDef } from '../../model/index.js';
import { engineMigrations, resourceMigrations } from '../ddl.js';
import { recordsPlugin } from '../plugin.js';

/** A small registry that exercises every kind of field the engine knows. */
export const sourceTypes: ResourceDef = {
  name: 'source-types',
  table: 'source_types',
  label: 'Source Types',
  singular: 'Source type',
  entity: 'sourcetype',
  route: '/settings/leads/sourceTypes',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    description: { kind: 'longtext', label: 'Description', searchable: true },
  },
  defaultSort: ['name'],
  listColumns: ['name', 'description'],
};

export const sources: ResourceDef = {
  name: 'sources',
  table: 'sources',
  label: 'Sources',
  singular: 'Source',
  entity: 'source',
  route: '/settings/leads/sources',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    sourceType: { kind: 'reference', label: 'Source type', ref: 'source-types', required: true },
    description: { kind: 'longtext', label: 'Description' },
  },
  defaultSort: ['name'],
  listColumns: ['name', 'sourceType', 'description'],
};

export const projects: ResourceDef = {
  name: 'projects',
  table: 'projects',
  label: 'Projects',
  singular: 'Project',
  entity: 'project',
  codeField: 'code',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    code: { kind: 'text', label: 'Code', required: true, unique: true, searchable: true, maxLength: 10 },
    status: { kind: 'enum', label: 'Status', options: ['planned', 'launched', 'delivered'], default: 'planned', required: true },
    launchDate: { kind: 'date', label: 'Launch date' },
    deliveryDate: { kind: 'date', label: 'Delivery date' },
    sources: { kind: 'references', label: 'Sources', ref: 'sources' },
  },
  defaultSort: ['name'],
  listColumns: ['code', 'name', 'status', 'launchDate'],
  rule: (values) =>
    typeof values.launchDate === 'string' && typeof values.deliveryDate === 'string' && values.deliveryDate < values.launchDate
      ? [{ field: 'deliveryDate', message: 'Delivery comes after launch' }]
      : [],
};

export const units: ResourceDef = {
  name: 'units',
  table: 'units',
  label: 'Units',
  singular: 'Unit',
  entity: 'unit',
  labelField: 'code',
  fields: {
    code: { kind: 'text', label: 'Code', required: true, unique: ['project'], searchable: true },
    project: { kind: 'reference', label: 'Project', ref: 'projects', required: true },
    floor: { kind: 'integer', label: 'Floor', min: -3, max: 200 },
    areaM2: { kind: 'decimal', label: 'Area (m²)', scale: 2 },
    basePrice: { kind: 'money', label: 'Base price', protected: true },
    status: { kind: 'enum', label: 'Status', options: ['available', 'reserved'], default: 'available', readOnly: true },
    corner: { kind: 'boolean', label: 'Corner', default: false },
  },
  defaultSort: ['project', 'code'],
  listColumns: ['code', 'project', 'floor', 'areaM2', 'basePrice', 'status'],
  statusField: 'status',
  actions: { reserve: { label: 'Reserve', from: ['available'], to: 'reserved', reason: 'required' } },
};

export const fixtureRegistry = createRegistry([sourceTypes, sources, projects, units]);

const USERS_TABLE = `create table if not exists users (id uuid primary key default gen_random_uuid(), username text not null, full_name text not null default '')`;

/** A migrated in-memory database with the fixture tables. */
export async function fixtureDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(db, [{ id: 'test/users', up: USERS_TABLE }, ...engineMigrations, ...resourceMigrations(fixtureRegistry)]);
  return db;
}

/**
 * The engine's routes behind a stand-in for the session plugin: the `x-test-user` header names a
 * user and `x-test-privileges` carries their privileges as JSON (the real session plugin is
 * tested in auth-session and end to end; here the engine's own rules are under test).
 */
export async function fixtureApp(db: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const swagger = await import('@fastify/swagger').catch(() => null);
  if (swagger) await app.register(swagger.default, { openapi: { info: { title: 't', version: '1' } }, transform: jsonSchemaTransform });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    if (typeof user !== 'string') return;
    const privileges = JSON.parse(String(request.headers['x-test-privileges'] ?? '[]')) as Privilege[];
    const auth: RequestAuth = { userId: user, username: 'tester', sessionId: 's', departmentId: null, checker: createChecker(privileges) };
    request.auth = auth;
  });
  await app.register(recordsPlugin, { db, registry: fixtureRegistry });
  await app.ready();
  return app;
}

export const all = (entities: string[], actions = ['read', 'create', 'update']): Privilege[] =>
  entities.flatMap((entityName) => actions.map((action) => ({ entityName, action })));
