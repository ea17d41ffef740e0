import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, countRecords, notificationRequest, openDownload, postLogout, readAccount, readPrivileges } from './calls.js';
import { postSignIn } from './signInCall.js';
import { resetConfig } from './config.js';
import { configureApiClient, resetApiClientEnvironment } from './environment.js';
import { resetSessionState } from './session.js';

const server = setupServer();
const navigate = vi.fn<(path: string) => void>();
const notify = vi.fn<(message: string, variant: string) => void>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => configureApiClient({ navigate, notify }));
afterEach(() => {
  server.resetHandlers();
  resetApiClientEnvironment();
  resetSessionState();
  resetConfig();
  localStorage.clear();
  navigate.mockReset();
  notify.mockReset();
});

describe('the named calls web code uses instead of fetch/apiRequest (issue 30)', () => {
  it('postSignIn posts the credentials as JSON with the CSRF header and credentials, and hands back a refusal as it is', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('/api/users/login', async ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ status: 'ERROR', message: 'No.' }, { status: 400 });
      }),
    );
    const response = await postSignIn({ username: 'admin', password: 'x' }, 'tok');
    expect(response.status).toBe(400);
    expect(seen?.headers.get('X-CSRF-TOKEN')).toBe('tok');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.headers.get('Accept')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(await seen?.json()).toEqual({ username: 'admin', password: 'x' });
    expect(navigate).not.toHaveBeenCalled(); // no restore-session, no expiry
  });

  it('postLogout posts with the CSRF header, no body, and hands back any status without restoring', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('/api/users/logout', ({ request }) => {
        seen = request.clone();
        return new HttpResponse(null, { status: 401 });
      }),
    );
    const response = await postLogout('tok2');
    expect(response.status).toBe(401);
    expect(seen?.headers.get('X-CSRF-TOKEN')).toBe('tok2');
    expect(await seen?.text()).toBe('');
  });

  it('checkSession is true when the call answers, true after a restore, false when the session cannot be restored', async () => {
    server.use(http.get('/api/users/me', () => HttpResponse.json({ status: 'OK', data: {} })));
    expect(await checkSession()).toBe(true);

    let lapsed = true;
    server.use(
      http.get('/api/users/me', () => (lapsed ? new HttpResponse(null, { status: 401 }) : HttpResponse.json({ status: 'OK', data: {} }))),
      http.get('/api/users/restore-session', () => {
        lapsed = false;
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    expect(await checkSession('/api/users/me')).toBe(true);

    resetSessionState();
    server.use(
      http.get('/api/users/me', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/users/logout', () => HttpResponse.json({ status: 'OK' })),
    );
    expect(await checkSession()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('openDownload hands back the unread stream; a 401 restores the session once and asks again', async () => {
    let calls = 0;
    let lapsed = true;
    server.use(
      http.get('/api/things/export', () => {
        calls += 1;
        return lapsed ? new HttpResponse(null, { status: 401 }) : new HttpResponse('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '1' } });
      }),
      http.get('/api/users/me', () => (lapsed ? new HttpResponse(null, { status: 401 }) : HttpResponse.json({ status: 'OK', data: {} }))),
      http.get('/api/users/restore-session', () => {
        lapsed = false;
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const response = await openDownload('/api/things/export');
    expect(calls).toBe(2);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('1');
    expect(await response.text()).toBe('a,b\n1,2\n');
  });

  it('openDownload passes the abort signal on', async () => {
    server.use(http.get('/api/things/export', () => new Promise<never>(() => undefined)));
    const controller = new AbortController();
    const pending = openDownload('/api/things/export', controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('notificationRequest is the common request helper (JSON answer parsed)', async () => {
    server.use(http.get('/api/notifications/x', () => HttpResponse.json([{ id: '1' }])));
    expect(await notificationRequest('/api/notifications/x', { method: 'GET' })).toEqual([{ id: '1' }]);
  });
  it('readPrivileges asks GET /api/users/privileges and hands back the answer as it arrived; a lapsed session is restored once', async () => {
    let lapsed = true;
    server.use(
      http.get('/api/users/privileges', () => (lapsed ? new HttpResponse(null, { status: 401 }) : HttpResponse.json([{ entityName: 'lead', fieldName: null, action: 'read' }]))),
      http.get('/api/users/restore-session', () => {
        lapsed = false;
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    expect(await readPrivileges()).toEqual([{ entityName: 'lead', fieldName: null, action: 'read' }]);
    server.use(http.get('/api/users/privileges', () => HttpResponse.json({ status: 'ERROR', message: 'No.' }, { status: 500 })));
    await expect(readPrivileges()).rejects.toMatchObject({ status: 500 });
  });

  it('readAccount asks GET /api/users/me; without the restore a 401 rejects at once, no restore and no expiry', async () => {
    server.use(http.get('/api/users/me', () => HttpResponse.json({ status: 'OK', data: { language: 'ar' } })));
    expect(await readAccount({ restoreSession: false })).toEqual({ status: 'OK', data: { language: 'ar' } });

    let restores = 0;
    server.use(
      http.get('/api/users/me', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => {
        restores += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(readAccount({ restoreSession: false })).rejects.toMatchObject({ status: 401 });
    expect(restores).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('countRecords asks one row of the list with the filter as JSON and hands back its total', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/leads', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ status: 'OK', data: [], total: 7 });
      }),
    );
    const where = { join: 'and', children: [{ field: 'assignedTo', op: 'notEmpty' }] };
    expect(await countRecords('leads', where)).toBe(7);
    expect(seen).toEqual([`?pageSize=1&where=${encodeURIComponent(JSON.stringify(where))}`]);
    server.use(http.get('/api/leads', () => HttpResponse.json({ status: 'OK', data: [] })));
    expect(await countRecords('leads', where)).toBeNull();
    server.use(http.get('/api/leads', () => HttpResponse.json({ status: 'ERROR', message: 'No.' }, { status: 403 })));
    await expect(countRecords('leads', where)).rejects.toMatchObject({ status: 403 });
  });
});
