import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig, setConfig } from './config.js';
import { configureApiClient, onSessionExpired, resetApiClientEnvironment } from './environment.js';
import { ForbiddenError, HttpError, UnauthorizedError } from './errors.js';
import { apiRequest } from './request.js';
import { resetSessionState } from './session.js';

const server = setupServer();

/** jsdom and Node each have a Blob class; the fetch answer's Blob is Node's. */
function expectBlob(value: unknown) {
  expect(Object.prototype.toString.call(value)).toBe('[object Blob]');
}
const navigate = vi.fn<(path: string) => void>();
const notify = vi.fn<(message: string, variant: string) => void>();

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ navigate, notify });
});
afterEach(() => {
  server.resetHandlers();
  resetApiClientEnvironment();
  resetSessionState();
  resetConfig();
  clearCookies();
  localStorage.clear();
  navigate.mockReset();
  notify.mockReset();
  vi.restoreAllMocks();
});

describe('apiRequest: request shape', () => {
  it('sends credentials, the CSRF header from the cookie and a JSON content type', async () => {
    setCookie('XSRF-TOKEN', 'tok/en+1');
    let seen: Request | undefined;
    server.use(
      http.post('/api/things', ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ status: 'OK', data: { id: '1' } });
      }),
    );
    const result = await apiRequest('/api/things', { method: 'POST', body: { name: 'A' } });
    expect(result).toEqual({ status: 'OK', data: { id: '1' } });
    expect(seen?.headers.get('X-CSRF-TOKEN')).toBe('tok/en+1');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(await seen?.json()).toEqual({ name: 'A' });
  });

  it('sends no CSRF header without the cookie', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get('/api/things', ({ request }) => {
        header = request.headers.get('X-CSRF-TOKEN');
        return HttpResponse.json([]);
      }),
    );
    await apiRequest('/api/things');
    expect(header).toBeNull();
  });

  it('leaves the content type to the browser for FormData', async () => {
    let contentType: string | null = null;
    server.use(
      http.post('/api/upload', ({ request }) => {
        contentType = request.headers.get('Content-Type');
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    const form = new FormData();
    form.append('file', 'abc');
    await apiRequest('/api/upload', { method: 'POST', body: form });
    expect(contentType).toMatch(/^multipart\/form-data/);
  });

  it('uses the configured base URL as host', async () => {
    setConfig({ apiBaseUrl: 'https://api.example.test' });
    server.use(http.get('https://api.example.test/api/ping', () => HttpResponse.json({ pong: true })));
    await expect(apiRequest('/api/ping')).resolves.toEqual({ pong: true });
  });
});

describe('apiRequest: response parsing', () => {
  it('returns parsed JSON', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ a: 1 })));
    await expect(apiRequest('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('falls back to the raw text when JSON parsing fails', async () => {
    server.use(
      http.get('/api/x', () => new HttpResponse('{not json', { headers: { 'Content-Type': 'application/json' } })),
    );
    await expect(apiRequest('/api/x')).resolves.toBe('{not json');
  });

  it('returns text for other non-JSON content', async () => {
    server.use(http.get('/api/x', () => HttpResponse.text('plain words')));
    await expect(apiRequest('/api/x')).resolves.toBe('plain words');
  });

  it('returns a Blob for spreadsheet content', async () => {
    server.use(
      http.get(
        '/api/x',
        () =>
          new HttpResponse('xlsx-bytes', {
            headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      ),
    );
    const result = await apiRequest<Blob>('/api/x');
    expectBlob(result);
    expect(await result.text()).toBe('xlsx-bytes');
  });

  it('returns a Blob for octet-stream content', async () => {
    server.use(
      http.get('/api/x', () => new HttpResponse('bin', { headers: { 'Content-Type': 'application/octet-stream' } })),
    );
    const result = await apiRequest<Blob>('/api/x');
    expectBlob(result);
  });

  it("returns a Blob when responseType is 'blob' whatever the content type", async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ a: 1 })));
    const result = await apiRequest<Blob>('/api/x', { responseType: 'blob' });
    expectBlob(result);
    expect(await result.text()).toBe('{"a":1}');
  });

  it("yields { status: 'OK', data: [], message: 'No data available' } for an empty body", async () => {
    server.use(http.delete('/api/x/1', () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest('/api/x/1', { method: 'DELETE' })).resolves.toEqual({
      status: 'OK',
      data: [],
      message: 'No data available',
    });
  });

  it('yields the empty object for an empty JSON body with status 200', async () => {
    server.use(http.get('/api/x', () => new HttpResponse('', { headers: { 'Content-Type': 'application/json' } })));
    await expect(apiRequest('/api/x')).resolves.toEqual({ status: 'OK', data: [], message: 'No data available' });
  });
});

