import type { PrivilegeChecker } from '@propdesk/privileges';
import {
  HttpError,
  accessDenied,
  audit,
  badRequest,
  fieldError,
  notFound,
  requirePrivilege,
  requireSession,
  text,
  tooManyRequests,
  translate,
  unauthorized,
  type FieldError,
} from '@propdesk/server-kit';
import { z } from 'zod';
import { meResponseSchema, privilegeListSchema, updateMeRequestSchema } from '../model/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE, changePasswordRequestSchema, changePasswordResponseSchema, passwordSchema } from '../model/password.js';
import { UUID, type AuthApp, type AuthContext } from './authContext.js';
import { authCatalog } from './i18n/catalog.js';
import { loadProfile, loadRoles } from './identity.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { announceSessionsEnded } from './sessions.js';
import { accountKey, addressKey, clearKey, lockedFor, recordFailure } from './throttle.js';

/** `GET /api/users/privileges`, `GET /api/users/me` and `PATCH /api/users/me`: the signed-in user. */
export function registerMeRoutes(app: AuthApp, ctx: AuthContext): void {
  const { db, meta } = ctx;
  /** `GET /api/users/privileges` answers, by compiled checker (so by cache entry). */
  const privilegeBodies = new WeakMap<PrivilegeChecker, string>();

  app.get(
    '/api/users/privileges',
    { onRequest: [requireSession()], schema: { tags: ['session'], summary: "The caller's privileges", response: { 200: privilegeListSchema } } },
    async (request, reply) => {
      // The answer is the same for as long as the compiled checker lives (the session cache drops
      // it on any change), so it is validated against the schema and serialised once per checker.
      const checker = request.auth?.checker;
      let body = checker ? privilegeBodies.get(checker) : undefined;
      if (!body) {
        body = JSON.stringify(
          privilegeListSchema.parse(
            (checker?.privileges ?? []).map((privilege) => ({ entityName: privilege.entityName, fieldName: privilege.fieldName ?? null, action: privilege.action })),
          ),
        );
        if (checker) privilegeBodies.set(checker, body);
      }
      // Sent as is: the custom serializer stands in for the schema's, which would encode it again.
      return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(body as never);
    },
  );

  app.get(
    '/api/users/me',
    { onRequest: [requireSession()], schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
    async (request) => {
      const userId = request.auth!.userId;
      const [profile, roles] = await Promise.all([loadProfile(db, userId), loadRoles(db, userId)]);
      if (!profile) throw unauthorized();
      return { status: 'OK' as const, data: { ...profile, roles: roles.map(({ id, name }) => ({ id, name })) } };
    },
  );

  // My language (issue 29): a preference of the caller's own account, kept so the next sign-in on
  // any browser uses it; null gives the choice back to the browser. An unknown value is a 400 naming
  // `language` (the body schema). Not a field of the users definition, so not a record write.
  app.patch(
    '/api/users/me',
    {
      onRequest: [requireSession()],
      schema: { tags: ['session'], summary: "Sets the caller's own preferences (language: 'ar', 'en' or null)", body: updateMeRequestSchema, response: { 200: meResponseSchema } },
    },
    async (request) => {
      const { userId, apiKeyId } = request.auth!;
      if (apiKeyId) throw accessDenied();
      const { language } = request.body;
      await db.transaction(async (tx) => {
        await tx.query('update users set language = $2 where id = $1', [userId, language]);
        await audit(tx, { actorId: userId, action: 'auth.language.changed', entity: 'user', entityId: userId, ...meta(request), details: { language } });
      });
      const [profile, roles] = await Promise.all([loadProfile(db, userId), loadRoles(db, userId)]);
      if (!profile) throw unauthorized();
      return { status: 'OK' as const, data: { ...profile, roles: roles.map(({ id, name }) => ({ id, name })) } };
    },
  );
}

/**
 * `POST /api/users/me/password` (issue 19): the current password is required and its failures are
 * throttled as sign-in's (same keys, so it cannot be used to guess); the new one keeps the
 * product's rule; every other session of the user ends, this one stays.
 */
export function registerPasswordRoute(app: AuthApp, ctx: AuthContext): void {
  const { db, cache, argon2, throttle, meta } = ctx;
  app.post(
    '/api/users/me/password',
    {
      onRequest: [requireSession()],
      schema: {
        tags: ['session'],
        summary: `Changes the caller's password (the new one: ${PASSWORD_RULE}) and ends their other sessions`,
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => {
      const { userId, username, sessionId, apiKeyId } = request.auth!;
      // An API key has no password of its own to change.
      if (apiKeyId) throw accessDenied();
      const { currentPassword, newPassword } = request.body;
      const keysToCheck = [accountKey(username), addressKey(request.ip)];
      const locked = await lockedFor(db, keysToCheck);
      if (locked > 0) {
        await audit(db, { actorId: userId, action: 'auth.password.throttled', entity: 'user', entityId: userId, ...meta(request) });
        const minutes = Math.max(1, Math.ceil(locked / 60));
        throw tooManyRequests(text(authCatalog, 'passwordThrottled', { minutes }), locked);
      }
      const found = await db.query<{ password_hash: string }>('select password_hash from users where id = $1 and active', [userId]);
      const user = found.rows[0];
      if (!user) throw unauthorized();
      const valid = await verifyPassword(user.password_hash, currentPassword);
      const errors: FieldError[] = [];
      if (!valid) {
        await db.transaction(async (tx) => {
          await recordFailure(tx, accountKey(username), throttle.accountMaxFailures, throttle);
          await recordFailure(tx, addressKey(request.ip), throttle.addressMaxFailures, throttle);
          await audit(tx, { actorId: userId, action: 'auth.password.failed', entity: 'user', entityId: userId, ...meta(request), details: { reason: 'wrong current password' } });
        });
        errors.push(fieldError('currentPassword', text(authCatalog, 'currentPasswordWrong')));
      }
      const problem = newPasswordProblem(newPassword);
      if (problem) errors.push(fieldError('newPassword', problem));
      else if (valid && newPassword === currentPassword) errors.push(fieldError('newPassword', text(authCatalog, 'samePassword')));
      if (errors.length > 0) {
        if (errors[0]!.field === 'currentPassword') throw new HttpError(400, text(authCatalog, 'currentPasswordWrong'), { errors });
        throw badRequest('Validation failed', errors);
      }
      const passwordHash = await hashPassword(newPassword, argon2);
      const ended = await db.transaction(async (tx) => {
        await clearKey(tx, accountKey(username));
        await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
        const revoked = await tx.query<{ id: string }>(
          `update sessions set revoked_at = now(), revoked_reason = 'password changed'
            where user_id = $1 and id <> $2 and revoked_at is null returning id::text as id`,
          [userId, sessionId],
        );
        await audit(tx, {
          actorId: userId,
          action: 'auth.password.changed',
          entity: 'user',
          entityId: userId,
          ...meta(request),
          details: { otherSessionsEnded: revoked.rows.length },
        });
        if (revoked.rows.length > 0) await announceSessionsEnded(tx);
        return revoked.rows.map((row) => row.id);
      });
      for (const id of ended) cache.invalidate(`s:${id}`);
      return {
        status: 'OK' as const,
        message: translate(text(authCatalog, 'passwordChanged'), request.language),
        data: { otherSessionsEnded: ended.length },
      };
    },
  );
}

/** `DELETE /api/users/:id/sessions`: an administrator signs a user out everywhere. */
export function registerSessionRevokeRoute(app: AuthApp, ctx: AuthContext): void {
  const { db, cache, meta } = ctx;
  app.delete(
    '/api/users/:id/sessions',
    {
      onRequest: [requirePrivilege('user', 'update')],
      schema: {
        tags: ['session'],
        summary: "Revokes all of a user's sessions (forced sign-out)",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ status: z.literal('OK'), data: z.object({ revoked: z.number() }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw notFound(text(authCatalog, 'userNotFound'));
      return db.transaction(async (tx) => {
        const user = await tx.query('select 1 from users where id = $1', [id]);
        if (user.rows.length === 0) throw notFound(text(authCatalog, 'userNotFound'));
        const revoked = await tx.query(
          "update sessions set revoked_at = now(), revoked_reason = 'forced sign-out' where user_id = $1 and revoked_at is null returning id",
          [id],
        );
        await audit(tx, {
          actorId: request.auth?.userId,
          action: 'auth.sessions.revoked',
          entity: 'user',
          entityId: id,
          ...meta(request),
          details: { sessions: revoked.rows.length },
        });
        if (revoked.rows.length > 0) await announceSessionsEnded(tx);
        cache.invalidate(`u:${id}`);
        return { status: 'OK' as const, data: { revoked: revoked.rows.length } };
      });
    },
  );
}

/**
 * The rule a new password breaks, by key, with the rule in words (the same English as the rule's own
 * message followed by PASSWORD_RULE in brackets), or null when it keeps it.
 */
function newPasswordProblem(password: string) {
  const issue = passwordSchema.safeParse(password).error?.issues[0];
  if (!issue) return null;
  // As PASSWORD_RULE writes them (1,024), as text so no language's digits change them.
  const rule = { min: String(PASSWORD_MIN_LENGTH), max: PASSWORD_MAX_LENGTH.toLocaleString('en-US') };
  if (issue.code === 'too_small') return text(authCatalog, 'passwordTooShort', rule);
  if (issue.code === 'too_big') return text(authCatalog, 'passwordTooLong', { ...rule, longest: String(PASSWORD_MAX_LENGTH) });
  return text(authCatalog, 'passwordEdgeSpaces', rule);
}
