import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Propdesk</title></head>
<body><h1>Propdesk</h1><p>The web app is not built. Run <code>npm start</code> (or build <code>apps/web</code>)
and restart the server. The API is available under <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** True when the folder holds a built SPA. */
export const isWebBuilt = (webDir: string | undefined): webDir is string => Boolean(webDir && existsSync(join(webDir, 'index.html')));

/**
 * Serves the built SPA: hashed `/assets/*` cached for a year, `index.html` and `/sw.js` revalidated
 * every time; brotli or gzip where the client accepts it, from the `.br`/`.gz` copies the web build
 * writes (no compression per request). Returns the not-found fallback that sends `index.html`
 * for client-side routes.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined) {
  const built = isWebBuilt(webDir);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: ['index.html'],
      preCompressed: true,
      setHeaders(reply, path) {
        const file = path.replace(/\\/g, '/');
        if (file.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
        if (file.endsWith('/sw.js')) reply.header('service-worker-allowed', '/');
      },
    });
  }

  return async function spaFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/assets/')) return false;
    if (!built) {
      if (path !== '/' && path !== '/index.html') return false;
      await reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
      return true;
    }
    const accept = String(request.headers.accept ?? '');
    if (!accept.includes('text/html') && !accept.includes('*/*')) return false;
    await reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
