import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearCookies, makeLoginToken, resetBrowserState, sessionHandlers, setCookie, storeSignedInUser } from './index.js';

describe('browser state helpers', () => {
  it('set, clear and reset cookies and storage', () => {
    setCookie('XSRF-TOKEN', 'a b');
    expect(document.cookie).toContain('XSRF-TOKEN=a%20b');
    clearCookies();
    expect(document.cookie).toBe('');
    storeSignedInUser({ username: 'sales.agent', userId: 'u-1', departmentId: 'd-1' });
    expect(localStorage.getItem('userId')).toBe('u-1');
    setCookie('x', '1');
    resetBrowserState();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});

describe('makeLoginToken', () => {
  it('carries api.md login payload in a decodable compact JWT', () => {
    const token = makeLoginToken({ username: 'admin', department: null, roles: [{ id: 'r', name: 'R', entityprivileges: [{ entityName: 'lead', action: 'read' }] }] });
    const parts = token.split('.');
    expect(parts).toHaveLength(3);
    const payload = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.data).toMatchObject({ username: 'admin', department: null, roles: [{ entityprivileges: [{ entityName: 'lead' }] }] });
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.aud).toBe('propdesk-web');
  });
});

describe('sessionHandlers', () => {
  const { handlers, state } = sessionHandlers({ privileges: [{ entityName: 'lead', action: 'read' }] });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('answer the session calls and count them, and follow a sign-out', async () => {
    expect(await (await fetch('http://localhost/api/users/privileges')).json()).toEqual([{ entityName: 'lead', action: 'read' }]);
    expect((await fetch('http://localhost/api/users/restore-session')).status).toBe(200);
    expect((await fetch('http://localhost/api/users/logout', { method: 'POST' })).status).toBe(200);
    expect((await fetch('http://localhost/api/users/me')).status).toBe(401);
    expect((await fetch('http://localhost/api/users/restore-session')).status).toBe(401);
    expect(state.calls).toEqual({ csrf: 0, restore: 2, logout: 1, privileges: 1, me: 1 });
  });
});
