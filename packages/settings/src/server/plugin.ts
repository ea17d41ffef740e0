import { hashPassword, type Argon2Params } from '@propdesk/auth-session/server';
import { audit, doneEnvelope, notFound, ok, requirePrivilege, type Migration } from '@propdesk/server-kit';
import { settingsText } from './i18n/catalog.js';
import type { EngineContext } from '@propdesk/records/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetSchema } from '../model/people.js';
import { UNIT_STATUS_ROWS } from '../model/unitStatuses.js';
import { endUserSessions } from './people.js';
import { registerUnitTools } from './units.js';
import { companyMigrations, registerCompanyRoutes } from './company.js';
import { registerApiKeyRoutes } from './apiKeys.js';

/** What the settings server gets from the app: the engine (its database and registry) and the hashing strength. */
export type SettingsServerOptions = { engine: EngineContext; argon2: Argon2Params };

/** The settings domain's own tables; its resources' tables come from their definitions (records engine). */
export const migrations: Migration[] = [];

const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/** Data every installation needs, written once the resource tables exist: the unit statuses. */
export const dataMigrations: Migration[] = [
  {
    id: 'settings/data/0001_unit_statuses',
    up: `insert into unit_statuses (name, label, color, sort_order, description) values ${UNIT_STATUS_ROWS.map(
      (row) => `(${[row.name, row.label, row.color, row.sortOrder, row.description].map(literal).join(', ')})`,
    ).join(', ')} on conflict do nothing`,
  },
  ...companyMigrations,
  {
    // Issue 27: an installation made before API keys gives them to the roles that may already edit roles
    // (they could grant themselves the privilege anyway: no one gains a power they lacked). A new
    // installation's demo Administrator gets them from the privileges registry when seeded.
    id: 'settings/data/0002_api_key_privileges',
    up: `insert into role_privileges (role_id, entity_name, field_name, action)
         select distinct rp.role_id, 'apiKey', null, a.action
           from role_privileges rp cross join (values ('read'), ('create'), ('delete')) as a(action)
          where lower(rp.entity_name) = 'role' and rp.field_name is null and lower(rp.action) = 'update'
         on conflict do nothing`,
  },
];

/** The settings calls the records engine does not generate: a user's password reset, the unit tools. */
export const settingsPlugin: FastifyPluginAsync<SettingsServerOptions> = async (rawApp, options) => {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  registerUnitTools(rawApp, options.engine);
  registerCompanyRoutes(rawApp, options.engine);
  registerApiKeyRoutes(rawApp, options.engine);
  const db = options.engine.db;
  app.post(
    '/api/users/:id/password',
    {
      schema: {
        tags: ['Users'],
        summary: "Set a user's password; their open sessions end",
        params: z.object({ id: z.uuid({ error: 'Must be a user id' }) }),
        body: passwordResetSchema,
        docs: { response: { 200: doneEnvelope } },
      },
      onRequest: requirePrivilege('user', 'update'),
    },
    async (request) => {
      const hash = await hashPassword(request.body.password, options.argon2);
      await db.transaction(async (tx) => {
        const updated = await tx.query('update users set password_hash = $2, updated_at = now() where id = $1 returning id', [request.params.id, hash]);
        if (updated.rows.length === 0) throw notFound(settingsText('noUser'));
        await endUserSessions(tx, request.params.id, 'password reset');
        await audit(tx, { actorId: request.auth!.userId, action: 'user.password_reset', entity: 'user', entityId: request.params.id, ip: request.ip, requestId: String(request.id) });
      });
      // The trigger's NOTIFY tells every process; this one drops the user's sessions before answering.
      rawApp.sessionCache.invalidate(`u:${request.params.id}`);
      return ok(null, 'Password set. The user signs in again with it.');
    },
  );
};
