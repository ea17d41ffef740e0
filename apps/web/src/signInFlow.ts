import { loadConfig } from '@propdesk/api-client';
import { performLogin, signedInSession } from '@propdesk/auth-session/web/sign-in';
import type { LoginCredentials, SessionState } from '@propdesk/auth-session/web';

export type SignInOutcome = { ok: true; session: SessionState } | { ok: false; error: string };

/**
 * The sign-in logic of the sign-in app, in its own chunk: the same `performLogin` that the session
 * slice's `login` thunk runs for the shell's /login route, without Redux (the store is the shell's,
 * loaded after sign-in). On success the session state it gives is what the shell starts from.
 */
export async function signIn(credentials: LoginCredentials): Promise<SignInOutcome> {
  await loadConfig();
  const outcome = await performLogin(credentials);
  return outcome.ok ? { ok: true, session: signedInSession(outcome.result) } : { ok: false, error: outcome.message };
}
