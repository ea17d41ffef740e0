// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from './login.js';
import { performLogin, signedInSession } from './signIn.js';
import { makeLoginToken, makeStore, resetAll, setCookie } from './test-utils/session.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetAll();
});

const csrf = http.get('/api/users/csrf-cookie', () => {
  setCookie('XSRF-TOKEN', 'csrf-abc');
  return HttpResponse.json({ status: 'OK' });
});

describe('performLogin (the sign-in page runs it without Redux)', () => {
  it('refuses a blank username before any request, with the schema message', async () => {
    let calls = 0;
    server.use(
      http.all('*', () => {
        calls++;
        return HttpResponse.json({});
      }),
    );
    await expect(performLogin({ username: '   ', password: 'x' })).resolves.toEqual({ ok: false, message: 'Username is required' });
    expect(calls).toBe(0);
  });

  it('gives the state the session slice reaches through the login thunk', async () => {
    const token = makeLoginToken();
    server.use(csrf, http.post('/api/users/login', () => HttpResponse.json({ data: token, message: 'Login successful' })));
    const outcome = await performLogin({ username: 'sara.sales', password: 's3cret!' });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.result.user).toEqual({ username: 'sara.sales', userId: 'user-1', departmentId: 'dep-1' });

    resetAll();
    const store = makeStore();
    await store.dispatch(login({ username: 'sara.sales', password: 's3cret!' }));
    expect(store.getState().session).toEqual(signedInSession(outcome.result));
  });

  it('refuses an answer that is not a login answer with the generic message', async () => {
    server.use(csrf, http.post('/api/users/login', () => HttpResponse.json({ data: 42 })));
    await expect(performLogin({ username: 'sara.sales', password: 's3cret!' })).resolves.toEqual({ ok: false, message: 'Invalid username or password!' });
  });
});
