import { apiUrl } from './config.js';
import { clearScriptCookies, csrfHeaders } from './cookies.js';
import { emitSessionExpired, navigateTo, notify } from './environment.js';
import { resetClientState } from './signOut.js';

export const RESTORE_SESSION_PATH = '/api/users/restore-session';
export const LOGOUT_PATH = '/api/users/logout';
export const LOGIN_ROUTE = '/login';
export const NOT_AUTHORIZED_ROUTE = '/not-authorized';
export const SESSION_EXPIRED_MESSAGE = 'Please log in again.';

/** The local items the expiry path clears (spec section 8). */
export const EXPIRY_CLEARED_ITEMS = ['role', 'username', 'userId', 'departmentId'] as const;

/** Asks the server to restore the session from the refresh cookie; an ok status means restored. */
export async function restoreSession(): Promise<boolean> {
  try {
    const response = await fetch(apiUrl(RESTORE_SESSION_PATH), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    return response.ok;
  } catch (error) {
    console.error('Restoring the session failed.', error);
    return false;
  }
}

/*
 * Single flight: however many requests see a 401 together, one restore-session call runs and all
 * of them wait for it. `generation` counts finished restores, so a request that was sent before a
 * restore finished but answered 401 after it repeats at once instead of restoring again.
 */
let restoring: Promise<boolean> | null = null;
let generation = 0;
let lastRestoreOk = false;

/** The current restore generation; capture it before sending a request. */
export function currentRestoreGeneration(): number {
  return generation;
}

/** Restores the session once for every request that got a 401 while one restore is under way. */
export function restoreSessionOnce(sentAtGeneration: number): Promise<boolean> {
  if (restoring) return restoring;
  if (sentAtGeneration !== generation) return Promise.resolve(lastRestoreOk);
  restoring = restoreSession()
    .then((ok) => {
      lastRestoreOk = ok;
      return ok;
    })
    .finally(() => {
      generation += 1;
      restoring = null;
    });
  return restoring;
}

let expiring: Promise<void> | null = null;

async function runExpiry(): Promise<void> {
  notify(SESSION_EXPIRED_MESSAGE, 'error');
  try {
    await fetch(apiUrl(LOGOUT_PATH), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', ...csrfHeaders() },
    });
  } catch (error) {
    console.error('The logout call after a failed session restore failed.', error);
  }
  try {
    for (const key of EXPIRY_CLEARED_ITEMS) window.localStorage.removeItem(key);
  } catch (error) {
    console.error('Could not clear the stored session.', error);
  }
  clearScriptCookies();
  emitSessionExpired();
  await finishSignOut();
}

/**
 * The client side of the end of a session, shared by logout and session expiry: to /login first,
 * so no screen of the old user stays mounted to fetch again, then every cache registered with
 * `onSignOut` is reset (the RTK Query state among them).
 */
export async function finishSignOut(): Promise<void> {
  try {
    await navigateTo(LOGIN_ROUTE);
  } finally {
    resetClientState();
  }
}

/**
 * The end of a session that could not be restored: toast, logout call, local items and cookies
 * cleared, redirect to /login. Requests failing together share one run.
 */
export function expireSession(): Promise<void> {
  expiring ??= runExpiry().finally(() => {
    expiring = null;
  });
  return expiring;
}

/** Forgets the single-flight state (tests). */
export function resetSessionState(): void {
  restoring = null;
  expiring = null;
  generation = 0;
  lastRestoreOk = false;
}
