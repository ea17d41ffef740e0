import type { FastifyRequest } from 'fastify';

/**
 * What an error may put in the log (OWASP ASVS 5.0 V16): its type, code (SQLSTATE for database
 * errors), HTTP status and stack frames. Never its message or other properties: a database
 * error's message and `detail` quote the values (`Key (username)=(…)`), PGlite's carries the
 * query's `params`, a driver error may carry the statement's `parameters`.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const record = error as Error & { code?: unknown; statusCode?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    type: error.name || error.constructor.name,
    ...(typeof record.code === 'string' || typeof record.code === 'number' ? { code: record.code } : {}),
    ...(typeof record.statusCode === 'number' ? { statusCode: record.statusCode } : {}),
    stack: frames,
  };
}

/** A request in the log: method, the path without its query string (search terms are personal data), the route. */
export function safeRequest(request: FastifyRequest): Record<string, unknown> {
  const url = String(request.url ?? '');
  const query = url.indexOf('?');
  return {
    method: request.method,
    path: query < 0 ? url : url.slice(0, query),
    ...(request.routeOptions?.url ? { route: request.routeOptions.url } : {}),
  };
}

/** Fastify logger serializers: errors, requests and replies without secrets or personal data. */
export const logSerializers = {
  err: safeError,
  req: safeRequest,
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};
