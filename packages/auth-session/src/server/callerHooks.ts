import { createChecker } from '@propdesk/privileges';
import type { Privilege } from '@propdesk/privileges';
import { isLanguage, type Language } from '@propdesk/i18n';
import { badRequest, fieldError, forbiddenCsrf, sendError, text, unauthorized, type RequestAuth } from '@propdesk/server-kit';
import { CSRF_COOKIE, PRE_SESSION_COOKIE } from '../model/index.js';
import { hashApiKey, keyInQuery, looksLikeApiKey } from './apiKeys.js';
import { USER_PRIVILEGES_SQL } from './identity.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UUID, type AuthApp, type AuthContext } from './authContext.js';
import { verifyCsrfToken } from './crypto.js';
import { authCatalog } from './i18n/catalog.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * Who is calling: a valid access JWT whose session is live and whose user is active, or an API
 * key (issue 27). The session, user and compiled privileges come from the cache, filled from the
 * database and invalidated (never expired) by the NOTIFYs of every change; while the LISTEN
 * connection is down the cache does not answer and each request reads the database.
 */
export function registerCallerHook(app: AuthApp, ctx: AuthContext): void {
  const { db, cache, accessClaims, knownAccessClaims } = ctx;
  // A callback hook with a synchronous path for the common case, a browser session whose token and
  // session are known (issue 26: the async hook's promise and microtasks were paid by every call);
  // anything else takes `findCaller`, which may read the database or answer the request itself.
  app.addHook('onRequest', (request, reply, done) => {
    request.auth = null;
    // Only the API needs the caller; static files and the SPA do not cost a database query.
    if (!request.url.startsWith('/api/')) return done();
    // A key in the address ends up in access logs, proxies and browser history: refused outright.
    const queryKey = keyInQuery(request.url);
    if (queryKey) {
      sendError(reply, badRequest(text(authCatalog, 'apiKeyInQuery'), [fieldError(queryKey, text(authCatalog, 'apiKeyInQueryField'))]));
      return;
    }
    if (request.headers.authorization === undefined) {
      const claims = knownAccessClaims(request);
      // A cached entry was filled from a session row, so its ids were well-formed uuids.
      const cached = claims ? cache.get(claims.sid, claims.sub) : undefined;
      if (claims && cached) {
        request.auth = callerOf(cached, claims.sid);
        return done();
      }
    }
    findCaller(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });

  /** The caller the long way (an API key, a token not verified yet, a session not cached); true when it answered the request itself. */
  async function findCaller(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    // An API key (issue 27): the key alone is the caller; cookies are not looked at.
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const bearer = /^Bearer +(\S+) *$/i.exec(authorization);
      const auth = bearer ? await apiKeyAuth(bearer[1]!) : null;
      if (!auth) {
        sendError(reply, unauthorized(text(authCatalog, bearer ? 'apiKeyUnknown' : 'apiKeyMalformed')));
        return true;
      }
      request.auth = auth;
      return false;
    }
    const claims = await accessClaims(request, false);
    if (!claims || !UUID.test(claims.sid) || !UUID.test(claims.sub)) return false;
    const cached = cache.get(claims.sid, claims.sub);
    if (cached) {
      request.auth = callerOf(cached, claims.sid);
      return false;
    }
    const readAt = cache.generation;
    const result = await db.query<SessionRow>(
      `select u.id::text as user_id, u.username, u.department_id::text as department_id, u.language,
              floor(extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
              (select array_agg(ur.role_id::text) from user_roles ur where ur.user_id = u.id) as role_ids,
              ${USER_PRIVILEGES_SQL} as privileges
         from sessions s join users u on u.id = s.user_id
        where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.active`,
      [claims.sid, claims.sub],
    );
    const row = result.rows[0];
    if (!row) return false;
    const checker = createChecker(row.privileges ?? []);
    const language = languageOf(row.language);
    cache.set(
      claims.sid,
      { userId: row.user_id, username: row.username, departmentId: row.department_id, roleIds: row.role_ids ?? [], checker, expiresAt: Number(row.expires_ms), language },
      readAt,
    );
    request.auth = { userId: row.user_id, username: row.username, sessionId: claims.sid, departmentId: row.department_id, checker, language };
    return false;
  }

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
                ${USER_PRIVILEGES_SQL} as privileges
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
}

/**
 * Signed double-submit CSRF check on every unsafe /api call. With a live session only a token
 * bound to that session is accepted. Without one, a token bound to the session of an expired
 * access cookie (so the caller gets the 401 that triggers restore-session rather than a 403) or
 * to the pre-session (sign-in) is.
 */
export function registerCsrfHook(app: AuthApp, ctx: AuthContext): void {
  const { keys, accessClaims } = ctx;
  // A callback hook: a safe method or a key is let through at once (most calls); the rest is checked by `checkCsrf`.
  app.addHook('onRequest', (request, reply, done) => {
    // A key is sent by a program, never attached by a browser on its own: nothing to forge.
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/') || request.auth?.apiKeyId) return done();
    checkCsrf(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });

  /** The signed double-submit check of an unsafe call; true when it refused the call (a 403 sent). */
  async function checkCsrf(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const header = request.headers['x-csrf-token'];
    const cookieValue = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !cookieValue || header !== cookieValue) {
      sendError(reply, forbiddenCsrf());
      return true;
    }
    const candidates: string[] = [];
    if (request.auth) candidates.push(request.auth.sessionId);
    else {
      const stale = await accessClaims(request, true);
      if (stale) candidates.push(stale.sid);
      const pre = request.cookies[PRE_SESSION_COOKIE];
      if (pre) candidates.push(`pre:${pre}`);
    }
    if (candidates.some((boundId) => verifyCsrfToken(keys.csrf, header, boundId))) return false;
    sendError(reply, forbiddenCsrf());
    return true;
  }
}

/** The caller a cached session entry stands for. */
function callerOf(cached: { userId: string; username: string; departmentId: string | null; checker: RequestAuth['checker']; language?: Language | null }, sessionId: string): RequestAuth {
  return { userId: cached.userId, username: cached.username, sessionId, departmentId: cached.departmentId, checker: cached.checker, language: cached.language ?? null };
}

/** A stored language, or null (the browser's then decides). */
function languageOf(value: string | null): Language | null {
  return isLanguage(value) ? value : null;
}
