// A signed-in HTTP client as the browser holds one: the session cookies kept between calls and the
// CSRF header on every write. The benches that drive the API through it: contracts, collections,
// reservations, leads and bulk deals.
export const DEMO_PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';

/** Signs `username` in at `base`; answers `call(path, init)`, a fetch with the session (JSON bodies typed as such). */
export async function signedIn(base, username, password = DEMO_PASSWORD) {
  const jar = new Map();
  let restoring = null;
  // As the browser does (api-client's session.ts): a 401 restores the session from the refresh cookie
  // once for every call that saw it together, then the call is repeated. A long bench outlives the
  // 15-minute access token.
  const restore = () => {
    restoring ??= send('/api/users/restore-session')
      .then((response) => {
        if (!response.ok) throw new Error(`restoring the session of ${username}: ${response.status}`);
      })
      .finally(() => {
        restoring = null;
      });
    return restoring;
  };
  const call = async (path, init = {}) => {
    const response = await send(path, init);
    if (response.status !== 401 || path.startsWith('/api/users/')) return response;
    await restore();
    return send(path, init);
  };
  const send = async (path, init = {}) => {
    const headers = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) };
    if (init.method && init.method !== 'GET') headers['x-csrf-token'] = jar.get('XSRF-TOKEN') ?? '';
    const response = await fetch(`${base}${path}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    return response;
  };
  await call('/api/users/csrf-cookie');
  const login = await call('/api/users/login', { method: 'POST', body: JSON.stringify({ username, password }) });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  return call;
}

/** A POST of `body` as JSON through `call`, answering the envelope's `data` (an error status throws with the server's message). */
export const poster = (call) => async (path, body) => {
  const response = await call(path, { method: 'POST', body: JSON.stringify(body ?? {}) });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${json.message ?? ''}`);
  return json.data;
};
