import { ensureCsrfCookie, loadConfig } from '@propdesk/api-client';
import { performLogin, signedInSession } from '@propdesk/auth-session/web/sign-in';
import type { LoginCredentials, SessionState } from '@propdesk/auth-session/web';

export type SignInOutcome = { ok: true; session: SessionState } | { ok: false; error: string };

let prepared: Promise<void> | null = null;

/**
 * What every sign-in needs before its login call: the public configuration (the API's base URL)
 * and the CSRF cookie (asked for only when none exists, spec section 7). Started while the person
 * types (the first input loads this chunk), so the click goes straight to the login call instead
 * of waiting for two round trips first. A failure here is forgotten: `signIn` asks again.
 */
export function prepareSignIn(): Promise<void> {
  prepared ??= (async () => {
    await loadConfig();
    await ensureCsrfCookie();
  })().catch(() => {
    prepared = null;
  });
  return prepared;
}

/**
 * The sign-in logic of the sign-in app, in its own chunk: the same `performLogin` that the session
 * slice's `login` thunk runs for the shell's /login route, without Redux (the store is the shell's,
 * loaded after sign-in). On success the session state it gives is what the shell starts from.
 */
export async function signIn(credentials: LoginCredentials): Promise<SignInOutcome> {
  // A preparation in flight is awaited, so its CSRF cookie request is not made twice.
  await prepared;
  await loadConfig();
  const outcome = await performLogin(credentials);
  return outcome.ok ? { ok: true, session: signedInSession(outcome.result) } : { ok: false, error: outcome.message };
}