describe('apiRequest: error catalogue', () => {
  it("throws 'HTTP error! Status: {status} - {body text}' for other non-ok statuses", async () => {
    server.use(http.get('/api/x', () => HttpResponse.text('conflict here', { status: 409 })));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('HTTP error! Status: 409 - conflict here');
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).body).toBe('conflict here');
  });

  it('keeps a JSON error body as its text', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ status: 'ERROR', message: 'bad' }, { status: 500 })));
    await expect(apiRequest('/api/x')).rejects.toThrow('HTTP error! Status: 500 - {"status":"ERROR","message":"bad"}');
  });

  it("sends the user to /not-authorized on 423 and throws 'Forbidden - Access denied'", async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ message: 'no' }, { status: 423 })));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toBe('Forbidden - Access denied');
    expect(navigate).toHaveBeenCalledWith('/not-authorized');
  });

  it('restores the session after a 401 and repeats the request once', async () => {
    let restored = false;
    let calls = 0;
    let restoreCalls = 0;
    server.use(
      http.get('/api/x', () => {
        calls += 1;
        return restored ? HttpResponse.json({ ok: true }) : new HttpResponse(null, { status: 401 });
      }),
      http.get('/api/users/restore-session', () => {
        restoreCalls += 1;
        restored = true;
        return HttpResponse.json({ status: 'OK' });
      }),
    );
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
    expect(restoreCalls).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('repeats a POST with its body and a fresh CSRF header after restoring', async () => {
    setCookie('XSRF-TOKEN', 'old');
    const seen: { token: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/x', async ({ request }) => {
        seen.push({ token: request.headers.get('X-CSRF-TOKEN'), body: await request.json() });
        return seen.length === 1 ? new HttpResponse(null, { status: 401 }) : HttpResponse.json({ ok: true });
      }),
      http.get('/api/users/restore-session', () => {
        setCookie('XSRF-TOKEN', 'new');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/api/x', { method: 'POST', body: { n: 1 } });
    expect(seen).toEqual([
      { token: 'old', body: { n: 1 } },
      { token: 'new', body: { n: 1 } },
    ]);
  });

  function expiryHandlers(log: string[]) {
    return [
      http.get('/api/users/restore-session', () => {
        log.push('restore');
        return new HttpResponse(null, { status: 401 });
      }),
      http.post('/api/users/logout', ({ request }) => {
        log.push(`logout:${request.headers.get('X-CSRF-TOKEN') ?? 'none'}`);
        return HttpResponse.json({ status: 'OK' });
      }),
    ];
  }

  it('on restore failure: toast, logout call, items and cookies cleared, redirect to /login, Unauthorized', async () => {
    setCookie('XSRF-TOKEN', 'csrf-1');
    setCookie('other', 'x');
    for (const key of ['role', 'username', 'userId', 'departmentId', 'sidebar-pinned']) localStorage.setItem(key, 'v');
    const log: string[] = [];
    const expired = vi.fn();
    onSessionExpired(expired);
    server.use(
      http.get('/api/x', () => {
        log.push('request');
        return new HttpResponse(null, { status: 401 });
      }),
      ...expiryHandlers(log),
    );

    const error = await apiRequest('/api/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe('Unauthorized');
    expect(log).toEqual(['request', 'restore', 'logout:csrf-1']);
    expect(notify).toHaveBeenCalledWith('Please log in again.', 'error');
    for (const key of ['role', 'username', 'userId', 'departmentId']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('sidebar-pinned')).toBe('v');
    expect(document.cookie).toBe('');
    expect(expired).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('expires the session when the repeated request is 401 again', async () => {
    const log: string[] = [];
    let requests = 0;
    server.use(
      http.get('/api/x', () => {
        requests += 1;
        return new HttpResponse(null, { status: 401 });
      }),
      http.get('/api/users/restore-session', () => {
        log.push('restore');
        return HttpResponse.json({});
      }),
      http.post('/api/users/logout', () => {
        log.push('logout');
        return HttpResponse.json({});
      }),
    );
    await expect(apiRequest('/api/x')).rejects.toThrow('Unauthorized');
    expect(requests).toBe(2);
    expect(log).toEqual(['restore', 'logout']);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('expires the session when the restore call cannot reach the server', async () => {
    server.use(
      http.get('/api/x', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/users/restore-session', () => HttpResponse.error()),
      http.post('/api/users/logout', () => HttpResponse.error()),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/api/x')).rejects.toThrow('Unauthorized');
    expect(notify).toHaveBeenCalledWith('Please log in again.', 'error');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ten parallel 401s cause exactly one restore-session call, then all repeat', async () => {
    let restored = false;
    let restoreCalls = 0;
    let requests = 0;
    server.use(
      http.get('/api/item/:id', ({ params }) => {
        requests += 1;
        return restored ? HttpResponse.json({ id: params.id }) : new HttpResponse(null, { status: 401 });
      }),
      http.get('/api/users/restore-session', async () => {
        restoreCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        restored = true;
        return HttpResponse.json({});
      }),
    );
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => apiRequest(`/api/item/${i}`)));
    expect(results).toEqual(Array.from({ length: 10 }, (_, i) => ({ id: String(i) })));
    expect(restoreCalls).toBe(1);
    expect(requests).toBe(20);
  });

  it('ten parallel 401s with a failed restore: one restore, one logout, one toast, all Unauthorized', async () => {
    const log: string[] = [];
    server.use(http.get('/api/item/:id', () => new HttpResponse(null, { status: 401 })), ...expiryHandlers(log));
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => apiRequest(`/api/item/${i}`)));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as Error).message === 'Unauthorized')).toBe(true);
    expect(log).toEqual(['restore', 'logout:none']);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('skipSessionRestore turns a 401 into an HttpError without restoring', async () => {
    let restoreCalls = 0;
    server.use(
      http.get('/api/x', () => HttpResponse.text('nope', { status: 401 })),
      http.get('/api/users/restore-session', () => {
        restoreCalls += 1;
        return HttpResponse.json({});
      }),
    );
    await expect(apiRequest('/api/x', { skipSessionRestore: true })).rejects.toThrow('HTTP error! Status: 401 - nope');
    expect(restoreCalls).toBe(0);
  });
});

describe('unconfigured environment', () => {
  it('falls back to window.location.assign and the console', async () => {
    resetApiClientEnvironment();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: 'http://localhost:3000/', pathname: '/' });
    server.use(http.get('http://localhost:3000/api/x', () => new HttpResponse(null, { status: 423 })));
    await expect(apiRequest('http://localhost:3000/api/x')).rejects.toThrow('Forbidden - Access denied');
    expect(assign).toHaveBeenCalledWith('/not-authorized');
    vi.unstubAllGlobals();
  });
});
