import type { Database } from '@propdesk/server-kit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE } from '../model/index.js';
import type { SessionCache } from './cache.js';
import { createCsrfToken, type Keys } from './crypto.js';
import { OWASP_ARGON2, type Argon2Params } from './passwords.js';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './throttle.js';

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

/** The app as the session routes see it: zod schemas type the bodies. */
export type AuthApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export const ISSUER = 'propdesk';
export const API_AUDIENCE = 'propdesk-api';
export const WEB_AUDIENCE = 'propdesk-web';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Claims = { sub: string; sid: string };

/** What the session hooks and routes share: the settings, the keys, the cache and the cookie helpers. */
export type AuthContext = {
  db: Database;
  accessTtl: number;
  refreshTtl: number;
  reuseGrace: number;
  argon2: Argon2Params;
  throttle: ThrottleOptions;
  keys: Keys;
  cache: SessionCache;
  secure: (request: FastifyRequest) => boolean;
  meta: (request: FastifyRequest) => { ip: string; requestId: string };
  /** The session id of the access cookie, when its signature is ours (expired or not). */
  accessClaims: (request: FastifyRequest, allowExpired: boolean) => Promise<Claims | null>;
  /** The access cookie's claims when its exact text was verified before and has not expired; undefined otherwise (no work beyond a look-up). */
  knownAccessClaims: (request: FastifyRequest) => Claims | undefined;
  setCsrfCookie: (request: FastifyRequest, reply: FastifyReply, boundId: string) => void;
  issueSession: (request: FastifyRequest, reply: FastifyReply, userId: string, sessionId: string, refreshToken: string) => Promise<void>;
  clearSessionCookies: (request: FastifyRequest, reply: FastifyReply) => void;
};

/** The plugin's options with their defaults, and the token and cookie helpers bound to them. */
export function createAuthContext(options: AuthSessionOptions, keys: Keys, cache: SessionCache): AuthContext {
  const { db } = options;
  const accessTtl = options.accessTtlSeconds ?? 900;
  const refreshTtl = options.refreshTtlSeconds ?? 7 * 24 * 3600;
  const reuseGrace = options.refreshReuseGraceSeconds ?? 10;
  const argon2 = options.argon2 ?? OWASP_ARGON2;
  const throttle: ThrottleOptions = { ...DEFAULT_THROTTLE, ...options.throttle };

  const secure = (request: FastifyRequest) => request.protocol === 'https';
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });

  // Access tokens whose signature was verified, by their exact text, with their expiry: the
  // same text verifies the same way, so only the expiry is checked again.
  const verified = new Map<string, { sub: string; sid: string; exp: number }>();

  /** The session id of the access cookie, when its signature is ours (expired or not). */
  function knownAccessClaims(request: FastifyRequest): Claims | undefined {
    const token = request.cookies[ACCESS_COOKIE];
    const known = token ? verified.get(token) : undefined;
    return known && known.exp * 1000 > Date.now() ? known : undefined;
  }

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

  return { db, accessTtl, refreshTtl, reuseGrace, argon2, throttle, keys, cache, secure, meta, accessClaims, knownAccessClaims, setCsrfCookie, issueSession, clearSessionCookies };
}
