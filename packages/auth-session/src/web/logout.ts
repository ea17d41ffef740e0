import { CSRF_COOKIE_NAME, LOGOUT_PATH as API_LOGOUT_PATH, finishSignOut, postLogout, readCookie } from '@propdesk/api-client';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { clearSession } from './clearSession.js';

export const LOGOUT_PATH = API_LOGOUT_PATH;
export const LOGIN_ROUTE = '/login';

/**
 * Logs out (spec section 7). Without an XSRF cookie the call is skipped; ok, 400 or 403 clear the
 * session and go to /login, where every client cache registered with api-client's `onSignOut` is
 * reset (the RTK Query state, the domains' caches); any other status (or no answer) is logged and
 * the user stays. Resolves to true when the user was logged out.
 */
export const logout = createAsyncThunk<boolean, void>('session/logout', async (_, { dispatch }) => {
  const csrfToken = readCookie(CSRF_COOKIE_NAME);
  if (csrfToken) {
    let response: Response;
    try {
      response = await postLogout(csrfToken);
    } catch (error) {
      console.error('Logout failed: the server could not be reached.', error);
      return false;
    }
    if (!response.ok && response.status !== 400 && response.status !== 403) {
      console.error(`Logout failed with status ${response.status}.`);
      return false;
    }
  }
  clearSession(dispatch);
  await finishSignOut();
  return true;
});
