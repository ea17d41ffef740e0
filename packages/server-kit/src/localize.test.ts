import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { HttpError, badRequest, fieldError, notFound, rateLimited, registerErrorHandler, sendError } from './errors.js';
import { serverKitCatalog, validationCatalog } from './i18n/catalog.js';
import { serverCatalog, text, translate, translateValidationWord } from './localize.js';

const things = serverCatalog('test-things', { gone: 'No such {thing}', many: 'At most {max} things' } as const, async () => ({
  default: { gone: 'لا يوجد {thing}', many: '{max} أشياء على الأكثر' },
}));

async function buildApp(language: 'ar' | 'en' | null) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = language === null ? null : { userId: 'u', username: 'u', sessionId: 's', departmentId: null, checker: null as never, language };
  });
  app.post('/things', { schema: { body: z.strictObject({ name: z.string().min(1, 'Required'), count: z.number() }) } }, async () => 'ok');
  app.post('/mini', { schema: { body: zm.strictObject({ code: zm.string().check(zm.maxLength(3, 'At most 3 characters')) }) } }, async () => 'ok');
  app.get('/gone', async () => {
    throw notFound(text(things, 'gone', { thing: { en: 'supplier', ar: 'مورد' } }));
  });
  app.get('/fields', async () => {
    throw badRequest('Validation failed', [fieldError('lines', text(things, 'many', { max: '5' })), { field: 'name', message: 'Required' }, { field: 'x', message: 'Something of its own' }]);
  });
  app.get('/plain', async () => {
    throw new HttpError(409, 'Not keyed yet');
  });
  app.get('/limited', async () => {
    throw rateLimited(3);
  });
  app.get('/hook', { onRequest: async (_request, reply) => sendError(reply, notFound()) }, async () => 'never');
  await app.ready();
  return app;
}

describe('the envelope in the caller’s language (issue 29)', () => {
  it('English by default: the texts the API always answered, no key or text object sent', async () => {
    const app = await buildApp(null);
    expect((await app.inject({ method: 'GET', url: '/gone' })).json()).toEqual({ status: 'ERROR', message: 'No such supplier' });
    expect((await app.inject({ method: 'GET', url: '/fields' })).json()).toEqual({
      status: 'ERROR',
      message: 'Validation failed',
      errors: [
        { field: 'lines', message: 'At most 5 things' },
        { field: 'name', message: 'Required' },
        { field: 'x', message: 'Something of its own' },
      ],
    });
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
    expect(limited.json().message).toBe('Too many requests. Try again in 3 seconds.');
    expect((await app.inject({ method: 'GET', url: '/hook' })).json()).toEqual({ status: 'ERROR', message: 'Not found' });
    await app.close();
  });

  it('Arabic for Accept-Language ar-EG: keyed messages, words as parameters, schema words, zod’s own messages', async () => {
    const app = await buildApp(null);
    const ar = { 'accept-language': 'ar-EG,en;q=0.5' };
    expect((await app.inject({ method: 'GET', url: '/gone', headers: ar })).json()).toEqual({ status: 'ERROR', message: 'لا يوجد مورد' });
    expect((await app.inject({ method: 'GET', url: '/fields', headers: ar })).json()).toEqual({
      status: 'ERROR',
      message: 'تعذّر التحقق من البيانات',
      errors: [
        { field: 'lines', message: '5 أشياء على الأكثر' },
        { field: 'name', message: 'مطلوب' },
        // Not a known word: as it is, never a key.
        { field: 'x', message: 'Something of its own' },
      ],
    });
    expect((await app.inject({ method: 'GET', url: '/plain', headers: ar })).json().message).toBe('Not keyed yet');
    expect((await app.inject({ method: 'GET', url: '/limited', headers: ar })).json().message).toBe('طلبات كثيرة جدًا. حاول مرة أخرى بعد ٣ ثوانٍ.');
    expect((await app.inject({ method: 'GET', url: '/hook', headers: ar })).json().message).toBe('غير موجود');

    const body = { name: '', count: 'seven', extra: true };
    const en = (await app.inject({ method: 'POST', url: '/things', payload: body })).json();
    const arabic = (await app.inject({ method: 'POST', url: '/things', payload: body, headers: ar })).json();
    expect(arabic.errors.map((error: { field: string }) => error.field)).toEqual(en.errors.map((error: { field: string }) => error.field));
    expect(en.errors).toEqual([
      { field: 'name', message: 'Required' },
      { field: 'count', message: 'Invalid input: expected number, received string' },
      { field: '', message: 'Unrecognized key: "extra"' },
    ]);
    expect(arabic.errors[0]).toEqual({ field: 'name', message: 'مطلوب' });
    for (const error of arabic.errors) expect(error.message).toMatch(/[\u0600-\u06FF]/);

    const mini = (await app.inject({ method: 'POST', url: '/mini', payload: { code: 'ABCD' }, headers: ar })).json();
    expect(mini.errors).toEqual([{ field: 'code', message: '3 حرفًا على الأكثر' }]);
    await app.close();
  });

  it('the account’s language wins over the call’s', async () => {
    const arabicAccount = await buildApp('ar');
    expect((await arabicAccount.inject({ method: 'GET', url: '/gone', headers: { 'accept-language': 'en' } })).json().message).toBe('لا يوجد مورد');
    await arabicAccount.close();
    const englishAccount = await buildApp('en');
    expect((await englishAccount.inject({ method: 'GET', url: '/gone', headers: { 'accept-language': 'ar' } })).json().message).toBe('No such supplier');
    await englishAccount.close();
  });

  it('a validation word with parameters is found by its English; fixed words before patterns', () => {
    expect(translateValidationWord('At most 80 characters', 'ar')).toBe('80 حرفًا على الأكثر');
    expect(translateValidationWord('Required', 'ar')).toBe('مطلوب');
    expect(translateValidationWord('Required', 'en')).toBe('Required');
    expect(translateValidationWord('Nothing like ours', 'ar')).toBeNull();
    expect(translate(text(validationCatalog, 'mustBeOneOf', { options: 'a, b' }), 'en')).toBe('Must be one of: a, b');
    expect(translate(text(serverKitCatalog, 'accessDenied'), 'en')).toBe('Forbidden - Access denied');
  });
});
