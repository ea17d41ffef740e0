import { apiUrl } from './config.js';

export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-CSRF-TOKEN';
export const CSRF_COOKIE_PATH = '/api/users/csrf-cookie';

/** The value of a cookie scripts can read, or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    const key = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (key !== name) continue;
    const raw = separator === -1 ? '' : part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Expires every cookie scripts can see, on the root path and on the current path. */
export function clearScriptCookies(): void {
  if (typeof document === 'undefined' || !document.cookie) return;
  const paths = new Set(['/', typeof window === 'undefined' ? '/' : window.location.pathname]);
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

/** Headers carrying the CSRF token from the `XSRF-TOKEN` cookie, when there is one. */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie(CSRF_COOKIE_NAME);
  return token ? { [CSRF_HEADER_NAME]: token } : {};
}

/**
 * Makes sure the `XSRF-TOKEN` cookie exists, asking the server for one when it does not.
 * A failure is logged and yields null: the token counts as not available (spec section 8).
 */
export async function ensureCsrfCookie(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE_NAME);
  if (existing) return existing;
  try {
    const response = await fetch(apiUrl(CSRF_COOKIE_PATH), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) console.error(`The CSRF cookie request failed with status ${response.status}.`);
    // The body is ignored (spec section 7), but it is read to the end: an unread body keeps
    // the request open in Chromium.
    await response.text().catch(() => '');
  } catch (error) {
    console.error('The CSRF cookie request failed.', error);
    return null;
  }
  const token = readCookie(CSRF_COOKIE_NAME);
  if (!token) console.error('The server did not provide a CSRF cookie.');
  return token;
}
