import cookie from '@fastify/cookie';
import { createChecker } from '@propdesk/privileges';
import type { Privilege, PrivilegeChecker } from '@propdesk/privileges';
import {
  HttpError,
  accessDenied,
  audit,
  badRequest,
  fieldError,
  forbiddenCsrf,
  notFound,
  requirePrivilege,
  requireSession,
  sendError,
  text,
  tooManyRequests,
  translate,
  unauthorized,
  type Database,
  type FieldError,
} from '@propdesk/server-kit';
import { isLanguage, type Language } from '@propdesk/i18n';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import {
  ACCESS_COOKIE,
  CSRF_COOKIE,
  PRE_SESSION_COOKIE,
  REFRESH_COOKIE,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  updateMeRequestSchema,
  okStatusSchema,
  privilegeListSchema,
} from '../model/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE, changePasswordRequestSchema, changePasswordResponseSchema, passwordSchema } from '../model/password.js';
import { authCatalog } from './i18n/catalog.js';
import { createCsrfToken, deriveKeys, loadSecret, randomToken, sha256, verifyCsrfToken, type Keys } from './crypto.js';
import { createSessionCache, type SessionCache } from './cache.js';
import { hashApiKey, keyInQuery, looksLikeApiKey } from './apiKeys.js';
import { loadProfile, loadRoles } from './identity.js';
import { announceSessionsEnded } from './sessions.js';
import { OWASP_ARGON2, hashPassword, needsRehash, verifyPassword, type Argon2Params } from './passwords.js';
import { DEFAULT_THROTTLE, accountKey, addressKey, clearKey, lockedFor, recordFailure, type ThrottleOptions } from './throttle.js';

export type AuthSessionOptions = {
  db: Database;
  /** Access token and `pd_access` lifetime; default 900 s. */
  accessTtlSeconds?: number;
  /** Refresh token and session lifetime; default 7 days. */
  refreshTtlSeconds?: number;
  /** PROPDESK_SECRET; when missing, a secret generated once and kept in the database. */
  secret?: string | undefined;
  /** argon2id parameters; the OWASP ones by default (tests pass cheaper ones). */
  argon2?: Argon2Params;
  throttle?: Partial<ThrottleOptions>;
  /**
   * How long a just-rotated refresh token may still be presented (two tabs restoring at the
   * same moment) without being taken for a stolen token; default 10 s. Outside it, reuse
   * revokes the whole session.
   */
  refreshReuseGraceSeconds?: number;
};

const ISSUER = 'propdesk';
const API_AUDIENCE = 'propdesk-api';
const WEB_AUDIENCE = 'propdesk-web';
const INVALID_LOGIN = text(authCatalog, 'invalidLogin');
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ApiKeyRow = {
  key_id: string;
  user_id: string;
  username: string;
  department_id: string | null;
  language: string | null;
  expires_ms: number | string | null;
  last_used_ms: number | string | null;
  role_ids: string[] | null;
  privileges: Privilege[] | null;
};

/** How often a key's `last_used_at` is written, at most (per key and process). */
const LAST_USED_EVERY_MS = 60_000;

type SessionRow = {
  user_id: string;
  username: string;
  department_id: string | null;
  language: string | null;
  expires_ms: number | string;
  role_ids: string[] | null;
  privileges: Privilege[] | null;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The session cache (issue 7); code that changes sessions, users or roles may invalidate early. */
    sessionCache: SessionCache;
  }
}

