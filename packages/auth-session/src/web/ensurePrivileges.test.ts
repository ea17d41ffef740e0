// @vitest-environment jsdom
import { configureApiClient } from '@propdesk/api-client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensurePrivileges } from './ensurePrivileges.js';
import { decryptPrivileges, writeStoredPrivileges } from './roleCipher.js';
import { privilegesSet, selectPrivilegeChecker, selectPrivilegesStatus } from './sessionSlice.js';
import { SALES_PRIVILEGES, makeStore, resetAll } from './test-utils/session.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetAll();
  vi.restoreAllMocks();
});

const FROM_API = [{ entityName: 'source', fieldName: null, action: 'read' }];

function privilegesEndpoint(counter: { calls: number }, body: object = FROM_API) {
  return http.get('/api/users/privileges', async () => {
    counter.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return HttpResponse.json(body);
  });
}

describe('ensurePrivileges', () => {
  it('answers from memory first, without storage or a call', async () => {
    const counter = { calls: 0 };
    server.use(privilegesEndpoint(counter));
    await writeStoredPrivileges(FROM_API);
    const store = makeStore();
    store.dispatch(privilegesSet(SALES_PRIVILEGES));
    await expect(store.dispatch(ensurePrivileges()).unwrap()).resolves.toEqual(SALES_PRIVILEGES);
    expect(counter.calls).toBe(0);
  });

  it('then from the encrypted role item, without a call', async () => {
    const counter = { calls: 0 };
    server.use(privilegesEndpoint(counter));
    await writeStoredPrivileges(SALES_PRIVILEGES);
    const store = makeStore();
    await expect(store.dispatch(ensurePrivileges()).unwrap()).resolves.toEqual(SALES_PRIVILEGES);
    expect(counter.calls).toBe(0);
    expect(selectPrivilegesStatus(store.getState())).toBe('loaded');
    expect(selectPrivilegeChecker(store.getState()).can('LEAD', 'read')).toBe(true);
  });

  it('else from GET /api/users/privileges, stored encrypted and kept in memory', async () => {
    const counter = { calls: 0 };
    server.use(privilegesEndpoint(counter));
    const store = makeStore();
    await expect(store.dispatch(ensurePrivileges()).unwrap()).resolves.toEqual(FROM_API);
    await expect(decryptPrivileges(localStorage.getItem('role') ?? '')).resolves.toEqual(FROM_API);
    await store.dispatch(ensurePrivileges()).unwrap();
    expect(counter.calls).toBe(1);
  });

  it('fetches from the server again when the role item cannot be decrypted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const counter = { calls: 0 };
    server.use(privilegesEndpoint(counter));
    localStorage.setItem('role', 'v1.dGFtcGVyZWQgd2l0aCB0aGlzIGl0ZW0=');
    await expect(makeStore().dispatch(ensurePrivileges()).unwrap()).resolves.toEqual(FROM_API);
    expect(counter.calls).toBe(1);
  });

  it('shares one fetch between concurrent calls', async () => {
    const counter = { calls: 0 };
    server.use(privilegesEndpoint(counter));
    const store = makeStore();
    const results = await Promise.all(Array.from({ length: 5 }, () => store.dispatch(ensurePrivileges()).unwrap()));
    expect(results).toEqual(Array.from({ length: 5 }, () => FROM_API));
    expect(counter.calls).toBe(1);
  });

  it('resolves to null when the answer is not a privilege list', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(privilegesEndpoint({ calls: 0 }, { status: 'OK', data: 'nope' }));
    const store = makeStore();
    await expect(store.dispatch(ensurePrivileges()).unwrap()).resolves.toBeNull();
    expect(selectPrivilegesStatus(store.getState())).toBe('failed');
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('resolves to null when no session can be restored', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureApiClient({ navigate: vi.fn(), notify: vi.fn() });
    server.use(
      http.get('/api/users/privileges', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/users/logout', () => HttpResponse.json({})),
    );
    await expect(makeStore().dispatch(ensurePrivileges()).unwrap()).resolves.toBeNull();
  });
});
