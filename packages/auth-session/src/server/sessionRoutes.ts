import { HttpError, audit, text, tooManyRequests, translate, unauthorized } from '@propdesk/server-kit';
import { SignJWT } from 'jose';
import { PRE_SESSION_COOKIE, REFRESH_COOKIE, loginRequestSchema, loginResponseSchema, okStatusSchema } from '../model/index.js';
import { ISSUER, UUID, WEB_AUDIENCE, type AuthApp, type AuthContext } from './authContext.js';
import { randomToken, sha256 } from './crypto.js';
import { authCatalog } from './i18n/catalog.js';
import { loadProfile, loadRoles } from './identity.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { announceSessionsEnded } from './sessions.js';
import { accountKey, addressKey, clearKey, lockedFor, recordFailure } from './throttle.js';

const INVALID_LOGIN = text(authCatalog, 'invalidLogin');

/** `GET /api/users/csrf-cookie` and `POST /api/users/login`: the way into a session. */
export function registerSignInRoutes(app: AuthApp, ctx: AuthContext): void {
  const { db, argon2, throttle, refreshTtl, accessTtl, keys, secure, meta, setCsrfCookie, issueSession } = ctx;
  let dummyHash: Promise<string> | undefined;

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
}

/** `GET /api/users/restore-session` (refresh rotation) and `POST /api/users/logout`. */
export function registerSessionRoutes(app: AuthApp, ctx: AuthContext): void {
  const { db, cache, refreshTtl, reuseGrace, meta, accessClaims, issueSession, clearSessionCookies } = ctx;

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
}
