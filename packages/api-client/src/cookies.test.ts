import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearScriptCookies, ensureCsrfCookie, readCookie } from './cookies.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  clearScriptCookies();
  vi.restoreAllMocks();
});

describe('readCookie', () => {
  it('reads and decodes one cookie by exact name', () => {
    document.cookie = 'XSRF-TOKEN=a%2Bb; path=/';
    document.cookie = 'XSRF-TOKEN-2=zzz; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe('a+b');
    expect(readCookie('XSRF')).toBeNull();
  });
});

describe('ensureCsrfCookie', () => {
  it('returns the existing cookie without a call', async () => {
    document.cookie = 'XSRF-TOKEN=present; path=/';
    let calls = 0;
    server.use(
      http.get('/api/users/csrf-cookie', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    await expect(ensureCsrfCookie()).resolves.toBe('present');
    expect(calls).toBe(0);
  });

  it('asks the server for the cookie with Accept: application/json and credentials', async () => {
    let accept: string | null = null;
    let credentials: string | undefined;
    server.use(
      http.get('/api/users/csrf-cookie', ({ request }) => {
        accept = request.headers.get('Accept');
        credentials = request.credentials;
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return HttpResponse.json({ ignored: true });
      }),
    );
    await expect(ensureCsrfCookie()).resolves.toBe('fresh');
    expect(accept).toBe('application/json');
    expect(credentials).toBe('include');
  });

  it('logs and returns null when the call sets no cookie', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/users/csrf-cookie', () => HttpResponse.json({})));
    await expect(ensureCsrfCookie()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('logs and returns null when the call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/users/csrf-cookie', () => HttpResponse.error()));
    await expect(ensureCsrfCookie()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });
});
