import { apiUrl } from './config.js';
import { CSRF_HEADER_NAME } from './cookies.js';

/*
 * The sign-in's call, in a module of its own that imports neither the request helper nor the session
 * module: the /login chunk loads it (issue 7 item 5, bench/bundle.mjs), and a bundler places modules
 * by the import graph, not by the bindings used.
 */

export const SIGN_IN_PATH = '/api/users/login';

/**
 * `POST /api/users/login` with the CSRF token. A plain fetch on purpose: a refused sign-in is not a
 * session expiry, so no restore-session; the caller reads the answer (status, message, token).
 * Rejects only when the server cannot be reached.
 */
export function postSignIn(body: unknown, csrfToken: string): Promise<Response> {
  return fetch(apiUrl(SIGN_IN_PATH), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [CSRF_HEADER_NAME]: csrfToken },
    body: JSON.stringify(body),
  });
}
