import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClientEnvironment, resetSessionState } from '@propdesk/api-client';
import { storeSignedInUser } from '@propdesk/test-utils';
import { fetchAccountLanguage } from './accountLanguage.js';

/*
 * The account's language is read through api-client's `readAccount` (issue 30): GET /api/users/me
 * without the session restore (the shell's own session check restores a lapsed session).
 */

const server = setupServer();
const navigated: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetApiClientEnvironment();
  resetSessionState();
  localStorage.clear();
  navigated.length = 0;
});

const me = (language: 'ar' | 'en' | null) => ({ id: 'u-1', username: 'sales.agent.ar', fullName: 'Sara', department: null, roles: [], language });
const signedIn = () => storeSignedInUser({ username: 'sales.agent.ar', userId: 'u-1', departmentId: 'd-1' });

describe('the account’s language', () => {
  it('is the account’s as GET /api/users/me answers it (null: not chosen)', async () => {
    signedIn();
    server.use(http.get('/api/users/me', () => HttpResponse.json({ status: 'OK', data: me('ar') })));
    expect(await fetchAccountLanguage()).toBe('ar');
    server.use(http.get('/api/users/me', () => HttpResponse.json({ status: 'OK', data: me(null) })));
    expect(await fetchAccountLanguage()).toBeNull();
  });

  it('is unknown, without a call, when nobody is signed in on this browser', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/me', () => {
        calls += 1;
        return HttpResponse.json({ status: 'OK', data: me('ar') });
      }),
    );
    expect(await fetchAccountLanguage()).toBeUndefined();
    expect(calls).toBe(0);
  });

  it('is unknown when the session has lapsed, and no restore or sign-out is started here', async () => {
    signedIn();
    configureApiClient({ navigate: (path) => void navigated.push(path), notify: () => undefined });
    let restores = 0;
    server.use(
      http.get('/api/users/me', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => {
        restores += 1;
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    expect(await fetchAccountLanguage()).toBeUndefined();
    expect(restores).toBe(0);
    expect(navigated).toEqual([]);
  });
});
