import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPrivilegeFetch } from '@propdesk/auth-session/web';
import { storeSignedInUser } from '@propdesk/test-utils';
import { createShellSession } from './shellSession.js';
import { makeStore } from './store.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetPrivilegeFetch();
  localStorage.clear();
  vi.restoreAllMocks();
});

const PRIVILEGES = [{ entityName: 'lead', fieldName: null, action: 'read' }];
const signedIn = () => storeSignedInUser({ username: 'sales.agent', userId: 'u-1', departmentId: 'd-1' });
const meOk = () => http.get('/api/users/me', () => HttpResponse.json({ status: 'OK', data: { id: 'u-1' } }));

describe('the shell session adapter', () => {
  it('loads the privileges once into the store, and answers later calls from it', async () => {
    signedIn();
    let calls = 0;
    server.use(
      meOk(),
      http.get('/api/users/privileges', () => {
        calls += 1;
        return HttpResponse.json(PRIVILEGES);
      }),
    );
    const store = makeStore();
    const session = createShellSession(store);
    expect(session.selectPrivileges(store.getState())).toBeNull();
    const [first, second] = await Promise.all([session.loadPrivileges(), session.loadPrivileges()]);
    expect(first).toEqual(PRIVILEGES);
    expect(second).toEqual(PRIVILEGES);
    expect(session.selectPrivileges(store.getState())).toEqual(PRIVILEGES);
    await session.loadPrivileges();
    expect(calls).toBe(1);
  });

  it('gives null when the privileges cannot be loaded (the shell then goes to /login)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn();
    server.use(meOk(), http.get('/api/users/privileges', () => new HttpResponse('down', { status: 500 })));
    const session = createShellSession(makeStore());
    await expect(session.loadPrivileges()).resolves.toBeNull();
  });

  it('sends nobody-signed-in straight to /login without calling the server', async () => {
    let calls = 0;
    server.use(
      http.all('*', () => {
        calls += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(createShellSession(makeStore()).loadPrivileges()).resolves.toBeNull();
    expect(calls).toBe(0);
  });

  it('confirms the session with the server once per page load, before trusting cached privileges', async () => {
    signedIn();
    let checks = 0;
    server.use(
      http.get('/api/users/me', () => {
        checks += 1;
        return HttpResponse.json({ status: 'OK', data: { id: 'u-1' } });
      }),
      http.get('/api/users/privileges', () => HttpResponse.json(PRIVILEGES)),
    );
    const session = createShellSession(makeStore());
    await session.loadPrivileges();
    await session.loadPrivileges();
    expect(checks).toBe(1);
  });

  it('right after a sign-in on this page, trusts the new session without a check: the landing page waits for no round trip', async () => {
    signedIn();
    let calls = 0;
    server.use(
      http.all('*', () => {
        calls += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const store = makeStore({ session: { user: { username: 'sales.agent', userId: 'u-1', departmentId: 'd-1' }, privileges: PRIVILEGES, privilegesStatus: 'loaded', loginStatus: 'succeeded', loginError: null } });
    const session = createShellSession(store, { justSignedIn: true });
    await expect(session.loadPrivileges()).resolves.toEqual(PRIVILEGES);
    expect(calls).toBe(0);
  });

  it('gives null when the session cannot be confirmed or restored', async () => {
    signedIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let privilegeCalls = 0;
    server.use(
      http.get('/api/users/me', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/users/logout', () => HttpResponse.json({ status: 'OK' })),
      http.get('/api/users/privileges', () => {
        privilegeCalls += 1;
        return HttpResponse.json(PRIVILEGES);
      }),
    );
    await expect(createShellSession(makeStore()).loadPrivileges()).resolves.toBeNull();
    expect(privilegeCalls).toBe(0);
  });

  it('loads the login page from its own module', async () => {
    const session = createShellSession(makeStore());
    const { Component } = await session.loginPage();
    expect(Component).toBeTypeOf('function');
  });
});
