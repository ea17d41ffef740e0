import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { guardDecision, indexRedirect, LOGIN_PATH, NOT_AUTHORIZED_PATH } from '@propdesk/privileges';
import { composeModules, normalizePath } from '../compose/composeModules.js';
import type { DomainModule, DomainRoute, LazyPage } from '../manifest.js';
import { registerDomainWords } from '../i18n/domainWords.js';
import { AccessDeniedPage } from '../pages/AccessDeniedPage.js';
import { DefaultErrorScreen } from '../pages/DefaultErrorScreen.js';
import { RouteFallback } from '../pages/RouteFallback.js';
import type { ShellRuntime } from '../layout/ShellContext.js';
import type { ShellSession } from '../session.js';
import { CHUNK_LOAD_TIMEOUT_MS, memoizedChunk } from './chunks.js';

export type CreateAppRoutesOptions<TState> = {
  modules: readonly DomainModule[];
  /** The session adapter, bound to the app's store. */
  session: ShellSession<TState>;
  /** The shell's heavy pieces, warmed with the landing page when the browser is idle after sign-in. */
  corePreloads?: readonly (() => Promise<unknown>)[];
  chunkTimeoutMs?: number;
};

/** The chunk name of a route: its path without the leading slash ('sales/leads'). */
const chunkName = (path: string) => path.replace(/^\/+/, '') || 'index';

const lazyRoute = (load: () => ReturnType<LazyPage>) => async () => {
  const { Component } = await load();
  return { Component };
};

/**
 * The router's route objects: the public /login and /not-authorized, and the shell at / with
 * the landing index route and every module route, guarded as its manifest says.
 */
export function createAppRoutes<TState>({
  modules,
  session,
  corePreloads = [],
  chunkTimeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: CreateAppRoutesOptions<TState>): RouteObject[] {
  const composed = composeModules(modules);
  registerDomainWords(modules);
  const chunks = new Map<string, () => ReturnType<LazyPage>>();
  for (const route of composed.routes) {
    chunks.set(normalizePath(route.path), memoizedChunk(chunkName(route.path), route.page, chunkTimeoutMs));
  }
  const loginChunk = memoizedChunk('login', session.loginPage, chunkTimeoutMs);

  const preload = (path: string) => {
    const load = chunks.get(normalizePath(path));
    if (load) load().catch(() => undefined);
  };

  /** Any page of the shell needs a session: no privilege list means no session. */
  const requireSession: LoaderFunction = async () => {
    const privileges = await session.loadPrivileges();
    if (!privileges) throw redirect(LOGIN_PATH);
    return null;
  };

  /** The route's guard (or, without one, a session), then the page's `prefetch` once let in. */
  const routeLoader =
    ({ guard, prefetch }: DomainRoute): LoaderFunction =>
    async (args) => {
      if (guard) {
        const decision = guardDecision(await session.loadPrivileges(), guard);
        if (!decision.allow) throw redirect(decision.redirectTo);
      } else {
        await requireSession(args);
      }
      prefetch?.();
      return null;
    };

  const landingLoader: LoaderFunction = async () => {
    throw redirect(indexRedirect(await session.loadPrivileges(), composed.landing));
  };

  const runtime: ShellRuntime = { composed, session: session as ShellSession<never>, preload, corePreloads };
  // The layout is a chunk of its own, so /login does not download the sidebar, the breadcrumb
  // bar and the top bar; it loads in parallel with the shell's session loader after sign-in.
  const shellChunk = memoizedChunk(
    'shell',
    () =>
      import('../layout/ShellLayout.js').then(({ ShellLayout }) => ({
        Component: function Shell() {
          return <ShellLayout runtime={runtime} />;
        },
      })),
    chunkTimeoutMs,
  );

  const moduleRoutes: RouteObject[] = composed.routes.map((route) => ({
    path: route.path,
    loader: routeLoader(route),
    // A page's own query string (filters, paging) changes neither its guard nor its first data.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate && currentUrl.pathname !== nextUrl.pathname,
    lazy: lazyRoute(chunks.get(normalizePath(route.path)) ?? route.page),
  }));

  return [
    { path: LOGIN_PATH, lazy: lazyRoute(loginChunk), errorElement: <DefaultErrorScreen />, hydrateFallbackElement: <RouteFallback /> },
    { path: NOT_AUTHORIZED_PATH, element: <AccessDeniedPage onSignOut={() => session.logout()} />, errorElement: <DefaultErrorScreen /> },
    {
      id: 'shell',
      path: '/',
      loader: requireSession,
      lazy: lazyRoute(shellChunk),
      hydrateFallbackElement: <RouteFallback />,
      // Unknown paths and failures outside the pages land here, without the layout.
      errorElement: <DefaultErrorScreen />,
      children: [
        {
          // Page failures (a chunk that never arrives) keep the layout around the error screen.
          errorElement: <DefaultErrorScreen />,
          // The index route only redirects; its component shows for the instant before.
          children: [{ index: true, loader: landingLoader, Component: RouteFallback }, ...moduleRoutes],
        },
      ],
    },
  ];
}
