import { resetClientState } from '@propdesk/api-client';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { performLogin } from './signIn.js';
import type { LoginCredentials, LoginResult } from './signIn.js';

export { LOGIN_PATH, privilegesFromToken, performLogin, signedInSession } from './signIn.js';
export type { LoginCredentials, LoginOutcome, LoginResult } from './signIn.js';
export { INVALID_CREDENTIALS_MESSAGE, CSRF_UNAVAILABLE_MESSAGE, SERVER_FAILURE_MESSAGE } from './loginMessages.js';

/**
 * `performLogin` as a thunk of the session slice: fulfilled with the result, rejected with the
 * message to show. A sign-in starts from empty client caches (api-client's `onSignOut` resets), so
 * whoever signs in never sees an answer cached for the one before, however the last session ended.
 */
export const login = createAsyncThunk<LoginResult, LoginCredentials, { rejectValue: string }>('session/login', async (credentials, { rejectWithValue }) => {
  const outcome = await performLogin(credentials);
  if (!outcome.ok) return rejectWithValue(outcome.message);
  resetClientState();
  return outcome.result;
});
