import { createChecker, type Privilege } from '@propdesk/privileges';
import { openDatabase, registerErrorHandler, runMigrations, type Database, type RequestAuth } from '@propdesk/server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createRegistry, type Registry } from '../../model/index.js';
import { orderLines, orders, projects, sourceTypes, sources, units } from '../../test/definitions.js';

export { orderLines, orders, projects, sourceTypes, sources, units };
import { engineMigrations, resourceMigrations } from '../ddl.js';
import { recordsPlugin, type RecordsPluginOptions } from '../plugin.js';

export const fixtureRegistry = createRegistry([sourceTypes, sources, projects, units, orders, orderLines]);

const USERS_TABLE = `create table if not exists users (id uuid primary key default gen_random_uuid(), username text not null, full_name text not null default '')`;

/** A migrated in-memory database with the fixture tables. */
export async function fixtureDatabase(registry: Registry = fixtureRegistry): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(db, [{ id: 'test/users', up: USERS_TABLE }, ...engineMigrations, ...resourceMigrations(registry)]);
  return db;
}

/**
 * The engine's routes behind a stand-in for the session plugin: the `x-test-user` header names a
 * user and `x-test-privileges` carries their privileges as JSON (the real session plugin is
 * tested in auth-session and end to end; here the engine's own rules are under test).
 */
export async function fixtureApp(db: Database, options: Partial<RecordsPluginOptions> = {}): Promise<FastifyInstance> {
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
  await app.register(recordsPlugin, { db, registry: fixtureRegistry, ...options });
  await app.ready();
  return app;
}

export const all = (entities: string[], actions = ['read', 'create', 'update']): Privilege[] =>
  entities.flatMap((entityName) => actions.map((action) => ({ entityName, action })));
