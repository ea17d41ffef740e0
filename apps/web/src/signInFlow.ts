import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { loadConfig } from '@propdesk/api-client';
import { INVALID_CREDENTIALS_MESSAGE, login, sessionSlice } from '@propdesk/auth-session/web';
import type { LoginCredentials, SessionState } from '@propdesk/auth-session/web';

export type SignInOutcome = { ok: true; session: SessionState } | { ok: false; error: string };

/**
 * The sign-in logic of the sign-in app, in its own chunk: the same `login` thunk as the shell's
 * /login route, run on a store of the session slice. On success the slice's state (user and
 * privileges) is what the shell starts from.
 */
export async function signIn(credentials: LoginCredentials): Promise<SignInOutcome> {
  await loadConfig();
  const store = configureStore({ reducer: combineSlices(sessionSlice) });
  const result = await store.dispatch(login(credentials));
  const { session } = store.getState();
  if (login.fulfilled.match(result)) return { ok: true, session };
  return { ok: false, error: session.loginError ?? INVALID_CREDENTIALS_MESSAGE };
}
