import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import { setupListeners } from '@reduxjs/toolkit/query';
import { configureApiClient, invalidateOnRecordChanges, loadConfig, resetApiStateOnSignOut } from '@propdesk/api-client';
import { bindSessionToApiClient } from '@propdesk/auth-session/web';
import { createAppRoutes, installPreloadErrorHandler } from '@propdesk/shell-ui';
import { applyAccountLanguage, fetchAccountLanguage } from './accountLanguage.js';
import { App } from './App.js';
import { domainModules } from './modules.js';
import { createShellSession } from './shellSession.js';
import { makeStore, type RootState } from './store.js';

export type StartShellOptions = {
  /** State carried over from the sign-in app (the session just signed in). */
  preloadedState?: Partial<RootState>;
  /**
   * The hand-over from the sign-in app, which stays on screen until the shell is ready: `path`
   * replaces /login in the history (as the /login route does after a sign-in), the router starts
   * there, and once its first navigation has finished, with the landing page loaded, `unmount`
   * removes the sign-in app and the shell renders in its place.
   */
  handOver?: { path: string; unmount: () => void };
};

function whenInitialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The whole app: store, router with the shell and every domain, toasts, live notifications. */
export async function startShell(container: HTMLElement, { preloadedState, handOver }: StartShellOptions = {}): Promise<Root> {
  installPreloadErrorHandler();
  await loadConfig();
  const account = fetchAccountLanguage();

  const store = makeStore(preloadedState);
  bindSessionToApiClient(store.dispatch);
  // Every cached answer belongs to the signed-in user: logout, session expiry and sign-in reset them.
  resetApiStateOnSignOut(store.dispatch);
  // Screens stay current (issue 25): what a write or anyone's change (the notification stream's change
  // events) touched is read again, and every screen reads afresh when the window regains focus.
  invalidateOnRecordChanges(store.dispatch);
  setupListeners(store.dispatch);
  // A sign-in hands over at its path: the router starts there, not at /login (whose route would
  // load the shell's own sign-in page first, only to leave it).
  if (handOver) window.history.replaceState(window.history.state, '', handOver.path);
  const router = createBrowserRouter(createAppRoutes({ modules: domainModules, session: createShellSession(store, { justSignedIn: Boolean(handOver) }) }));
  configureApiClient({
    // Resolves once the navigation has finished: a sign-out resets the caches after /login is shown.
    navigate: (path) => router.navigate(path),
    notify: (message, variant) => {
      enqueueSnackbar(message, { variant });
    },
  });

  // The account's language, else the last account's on this browser, else the browser's; the
  // shell's words and direction are ready before it shows.
  await applyAccountLanguage(account);

  if (handOver) {
    await whenInitialized(router);
    handOver.unmount();
  }
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
  return root;
}
