import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, apiUrl, getConfig, loadConfig, resetConfig } from './config.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  resetConfig();
  vi.restoreAllMocks();
});

describe('loadConfig', () => {
  it('reads /config.json once and keeps it', async () => {
    let reads = 0;
    server.use(
      http.get('/config.json', () => {
        reads += 1;
        return HttpResponse.json({ apiBaseUrl: 'https://api.example.test/' });
      }),
    );
    const [first, second] = await Promise.all([loadConfig(), loadConfig()]);
    await loadConfig();
    expect(first).toEqual({ apiBaseUrl: 'https://api.example.test' });
    expect(second).toBe(first);
    expect(getConfig()).toBe(first);
    expect(reads).toBe(1);
    expect(apiUrl('/api/x')).toBe('https://api.example.test/api/x');
  });

  it('accepts an empty base URL as same origin', async () => {
    server.use(http.get('/config.json', () => HttpResponse.json({ apiBaseUrl: '' })));
    await expect(loadConfig()).resolves.toEqual({ apiBaseUrl: '' });
    expect(apiUrl('/api/x')).toBe('/api/x');
  });

  it.each([
    ['a 404', () => new HttpResponse('missing', { status: 404 })],
    ['invalid JSON', () => new HttpResponse('{', { headers: { 'Content-Type': 'application/json' } })],
    ['a wrong shape', () => HttpResponse.json({ apiBaseUrl: 42 })],
    ['a network error', () => HttpResponse.error()],
  ])('falls back to the production default with a warning on %s', async (_name, resolver) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get('/config.json', resolver));
    await expect(loadConfig()).resolves.toEqual({ apiBaseUrl: '' });
    expect(getConfig()).toBe(DEFAULT_CONFIG);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('uses the default before anything is loaded', () => {
    expect(getConfig()).toEqual({ apiBaseUrl: '' });
  });
});
