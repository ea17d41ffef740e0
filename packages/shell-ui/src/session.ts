import type { Privilege } from '@propdesk/privileges';
import type { LazyPage } from './manifest.js';

/**
 * What the shell needs from the session, bound to the app's store by apps/web (from
 * `@propdesk/auth-session/web`). Keeping it a small adapter lets the shell be tested with a
 * fixture store and keeps the router free of a particular slice layout.
 */
export type ShellSession<TState = unknown> = {
  /** The privilege list, fetched once and cached (single flight); `null` when there is no session. */
  loadPrivileges(): Promise<readonly Privilege[] | null>;
  /** Ends the session; the session package navigates to /login itself. */
  logout(): void;
  selectPrivileges(state: TState): readonly Privilege[] | null;
  selectUsername(state: TState): string | null;
  /** The /login page, loaded in its own chunk. */
  loginPage: LazyPage;
};
