// @vitest-environment jsdom
import { apiRequest, configureApiClient } from '@propdesk/api-client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindSessionToApiClient } from './clearSession.js';
import { privilegesSet, selectPrivileges, selectUser, userSet } from './sessionSlice.js';
import { SALES_PRIVILEGES, makeStore, resetAll } from './test-utils/session.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetAll();
});

describe('bindSessionToApiClient', () => {
  it("resets the slice and clears the token when api-client's restore fails", async () => {
    configureApiClient({ navigate: vi.fn(), notify: vi.fn() });
    const store = makeStore();
    store.dispatch(userSet({ username: 'sara', userId: 'u1', departmentId: null }));
    store.dispatch(privilegesSet(SALES_PRIVILEGES));
    localStorage.setItem('token', 'a.b.c');
    bindSessionToApiClient(store.dispatch);
    server.use(
      http.get('/api/leads', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/users/logout', () => HttpResponse.json({})),
    );
    await expect(apiRequest('/api/leads')).rejects.toThrow('Unauthorized');
    expect(selectUser(store.getState())).toBeNull();
    expect(selectPrivileges(store.getState())).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
