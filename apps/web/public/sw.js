/* Propdesk service worker: caches the app shell so the app opens offline (spec section 7).
 * - hashed build assets (/assets/*): cache first; they never change under one name
 * - navigations: network first, the cached index.html as the offline fallback
 * - /api/* and /config.json: never cached (live data and per-deployment settings)
 * The build writes a hash of the bundle into CACHE_NAME, so each deployment gets a new cache
 * and the old ones are deleted on activate. */
const CACHE_PREFIX = 'propdesk-shell-';
const CACHE_NAME = `${CACHE_PREFIX}__BUILD_ID__`;
const INDEX_URL = '/index.html';

const isNeverCached = (url) => url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname === '/config.json';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.add(new Request(INDEX_URL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE_NAME).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstNavigation(request) {
  const cache = await caches.open(CACHE_NAME);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(INDEX_URL, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX_URL);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirstAsset(request));
});
