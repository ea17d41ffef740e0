import type { FastifyInstance } from 'fastify';

/**
 * The SPA's own scripts only; MUI (emotion) injects style elements, so styles allow inline.
 * Swagger UI (/api/docs) brings its own inline bootstrap, so it gets no CSP from us.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
