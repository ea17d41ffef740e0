import CssBaseline from '@mui/material/CssBaseline';
import { StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { INVALID_CREDENTIALS_MESSAGE, initialLanguage } from '@propdesk/auth-session/web';
import { setLanguage } from '@propdesk/i18n/react';
import type { LoginCredentials, SessionState } from '@propdesk/auth-session/web';
import { LoginScreen, authCatalog } from '@propdesk/auth-session/web/login-screen';
import { PropdeskThemeProvider, prepareDirection } from '@propdesk/shell-ui';
import { preloadAfterSignIn } from './afterSignIn.js';
import type { SignInOutcome, prepareSignIn, signIn } from './signInFlow.js';
import type { startShell } from './shellApp.js';

/** Where a sign-in goes on to: the shell's index route works out the landing page. */
export const AFTER_SIGN_IN_PATH = '/';

type SignInFlow = { signIn: typeof signIn; prepareSignIn: typeof prepareSignIn };

let flow: Promise<SignInFlow> | null = null;
/** The sign-in logic (the login call and its zod/mini schemas; no Redux): loaded on first use, once. */
export function loadSignInFlow(): Promise<SignInFlow> {
  flow ??= import('./signInFlow.js').catch((error: unknown) => {
    flow = null;
    throw error;
  });
  return flow;
}

type Shell = { startShell: typeof startShell };

let shell: Promise<Shell> | null = null;
/**
 * The shell (router, store, every domain's manifest), which takes over after a sign-in: asked for
 * on submit, so it downloads and parses while the password is checked instead of after it. Not
 * earlier: the sign-in page's own budget (page load and first key) stays the sign-in screen's.
 */
export function loadShell(): Promise<Shell> {
  shell ??= import('./shellApp.js').catch((error: unknown) => {
    shell = null;
    throw error;
  });
  return shell;
}

type SignInProps = { onSignedIn: (session: SessionState) => Promise<void> };

function SignIn({ onSignedIn }: SignInProps) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (credentials: LoginCredentials) => {
    setSubmitting(true);
    setError(null);
    void loadShell().catch(() => undefined);
    let outcome: SignInOutcome;
    try {
      outcome = await (await loadSignInFlow()).signIn(credentials);
    } catch (failure) {
      // The chunk or the configuration did not arrive: a network failure (spec section 8).
      console.error('Signing in failed.', failure);
      outcome = { ok: false, error: INVALID_CREDENTIALS_MESSAGE };
    }
    setSubmitting(false);
    if (outcome.ok) await onSignedIn(outcome.session);
    else setError(outcome.error);
  };

  return <LoginScreen submitting={submitting} error={error} onSubmit={handleSubmit} />;
}

/**
 * The sign-in app, for a page load of /login: the sign-in screen with the theme, and nothing of
 * the router, the store, the shell, the notifications or the domains. The sign-in logic loads as
 * soon as the user types into or clicks the form (or at the latest on submit). Once signed in,
 * the shell takes over from the signed-in session and goes to '/' (replacing /login in the history).
 */
export function startSignIn(container: HTMLElement): Root {
  const root = createRoot(container);
  // The first touch of the form loads the sign-in logic, which then fetches the configuration and
  // the CSRF cookie, so the click on "Sign in" makes the login call at once.
  const warmUp = () => void loadSignInFlow().then((loaded) => loaded.prepareSignIn(), () => undefined);
  for (const type of ['input', 'pointerdown', 'keydown']) container.addEventListener(type, warmUp, { once: true, capture: true });
  // Typing the password means a sign-in is coming: the signed-in pages' code is preloaded (fetched
  // and compiled, not run) while the browser is idle. Not on page load nor on the first key of the
  // user name: those stay the sign-in screen's own (bench/bundle.mjs).
  const onPassword = (event: Event) => {
    if ((event.target as HTMLInputElement | null)?.name !== 'password') return;
    container.removeEventListener('input', onPassword, { capture: true });
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    // The page's own document, taken now: by the time the browser is idle the form may be gone (a test's
    // page torn down, the global `document` with it), and then there is nothing to preload for.
    const page = container.ownerDocument;
    idle(() => (container.isConnected ? preloadAfterSignIn(page) : 0), { timeout: 1000 });
  };
  container.addEventListener('input', onPassword, { capture: true });

  const goToShell = async (session: SessionState) => {
    const { startShell } = await loadShell();
    await startShell(container, { preloadedState: { session }, handOver: { path: AFTER_SIGN_IN_PATH, unmount: () => root.unmount() } });
  };

  // Issue 29: the language of the last account on this browser, else the browser's; its words
  // (Arabic loads only for Arabic) and direction are ready before the first paint.
  const language = initialLanguage();
  void Promise.all([setLanguage(language, [authCatalog]), prepareDirection(language)]).then(() =>
    root.render(
      <StrictMode>
        <PropdeskThemeProvider>
          <CssBaseline />
          <SignIn onSignedIn={goToShell} />
        </PropdeskThemeProvider>
      </StrictMode>,
    ),
  );
  return root;
}
