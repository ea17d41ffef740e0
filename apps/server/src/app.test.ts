import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '@propdesk/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './app.js';
import { DB_KINDS, seededDatabases, testApp, testConfig } from './test/harness.js';

describe.each(DB_KINDS)('the app on %s', (kind) => {
  const databases = seededDatabases(kind);
  let db: Database;
  let app: FastifyInstance;
  const webDir = mkdtempSync(join(tmpdir(), 'propdesk-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Propdesk SPA</title>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    // The web build's pre-compressed copies (apps/web/vite.config.ts, precompress()).
    const script = 'export const answer = 42; '.repeat(50);
    writeFileSync(join(webDir, 'assets', 'login-def456.js'), script);
    writeFileSync(join(webDir, 'assets', 'login-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDir, 'assets', 'login-def456.js.gz'), gzipSync(script));
    writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync('<!doctype html><title>Propdesk SPA</title>'));
    db = await databases.open();
    app = await testApp(db, {}, {
      plugins: [
        async (instance) => {
          instance.get('/api/test/boom', async () => {
            throw new Error('database password is hunter2');
          });
        },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await databases.cleanup();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('reports health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', data: { database: 'up' } });
  });

  it('serves config.json for the same origin, not cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({ apiBaseUrl: '' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/users/privileges', '/api/health']));
    expect(document.paths['/api/users/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('answers unknown /api calls with a 404 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'ERROR', message: 'Not found' });
  });

  it('answers a fault with a 500 envelope and request id, never the stack or message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-123' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'ERROR', message: 'Internal server error', requestId: 'trace-123' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('echoes a sane request id and replaces an insane one; sets security headers', async () => {
    const sane = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(sane.headers['x-request-id']).toBe('abc-123');
    const insane = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sane.headers['x-content-type-options']).toBe('nosniff');
    expect(sane.headers['x-frame-options']).toBe('DENY');
    // An API answer is data: a policy that allows nothing, no caching, and none of the page-only headers.
    expect(sane.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(sane.headers['cache-control']).toBe('no-store');
    for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'permissions-policy']) expect(sane.headers[pageOnly], pageOnly).toBeUndefined();
    // A page (anything outside /api) gets the page's headers.
    const page = await app.inject({ method: 'GET', url: '/sales/leads', headers: { accept: 'text/html' } });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('without a built web app, / says so and the API still works', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('not built');
  });

  it('serves the built SPA: immutable assets, index.html for client routes, sw.js revalidated', async () => {
    const web = await testApp(db, { webDir });
    try {
      const index = await web.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('Propdesk SPA');
      expect(index.headers['cache-control']).toBe('no-cache');
      const route = await web.inject({ method: 'GET', url: '/sales/leads?page=2', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('Propdesk SPA');
      const asset = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await web.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const worker = await web.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['service-worker-allowed']).toBe('/');
      const api = await web.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().status).toBe('ERROR');
    } finally {
      await web.close();
    }
  });

  it('sends the build\'s brotli or gzip copies to clients that accept them, the plain file to others', async () => {
    const web = await testApp(db, { webDir });
    try {
      const path = '/assets/login-def456.js';
      const plain = await web.inject({ method: 'GET', url: path });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('answer = 42');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const br = await web.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const gz = await web.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // A client route gets index.html, compressed as well; a file without copies (sw.js, rewritten
      // after the build) is compressed per request like an API answer.
      const route = await web.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-encoding']).toBe('br');
      expect(route.headers['content-type']).toMatch(/^text\/html/);
      expect(route.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(route.rawPayload).toString()).toContain('Propdesk SPA');
      const worker = await web.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(worker.rawPayload).toString()).toContain('addEventListener');
      const plainWorker = await web.inject({ method: 'GET', url: '/sw.js' });
      expect(plainWorker.headers['content-encoding']).toBeUndefined();
      expect(plainWorker.body).toContain('addEventListener');
    } finally {
      await web.close();
    }
  });

  it('rate-limits /api per address with a 429 envelope and Retry-After', async () => {
    const limited = await testApp(db, { rateLimitPerMinute: 10 });
    try {
      for (let index = 0; index < 10; index++) {
        expect((await limited.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
      }
      const response = await limited.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ status: 'ERROR', message: expect.stringContaining('Too many requests') });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.inject({ method: 'GET', url: '/config.json', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('graceful close', () => {
  const databases = seededDatabases('pglite');
  afterAll(() => databases.cleanup());

  it('lets an in-flight request finish, stops listening and closes the database', async () => {
    const db = await databases.open();
    const { app, url } = await startServer(testConfig(), {
      database: db,
      closeDatabase: true,
      plugins: [
        async (instance) => {
          instance.get('/api/test/slow', async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return { status: 'OK', data: 'done' };
          });
        },
      ],
    });
    const inFlight = fetch(`${url}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'OK', data: 'done' });
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await expect(db.query('select 1')).rejects.toThrow();
  });
});
