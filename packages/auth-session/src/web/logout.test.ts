// @vitest-environment jsdom
import { clearSignOutResets, configureApiClient, onSignOut } from '@propdesk/api-client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout.js';
import { privilegesSet, selectPrivileges, selectUser, userSet } from './sessionSlice.js';
import { SALES_PRIVILEGES, makeStore, resetAll, setCookie } from './test-utils/session.js';

const server = setupServer();
const navigate = vi.fn<(path: string) => void>();
const ITEMS = ['role', 'token', 'username', 'userId', 'departmentId'];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ navigate, notify: vi.fn() });
  for (const key of [...ITEMS, 'sidebar-pinned']) localStorage.setItem(key, 'x');
});
afterEach(() => {
  server.resetHandlers();
  resetAll();
  navigate.mockReset();
  clearSignOutResets();
  vi.restoreAllMocks();
});

function signedInStore() {
  const store = makeStore();
  store.dispatch(userSet({ username: 'sara', userId: 'u1', departmentId: 'd1' }));
  store.dispatch(privilegesSet(SALES_PRIVILEGES));
  return store;
}

function expectLoggedOut(store: ReturnType<typeof makeStore>) {
  for (const key of ITEMS) expect(localStorage.getItem(key)).toBeNull();
  expect(localStorage.getItem('sidebar-pinned')).toBe('x');
  expect(selectUser(store.getState())).toBeNull();
  expect(selectPrivileges(store.getState())).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/login');
}

describe('logout', () => {
  it('without an XSRF cookie: skips the call, clears and goes to /login', async () => {
    let calls = 0;
    server.use(
      http.post('/api/users/logout', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const store = signedInStore();
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(true);
    expect(calls).toBe(0);
    expectLoggedOut(store);
  });

  it.each([200, 400, 403])('with status %i: clears and goes to /login', async (status) => {
    setCookie('XSRF-TOKEN', 'csrf-1');
    let header: string | null = null;
    server.use(
      http.post('/api/users/logout', ({ request }) => {
        header = request.headers.get('X-CSRF-TOKEN');
        return HttpResponse.json({ status: status === 200 ? 'OK' : 'ERROR', message: 'm' }, { status });
      }),
    );
    const store = signedInStore();
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(true);
    expect(header).toBe('csrf-1');
    expectLoggedOut(store);
  });

  it('resets every registered client cache, after going to /login', async () => {
    const order: string[] = [];
    navigate.mockImplementation((path) => order.push(`navigate ${path}`));
    onSignOut(() => order.push('reset'));
    const store = signedInStore();
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(true);
    expect(order).toEqual(['navigate /login', 'reset']);
  });

  it.each([
    ['status 500', () => HttpResponse.json({ message: 'boom' }, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('with %s: logs, keeps everything and stays', async (_name, resolver) => {
    setCookie('XSRF-TOKEN', 'csrf-1');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/users/logout', resolver));
    const store = signedInStore();
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(false);
    expect(error).toHaveBeenCalled();
    for (const key of ITEMS) expect(localStorage.getItem(key)).toBe('x');
    expect(selectUser(store.getState())).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
