import { createElement } from 'react';
import type { ShellSession } from '@propdesk/shell-ui';
import { checkSession } from '@propdesk/api-client';
import { ensurePrivileges, logout, readStoredUser, selectPrivileges, selectUsername } from '@propdesk/auth-session/web';
import { ACCOUNT_PATH, applyAccountLanguage } from './accountLanguage.js';
import type { AppStore, RootState } from './store.js';

/** The session check of the shell: a cheap call that needs a live session. */
export const SESSION_CHECK_PATH = ACCOUNT_PATH;

export type ShellSessionOptions = {
  /**
   * The session was made by a sign-in on this page a moment ago (the sign-in app's hand-over), so
   * the first session check is not asked: it would only hold the landing page for a round trip.
   */
  justSignedIn?: boolean;
};

/** Binds the shell's session adapter to the store and the session package. */
export function createShellSession(store: AppStore, { justSignedIn = false }: ShellSessionOptions = {}): ShellSession<RootState> {
  let sessionCheck: Promise<boolean> | null = justSignedIn ? Promise.resolve(true) : null;
  return {
    async loadPrivileges() {
      // Nobody signed in on this browser: straight to /login, without a call whose 401 would
      // end in the 'Please log in again.' toast meant for an expired session.
      if (!readStoredUser()) return null;
      // Once per page load the server confirms the session before cached privileges are trusted:
      // an expired access cookie is restored here by the request helper (401 → restore → repeat),
      // a revoked session ends at /login with the toast (spec sections 2 and 8).
      sessionCheck ??= checkSession(SESSION_CHECK_PATH);
      if (!(await sessionCheck)) {
        sessionCheck = null;
        return null;
      }
      try {
        return await store.dispatch(ensurePrivileges()).unwrap();
      } catch {
        return null;
      }
    },
    logout() {
      void store.dispatch(logout());
    },
    selectPrivileges,
    selectUsername,
    // Its own entry, so /login is its own chunk.
    // After a sign-in here (a sign-out keeps the page), the new account's language replaces the last one's.
    loginPage: () =>
      import('@propdesk/auth-session/web/login').then((module) => ({
        Component: () => createElement(module.LoginPage, { onSignedIn: () => applyAccountLanguage().then(() => undefined) }),
      })),
  };
}
