import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

type Listener = (event: Record<string, unknown>) => void;

/** Runs public/sw.js against an in-memory Cache Storage and a scripted network. */
function loadWorker(network: (url: string) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>([['propdesk-shell-old', new Map()], ['other-app', new Map()]]);
  const keyOf = (request: Request | string) => (typeof request === 'string' ? new URL(request, 'https://app.test').href : request.url);
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
        put: async (request: Request | string, response: Response) => void store.set(keyOf(request), response),
        add: async (request: Request) => void store.set(keyOf(request), await network(request.url)),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const listeners = new Map<string, Listener>();
  const self = {
    location: { origin: 'https://app.test' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  };
  const fetch = vi.fn((request: Request | string) => network(typeof request === 'string' ? request : request.url));
  const source = readFileSync(resolve(__dirname, '../public/sw.js'), 'utf8');
  runInNewContext(source, { self, caches, fetch, Request, Response, URL, Promise, console });

  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> | undefined;
    let responded: Promise<Response> | undefined;
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p), respondWith: (p: Promise<Response>) => (responded = p) });
    await pending;
    return responded;
  };
  const request = (path: string, mode: RequestMode | 'navigate' = 'cors') => ({ url: `https://app.test${path}`, method: 'GET', mode });
  return { stores, fetch, dispatch, request };
}

describe('public/sw.js', () => {
  it('caches index.html on install, and on activate deletes its own old caches only', async () => {
    const worker = loadWorker(async () => new Response('<html>shell</html>'));
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    expect([...worker.stores.keys()]).toEqual(['other-app', 'propdesk-shell-__BUILD_ID__']);
  });

  it('never answers /api/* or /config.json', async () => {
    const worker = loadWorker(async () => new Response('{}'));
    expect(await worker.dispatch('fetch', { request: worker.request('/api/users/privileges') })).toBeUndefined();
    expect(await worker.dispatch('fetch', { request: worker.request('/config.json') })).toBeUndefined();
    expect(await worker.dispatch('fetch', { request: { ...worker.request('/api/users/login'), method: 'POST' } })).toBeUndefined();
  });

  it('serves hashed assets cache-first', async () => {
    let hits = 0;
    const worker = loadWorker(async () => new Response(`asset ${++hits}`));
    const first = await worker.dispatch('fetch', { request: worker.request('/assets/index-abc.js') });
    const second = await worker.dispatch('fetch', { request: worker.request('/assets/index-abc.js') });
    expect(await first?.text()).toBe('asset 1');
    expect(await second?.text()).toBe('asset 1');
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });

  it('loads navigations from the network first and falls back to the cached index.html offline', async () => {
    let online = true;
    const worker = loadWorker(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response('<html>fresh</html>');
    });
    const fresh = await worker.dispatch('fetch', { request: worker.request('/sales/leads', 'navigate') });
    expect(await fresh?.text()).toBe('<html>fresh</html>');
    online = false;
    const offline = await worker.dispatch('fetch', { request: worker.request('/settings/leads/sources', 'navigate') });
    expect(await offline?.text()).toBe('<html>fresh</html>');
  });
});
