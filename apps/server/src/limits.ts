import rateLimit from '@fastify/rate-limit';
import { rateLimited } from '@propdesk/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RateLimits = {
  /** Calls a minute for each signed-in user, whatever address they call from. */
  perUserPerMinute: number;
  /** Calls a minute for each client address, of the calls that carry no session (sign-in, CSRF cookie, restore-session). */
  perAddressPerMinute: number;
};

const USER = 'user:';
const ADDRESS = 'address:';
const WINDOW_MS = 60_000;

/**
 * Whose budget a call spends: the user of a verified session (an API key would name its user the
 * same way, through `request.auth`), else the client address. A sales floor behind one office
 * address is many users, each with a budget of their own.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `${USER}${request.auth.userId}` : `${ADDRESS}${request.ip}`;
}

/**
 * The /api rate limit: counted per user for signed-in calls and per address for the rest, in a
 * fixed one-minute window kept in this process's memory (a map lookup per call; several processes
 * each count their own calls). It runs after the session is known (`preParsing`) and before the
 * body is read. Over the limit: 429 in the error envelope with `Retry-After`.
 * The sign-in throttle (failed passwords per account and address, in the database) is separate.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    timeWindow: WINDOW_MS,
    // Keys kept; the least recently seen is dropped first (and starts afresh when it comes back).
    cache: 100_000,
    keyGenerator: rateLimitKey,
    max: (_request, key) => (key.startsWith(USER) ? limits.perUserPerMinute : limits.perAddressPerMinute),
    allowList: (request) => !request.url.startsWith('/api/'),
    // The remaining budget is not announced on every answer (headers on every call); Retry-After is on every 429.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // The same seconds as Retry-After, so the message and the header agree.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // Thrown by the plugin: the error handler writes it in the caller's language.
      return rateLimited(seconds);
    },
  });
}
