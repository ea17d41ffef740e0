import { apiUrl } from './config.js';
import { CSRF_HEADER_NAME } from './cookies.js';
import { apiRequest } from './request.js';
import type { ApiRequestOptions } from './request.js';
import { LOGOUT_PATH } from './session.js';

/**
 * The browser's calls that are not RTK Query endpoints, each behind a named function here, so no
 * web code outside api-client calls `fetch` or `apiRequest` itself (issue 30; the ESLint rule in
 * tooling/eslint-config keeps it so). Each keeps the request it replaced byte for byte. The sign-in's
 * call is in `signInCall.ts`, apart: this module imports the request helper, which /login's chunk
 * must not load (bench/bundle.mjs).
 */

/** `POST /api/users/logout` with the CSRF token, no restore-session (the caller judges the status). */
export function postLogout(csrfToken: string): Promise<Response> {
  return fetch(apiUrl(LOGOUT_PATH), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', [CSRF_HEADER_NAME]: csrfToken },
  });
}

/** The call that confirms a session (a cheap one that needs it): a lapsed one is restored, as every call. */
export const SESSION_CHECK_PATH = '/api/users/me';

/**
 * Resolves true when the server confirms the session: an expired access cookie is restored by the
 * request helper (401 → restore → repeat); false when it could not be (a revoked session ends at
 * /login with the toast, as any call's).
 */
export function checkSession(path: string = SESSION_CHECK_PATH): Promise<boolean> {
  return apiRequest(path).then(
    () => true,
    () => false,
  );
}

/**
 * Opens a streamed download (an export): the response, its body not yet read, so the caller can
 * report progress. A 401 restores the session once (through the session check) and asks again.
 */
export async function openDownload(path: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(apiUrl(path), { credentials: 'include', signal });
  if (response.status !== 401) return response;
  await apiRequest(SESSION_CHECK_PATH);
  return fetch(apiUrl(path), { credentials: 'include', signal });
}

/** The caller's privileges (auth-session's `ensurePrivileges`, outside React: a thunk shared by the route loaders). */
export const PRIVILEGES_PATH = '/api/users/privileges';

/**
 * `GET /api/users/privileges` with the common request helper's handling (a lapsed session is restored
 * once): the answer as it arrived, for the caller to validate; rejects as `apiRequest` does.
 */
export function readPrivileges(): Promise<unknown> {
  return apiRequest<unknown>(PRIVILEGES_PATH);
}

/**
 * `GET /api/users/me`, the caller's account, for the shell's start (its language, before the store
 * exists). `restoreSession: false` (the account language's call) skips the 401 → restore → repeat
 * handling: the shell's own session check does that. The answer as it arrived, for the caller to
 * validate; rejects as `apiRequest` does.
 */
export function readAccount({ restoreSession = true }: { restoreSession?: boolean } = {}): Promise<unknown> {
  return apiRequest<unknown>(SESSION_CHECK_PATH, restoreSession ? {} : { skipSessionRestore: true });
}

/**
 * How many records of `resource` match `where` (the engine's filter tree): `GET /api/<resource>?pageSize=1&where=…`,
 * its `total` (null when the answer has none). For counts asked outside React before a page mounts
 * (a route's prefetch, the leads' urgent counts); rejects as `apiRequest` does.
 */
export function countRecords(resource: string, where: unknown): Promise<number | null> {
  return apiRequest<{ total?: number }>(`/api/${resource}?pageSize=1&where=${encodeURIComponent(JSON.stringify(where))}`).then((answer) => answer.total ?? null);
}

/** The request function a client-side service takes by injection (the notification centre's lists, read marks, delete). */
export type ServiceRequest = <T = unknown>(path: string, options?: ApiRequestOptions) => Promise<T>;

/** The notification centre's calls (its lists, read marks and delete): the common request helper's handling. */
export const notificationRequest: ServiceRequest = (path, options) => apiRequest(path, options);