const plugin: FastifyPluginAsync<AuthSessionOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const accessTtl = options.accessTtlSeconds ?? 900;
  const refreshTtl = options.refreshTtlSeconds ?? 7 * 24 * 3600;
  const reuseGrace = options.refreshReuseGraceSeconds ?? 10;
  const argon2 = options.argon2 ?? OWASP_ARGON2;
  const throttle: ThrottleOptions = { ...DEFAULT_THROTTLE, ...options.throttle };
  const keys: Keys = deriveKeys(await loadSecret(db, options.secret));
  let dummyHash: Promise<string> | undefined;

  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  app.decorateRequest('auth', null);
  const cache = createSessionCache(db);
  await cache.start();
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.stop());

  const secure = (request: FastifyRequest) => request.protocol === 'https';
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });

  /** `GET /api/users/privileges` answers, by compiled checker (so by cache entry). */
  const privilegeBodies = new WeakMap<PrivilegeChecker, string>();

  // Access tokens whose signature was verified, by their exact text, with their expiry: the
  // same text verifies the same way, so only the expiry is checked again.
  const verified = new Map<string, { sub: string; sid: string; exp: number }>();

  /** The session id of the access cookie, when its signature is ours (expired or not). */
  async function accessClaims(request: FastifyRequest, allowExpired: boolean): Promise<{ sub: string; sid: string } | null> {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) return null;
    const known = allowExpired ? undefined : verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    try {
      const { payload } = await jwtVerify(token, keys.jwt, {
        issuer: ISSUER,
        audience: API_AUDIENCE,
        algorithms: ['HS256'],
        ...(allowExpired ? { clockTolerance: refreshTtl } : {}),
      });
      if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string') return null;
      const claims = { sub: payload.sub, sid: payload['sid'] };
      if (!allowExpired && typeof payload.exp === 'number') {
        if (verified.size >= 50_000) verified.delete(verified.keys().next().value!);
        verified.set(token, { ...claims, exp: payload.exp });
      }
      return claims;
    } catch {
      return null;
    }
  }

  function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, boundId: string) {
    reply.setCookie(CSRF_COOKIE, createCsrfToken(keys.csrf, boundId), { path: '/', sameSite: 'lax', secure: secure(request), httpOnly: false });
  }

  async function issueSession(request: FastifyRequest, reply: FastifyReply, userId: string, sessionId: string, refreshToken: string) {
    const access = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${accessTtl}s`)
      .sign(keys.jwt);
    reply.setCookie(ACCESS_COOKIE, access, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request), maxAge: accessTtl });
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      path: '/api/users',
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(request),
      maxAge: refreshTtl,
    });
    setCsrfCookie(request, reply, sessionId);
  }

  function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
    const base = { secure: secure(request) };
    reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/', httpOnly: true, sameSite: 'lax' });
    reply.clearCookie(REFRESH_COOKIE, { ...base, path: '/api/users', httpOnly: true, sameSite: 'strict' });
    reply.clearCookie(CSRF_COOKIE, { ...base, path: '/', sameSite: 'lax' });
  }

  // Who is calling: a valid access JWT whose session is live and whose user is active. The
  // session, user and compiled privileges come from the cache, filled from the database and
  // invalidated (never expired) by the NOTIFYs of every change; while the LISTEN connection is
  // down the cache does not answer and each request reads the database.
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    // Only the API needs the caller; static files and the SPA do not cost a database query.
    if (!request.url.startsWith('/api/')) return;
    // A key in the address ends up in access logs, proxies and browser history: refused outright.
    const queryKey = keyInQuery(request.url);
    if (queryKey) {
      return sendError(reply, badRequest(text(authCatalog, 'apiKeyInQuery'), [fieldError(queryKey, text(authCatalog, 'apiKeyInQueryField'))]));
    }
    // An API key (issue 27): the key alone is the caller; cookies are not looked at.
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const bearer = /^Bearer +(\S+) *$/i.exec(authorization);
      const auth = bearer ? await apiKeyAuth(bearer[1]!) : null;
      if (!auth) return sendError(reply, unauthorized(text(authCatalog, bearer ? 'apiKeyUnknown' : 'apiKeyMalformed')));
      request.auth = auth;
      return undefined;
    }
    const claims = await accessClaims(request, false);
    if (!claims || !UUID.test(claims.sid) || !UUID.test(claims.sub)) return;
    const cached = cache.get(claims.sid, claims.sub);
    if (cached) {
      request.auth = { userId: cached.userId, username: cached.username, sessionId: claims.sid, departmentId: cached.departmentId, checker: cached.checker, language: cached.language ?? null };
      return;
    }
    const readAt = cache.generation;
    const result = await db.query<SessionRow>(
      `select u.id::text as user_id, u.username, u.department_id::text as department_id, u.language,
              floor(extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
              (select array_agg(ur.role_id::text) from user_roles ur where ur.user_id = u.id) as role_ids,
              (select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action))
                 from user_roles ur join role_privileges rp on rp.role_id = ur.role_id
                where ur.user_id = u.id) as privileges
         from sessions s join users u on u.id = s.user_id
        where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.active`,
      [claims.sid, claims.sub],
    );
    const row = result.rows[0];
    if (!row) return;
    const checker = createChecker(row.privileges ?? []);
    const language = languageOf(row.language);
    cache.set(
      claims.sid,
      { userId: row.user_id, username: row.username, departmentId: row.department_id, roleIds: row.role_ids ?? [], checker, expiresAt: Number(row.expires_ms), language },
      readAt,
    );
    request.auth = { userId: row.user_id, username: row.username, sessionId: claims.sid, departmentId: row.department_id, checker, language };
  });

  /** When each key's `last_used_at` was last written by this process. */
  const lastUsedWritten = new Map<string, number>();

  /**
   * The caller of a Bearer key: its service user with the key's roles, from the cache or the
   * database (a live key: not revoked, not expired, its user active). Revoking a key deactivates
   * its user, whose trigger's NOTIFY drops the entry from every process at once.
   */
  async function apiKeyAuth(token: string) {
    if (!looksLikeApiKey(token)) return null;
    const slot = `apikey:${hashApiKey(token)}`;
    let entry = cache.get(slot, undefined);
    let lastUsedMs: number | null = null;
    if (!entry) {
      const readAt = cache.generation;
      const result = await db.query<ApiKeyRow>(
        `select k.id::text as key_id, u.id::text as user_id, u.username, u.department_id::text as department_id, u.language,
                floor(extract(epoch from k.expires_at) * 1000)::float8 as expires_ms,
                floor(extract(epoch from k.last_used_at) * 1000)::float8 as last_used_ms,
                (select array_agg(ur.role_id::text) from user_roles ur where ur.user_id = u.id) as role_ids,
                (select json_agg(json_build_object('entityName', rp.entity_name, 'fieldName', rp.field_name, 'action', rp.action))
                   from user_roles ur join role_privileges rp on rp.role_id = ur.role_id
                  where ur.user_id = u.id) as privileges
           from api_keys k join users u on u.id = k.user_id
          where k.key_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now()) and u.active`,
        [slot.slice('apikey:'.length)],
      );
      const row = result.rows[0];
      if (!row) return null;
      entry = {
        userId: row.user_id,
        username: row.username,
        departmentId: row.department_id,
        language: languageOf(row.language),
        roleIds: row.role_ids ?? [],
        checker: createChecker(row.privileges ?? []),
        expiresAt: row.expires_ms === null ? Number.MAX_SAFE_INTEGER : Number(row.expires_ms),
        apiKeyId: row.key_id,
      };
      lastUsedMs = row.last_used_ms === null ? null : Number(row.last_used_ms);
      cache.set(slot, entry, readAt);
    }
    const keyId = entry.apiKeyId!;
    const now = Date.now();
    const written = lastUsedWritten.get(keyId) ?? lastUsedMs ?? 0;
    if (now - written >= LAST_USED_EVERY_MS) {
      lastUsedWritten.set(keyId, now);
      if (lastUsedWritten.size > 50_000) lastUsedWritten.delete(lastUsedWritten.keys().next().value!);
      // A usage stamp (like a session's), not an edit of the key: no version, no history.
      await db.query(`update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`, [keyId]);
    }
    return { userId: entry.userId, username: entry.username, sessionId: `apikey:${keyId}`, departmentId: entry.departmentId, checker: entry.checker, apiKeyId: keyId, language: entry.language ?? null };
  }

  // Signed double-submit CSRF check on every unsafe /api call. With a live session only a token
  // bound to that session is accepted. Without one, a token bound to the session of an expired
  // access cookie (so the caller gets the 401 that triggers restore-session rather than a 403) or
  // to the pre-session (sign-in) is.
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    // A key is sent by a program, never attached by a browser on its own: nothing to forge.
    if (request.auth?.apiKeyId) return;
    const header = request.headers['x-csrf-token'];
    const cookieValue = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !cookieValue || header !== cookieValue) return sendError(reply, forbiddenCsrf());
    const candidates: string[] = [];
    if (request.auth) candidates.push(request.auth.sessionId);
    else {
      const stale = await accessClaims(request, true);
      if (stale) candidates.push(stale.sid);
      const pre = request.cookies[PRE_SESSION_COOKIE];
      if (pre) candidates.push(`pre:${pre}`);
    }
    if (!candidates.some((boundId) => verifyCsrfToken(keys.csrf, header, boundId))) return sendError(reply, forbiddenCsrf());
    return undefined;
  });

  app.get(
    '/api/users/csrf-cookie',
    { schema: { tags: ['session'], summary: 'Sets the XSRF-TOKEN cookie', response: { 200: okStatusSchema }, docs: { security: [] } } },
    async (request, reply) => {
      if (request.auth) setCsrfCookie(request, reply, request.auth.sessionId);
      else {
        let pre = request.cookies[PRE_SESSION_COOKIE];
        if (!pre || !/^[A-Za-z0-9_-]{20,64}$/.test(pre)) {
          pre = randomToken(24);
          reply.setCookie(PRE_SESSION_COOKIE, pre, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
        }
        setCsrfCookie(request, reply, `pre:${pre}`);
      }
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/api/users/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Signs in; sets pd_access, pd_refresh and a fresh XSRF-TOKEN',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
        docs: { security: [{ csrfToken: [] }] },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const keysToCheck = [accountKey(username), addressKey(request.ip)];
      const locked = await lockedFor(db, keysToCheck);
      if (locked > 0) {
        await audit(db, { action: 'auth.login.throttled', entity: 'user', ...meta(request), details: { username } });
        const minutes = Math.max(1, Math.ceil(locked / 60));
        throw tooManyRequests(text(authCatalog, 'loginThrottled', { minutes }), locked);
      }
      const found = await db.query<{ id: string; password_hash: string; active: boolean }>(
        // An API key's service user (kind 'apiKey') never signs in: it counts as inactive here.
        "select id::text as id, password_hash, active and kind = 'person' as active from users where lower(username) = lower($1)",
        [username],
      );
      const user = found.rows[0];
      dummyHash ??= hashPassword(randomToken(16), argon2);
      const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
      if (!user || !user.active || !valid) {
        await db.transaction(async (tx) => {
          await recordFailure(tx, accountKey(username), throttle.accountMaxFailures, throttle);
          await recordFailure(tx, addressKey(request.ip), throttle.addressMaxFailures, throttle);
          await audit(tx, {
            action: 'auth.login.failed',
            entity: 'user',
            entityId: user?.id,
            ...meta(request),
            details: { username, reason: !user ? 'unknown user' : !user.active ? 'inactive' : 'wrong password' },
          });
        });
        throw new HttpError(400, INVALID_LOGIN);
      }
      const refreshToken = randomToken(32);
      const sessionId = await db.transaction(async (tx) => {
        await clearKey(tx, accountKey(username));
        if (needsRehash(user.password_hash, argon2)) {
          await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [user.id, await hashPassword(password, argon2)]);
        }
        const session = await tx.query<{ id: string }>(
          `insert into sessions (user_id, expires_at, ip, user_agent)
           values ($1, now() + $2::int * interval '1 second', $3, $4) returning id::text as id`,
          [user.id, refreshTtl, request.ip, String(request.headers['user-agent'] ?? '').slice(0, 300)],
        );
        const id = session.rows[0]!.id;
        await tx.query(
          `insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + $3::int * interval '1 second')`,
          [sha256(refreshToken), id, refreshTtl],
        );
        await audit(tx, { actorId: user.id, action: 'auth.login', entity: 'session', entityId: id, ...meta(request) });
        return id;
      });
      const [profile, roles] = await Promise.all([loadProfile(db, user.id), loadRoles(db, user.id)]);
      const token = await new SignJWT({
        data: { username: profile!.username, id: user.id, department: profile!.department, roles },
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(WEB_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${accessTtl}s`)
        .sign(keys.jwt);
      await issueSession(request, reply, user.id, sessionId, refreshToken);
      return { data: token, message: translate(text(authCatalog, 'loginSuccessful'), request.language) };
    },
  );

  app.get(
    '/api/users/restore-session',
    { schema: { tags: ['session'], summary: 'Rotates the refresh cookie and issues fresh session cookies', response: { 200: okStatusSchema }, docs: { security: [{ refreshCookie: [] }] } } },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized();
      const nextToken = randomToken(32);
      const outcome = await db.transaction(async (tx) => {
        const found = await tx.query<{ session_id: string; user_id: string; used: boolean; in_grace: boolean; live: boolean }>(
          `select rt.session_id::text as session_id, s.user_id::text as user_id, rt.used_at is not null as used,
                  coalesce(rt.used_at > now() - $2::int * interval '1 second', false) as in_grace,
                  (rt.expires_at > now() and s.revoked_at is null and s.expires_at > now() and u.active) as live
             from refresh_tokens rt join sessions s on s.id = rt.session_id join users u on u.id = s.user_id
            where rt.token_hash = $1
            for update of rt, s`,
          [sha256(presented), reuseGrace],
        );
        const row = found.rows[0];
        if (!row) return null;
        if (row.used && !row.in_grace) {
          await tx.query(
            "update sessions set revoked_at = coalesce(revoked_at, now()), revoked_reason = coalesce(revoked_reason, 'refresh token reuse') where id = $1",
            [row.session_id],
          );
          await audit(tx, { actorId: row.user_id, action: 'auth.refresh.reuse', entity: 'session', entityId: row.session_id, ...meta(request) });
          await announceSessionsEnded(tx);
          cache.invalidate(`s:${row.session_id}`);
          return null;
        }
        if (!row.live) return null;
        // Inside the grace window a second tab gets its own successor token; used_at keeps the first use.
        if (!row.used) await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [sha256(presented)]);
        await tx.query(
          `insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + $3::int * interval '1 second')`,
          [sha256(nextToken), row.session_id, refreshTtl],
        );
        await tx.query(`update sessions set expires_at = now() + $2::int * interval '1 second' where id = $1`, [row.session_id, refreshTtl]);
        await audit(tx, { actorId: row.user_id, action: 'auth.restore', entity: 'session', entityId: row.session_id, ...meta(request) });
        return row;
      });
      if (!outcome) throw unauthorized();
      await issueSession(request, reply, outcome.user_id, outcome.session_id, nextToken);
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/api/users/logout',
    { schema: { tags: ['session'], summary: 'Revokes the session and clears the cookies', response: { 200: okStatusSchema }, docs: { security: [{ csrfToken: [] }] } } },
    async (request, reply) => {
      let sessionId = request.auth?.sessionId ?? (await accessClaims(request, true))?.sid ?? null;
      const refresh = request.cookies[REFRESH_COOKIE];
      if (!sessionId && refresh) {
        const found = await db.query<{ session_id: string }>('select session_id::text as session_id from refresh_tokens where token_hash = $1', [
          sha256(refresh),
        ]);
        sessionId = found.rows[0]?.session_id ?? null;
      }
      if (sessionId && UUID.test(sessionId)) {
        await db.transaction(async (tx) => {
          const revoked = await tx.query<{ user_id: string }>(
            "update sessions set revoked_at = now(), revoked_reason = 'logout' where id = $1 and revoked_at is null returning user_id::text as user_id",
            [sessionId],
          );
          if (revoked.rows[0]) {
            await audit(tx, { actorId: revoked.rows[0].user_id, action: 'auth.logout', entity: 'session', entityId: sessionId, ...meta(request) });
            await announceSessionsEnded(tx);
          }
        });
        cache.invalidate(`s:${sessionId}`);
      }
      clearSessionCookies(request, reply);
      return { status: 'OK' as const, message: translate(text(authCatalog, 'loggedOut'), request.language) };
    },
  );

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

  // Change my password (issue 19): the current one is required and its failures are throttled as
  // sign-in's (same keys, so it cannot be used to guess); the new one keeps the product's rule;
  // every other session of the user ends, this one stays.
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
};

/** A stored language, or null (the browser's then decides). */
function languageOf(value: string | null): Language | null {
  return isLanguage(value) ? value : null;
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

/**
 * Sessions, CSRF and the fixed /api/users calls. Registers `request.auth` for the whole app
 * (wrapped with fastify-plugin). Needs the zod validator and serializer compilers on the app.
 */
export const authSessionPlugin = fp(plugin, { name: '@propdesk/auth-session', fastify: '5.x' });
