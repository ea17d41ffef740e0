import { createChecker } from '@propdesk/privileges';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requirePrivilege, requireSession } from './auth.js';
import { HttpError, list, ok, registerErrorHandler, tooManyRequests } from './errors.js';

async function buildTestApp(auth: 'none' | 'reader') {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth =
      auth === 'reader'
        ? { userId: 'u', username: 'reader', sessionId: 's', departmentId: null, checker: createChecker([{ entityName: 'Lead', action: 'READ' }]) }
        : null;
  });
  app.post('/validate', { schema: { body: z.object({ name: z.string().min(2), address: z.object({ city: z.string() }) }) } }, async () => ok(1));
  app.get('/boom', async () => {
    throw new Error('secret stack detail');
  });
  app.get('/teapot', async () => {
    throw new HttpError(409, 'Stale version');
  });
  app.get('/slow-down', async () => {
    throw tooManyRequests('Slow down', 61);
  });
  app.get('/list', async () => list([{ a: 1 }], 10, 2, 1));
  app.get('/session', { onRequest: [requireSession()] }, async () => ok('yes', 'fine'));
  app.get('/leads', { onRequest: [requirePrivilege('lead')] }, async () => ok('leads'));
  app.get('/leads/new', { onRequest: [requirePrivilege('lead', 'create')] }, async () => ok('new'));
  await app.ready();
  return app;
}

describe('errors and envelopes', () => {
  it('turns validation failures into 400 with one entry per field', async () => {
    const app = await buildTestApp('none');
    const response = await app.inject({ method: 'POST', url: '/validate', payload: { name: 'x', address: {} } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe('ERROR');
    expect(body.message).toBe('Validation failed');
    expect(body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['address.city', 'name']);
  });

  it('answers 500 with a request id and no stack', async () => {
    const app = await buildTestApp('none');
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'ERROR', message: 'Internal server error', requestId: expect.any(String) });
    expect(response.body).not.toContain('secret stack detail');
  });

  it('keeps the status and message of known errors, with Retry-After on 429', async () => {
    const app = await buildTestApp('none');
    expect((await app.inject({ method: 'GET', url: '/teapot' })).json()).toEqual({ status: 'ERROR', message: 'Stale version' });
    const limited = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('61');
    const badJson = await app.inject({ method: 'POST', url: '/validate', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().status).toBe('ERROR');
  });

  it('builds ok and list envelopes', async () => {
    const app = await buildTestApp('none');
    expect((await app.inject({ method: 'GET', url: '/list' })).json()).toEqual({ status: 'OK', data: [{ a: 1 }], total: 10, page: 2, pageSize: 1 });
    expect(ok(1)).toEqual({ status: 'OK', data: 1 });
  });

  it('requireSession and requirePrivilege answer 401 and 423', async () => {
    const anonymous = await buildTestApp('none');
    expect((await anonymous.inject({ method: 'GET', url: '/session' })).statusCode).toBe(401);
    expect((await anonymous.inject({ method: 'GET', url: '/leads' })).statusCode).toBe(401);
    const reader = await buildTestApp('reader');
    expect((await reader.inject({ method: 'GET', url: '/session' })).json()).toEqual({ status: 'OK', data: 'yes', message: 'fine' });
    expect((await reader.inject({ method: 'GET', url: '/leads' })).statusCode).toBe(200);
    const denied = await reader.inject({ method: 'GET', url: '/leads/new' });
    expect(denied.statusCode).toBe(423);
    expect(denied.json()).toEqual({ status: 'ERROR', message: 'Forbidden - Access denied' });
  });
});
