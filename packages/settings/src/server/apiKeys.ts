import { newApiKey } from '@propdesk/auth-session/server';
import { createSchema } from '@propdesk/records/model';
import { callerOf, createRecord, engineTransaction, getRecord, recordDoc, sql, updateRecord, type EngineContext, type RawBuilder } from '@propdesk/records/server';
import { badRequest, dateTimeString, fieldError, notFound, ok, okEnvelope, requirePrivilege, type RequestAuth } from '@propdesk/server-kit';
import { settingsText } from './i18n/catalog.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { apiKeys, users } from '../model/definitions/people.js';

const idParams = z.object({ id: z.uuid({ error: 'Must be an API key id' }) });
// The definition is read-only to the engine's generic writes; its create body is still its writable fields'.
const createBody = createSchema({ ...apiKeys, readOnly: false });
/** What the document says the create body is (the handler validates with `createBody`, which names each field's problem). */
const createBodyDoc = z.strictObject({
  name: z.string().min(1).max(120).meta({ description: 'Who uses it, e.g. "Website form"; history names the key by it' }),
  roles: z.array(z.uuid()).min(1).max(50).meta({ description: 'The key may do what a user with these roles may do' }),
  expiresAt: dateTimeString.nullable().optional().meta({ description: 'Refused from this moment on (401); none: never' }),
});

/**
 * The users a person sees in lists and pickers: people, not the service users API keys act
 * through (those show in Settings › Roles › API keys, by their key's name).
 */
export function usersRowScope(def: { name: string }, auth: RequestAuth | null): RawBuilder<unknown> | null {
  return def.name === 'users' && auth ? sql`t.kind = 'person'` : null;
}

/**
 * `POST /api/api-keys` (the key, shown once) and `DELETE /api/api-keys/{id}` (revoked at once, on
 * every process). The list, one key and its history are the engine's (the definition is read-only
 * to its generic writes).
 */
export function registerApiKeyRoutes(rawApp: FastifyInstance, ctx: EngineContext): void {
  const app = rawApp.withTypeProvider<ZodTypeProvider>();
  const tags = [apiKeys.label];
  const keyRecord = recordDoc(ctx.registry, apiKeys);

  app.post(
    '/api/api-keys',
    {
      schema: {
        tags,
        summary: 'Make an API key (name, roles, optional expiry); the key itself is in data.key, shown this once',
        body: z.record(z.string(), z.unknown()),
        docs: {
          body: createBodyDoc,
          response: { 201: okEnvelope(z.intersection(keyRecord, z.object({ key: z.string().meta({ description: 'The key (pdk_…), shown this once: only its SHA-256 is kept' }) }))) },
        },
      },
      onRequest: requirePrivilege('apiKey', 'create'),
    },
    async (request, reply) => {
      const parsed = createBody.safeParse(request.body ?? {});
      if (!parsed.success) throw parsed.error;
      const values = parsed.data as { name: string; roles?: string[] | null; expiresAt?: string | null };
      const roles = [...new Set(values.roles ?? [])];
      if (roles.length === 0) throw badRequest('Validation failed', [fieldError('roles', settingsText('chooseRole'))]);
      if (roles.length > 50) throw badRequest('Validation failed', [fieldError('roles', settingsText('atMostRoles'))]);
      if (values.expiresAt && new Date(values.expiresAt).getTime() <= Date.now()) {
        throw badRequest('Validation failed', [fieldError('expiresAt', settingsText('inFuture'))]);
      }
      const { key, hash, prefix } = newApiKey();
      const caller = callerOf(request);
      const record = await engineTransaction(ctx, async (tx) => {
        // The key's service user: named as the key (history reads "Website form"), holding its roles
        // (checked and set by the users hooks), never able to sign in (kind 'apiKey'; its password is
        // random and thrown away).
        const user = await createRecord(
          ctx,
          tx,
          users,
          caller,
          { username: `apikey.${randomBytes(6).toString('hex')}`, fullName: values.name },
          { kind: 'apiKey' },
          { extra: { password: randomBytes(32).toString('base64url'), roles } },
        );
        const created = await createRecord(
          ctx,
          tx,
          apiKeys,
          caller,
          { name: values.name, roles, expiresAt: values.expiresAt ?? null },
          { key_hash: hash, prefix, user_id: user.id },
        );
        return (await getRecord(ctx, tx, apiKeys, caller, created.id)) ?? created;
      });
      reply.code(201);
      return ok({ ...record, key }, 'API key created. Copy it now: it is not shown again.');
    },
  );

  app.delete(
    '/api/api-keys/:id',
    { schema: { tags, summary: 'Revoke an API key: refused from the next call on, on every process', params: idParams, docs: { response: { 200: okEnvelope(keyRecord) } } }, onRequest: requirePrivilege('apiKey', 'delete') },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const outcome = await engineTransaction(ctx, async (tx) => {
        const found = await tx.query<{ user_id: string; revoked: boolean }>('select user_id::text as user_id, revoked_at is not null as revoked from api_keys where id = $1 for update', [id]);
        const row = found.rows[0];
        if (!row) throw notFound(settingsText('noApiKey'));
        if (row.revoked) return { record: await getRecord(ctx, tx, apiKeys, caller, id), already: true };
        await updateRecord(ctx, tx, apiKeys, caller, id, { revokedAt: new Date().toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'revoke' });
        // Deactivating its user is what every process hears (the users trigger's NOTIFY drops the
        // cached key); the users hooks drop it from this process before the answer leaves.
        await updateRecord(ctx, tx, users, { ...caller, auth: null, source: 'system' }, row.user_id, { active: false }, { ignoreVersion: true, action: 'revoke' });
        return { record: await getRecord(ctx, tx, apiKeys, caller, id), already: false };
      });
      return ok(outcome.record, outcome.already ? 'This API key was already revoked.' : 'API key revoked: it is refused from now on.');
    },
  );
}
