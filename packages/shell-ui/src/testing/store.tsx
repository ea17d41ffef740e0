import { render, type RenderResult } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@propdesk/api-client';
import { privilegesSet, sessionSlice } from '@propdesk/auth-session/web';
import type { Language } from '@propdesk/i18n';
import { LanguageProvider } from '@propdesk/i18n/react';

/** The privileges a test's user holds, as the session keeps them. */
export type TestGrants = readonly { entityName: string; action: string }[];

/** `entityName`'s privileges for each of `actions`. */
export const grants = (entityName: string, actions: readonly string[]): TestGrants => actions.map((action) => ({ entityName, action }));

/** A fresh store as the shell makes it (the session and the API's cache), its user holding `privileges`. */
export function testStore(privileges: TestGrants = []) {
  const store = configureStore({
    reducer: combineSlices(sessionSlice, baseApi),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  store.dispatch(privilegesSet([...privileges]));
  return store;
}

export type TestStore = ReturnType<typeof testStore>;

export type RenderInStoreOptions = {
  privileges?: TestGrants;
  /** Renders in this language (`LanguageProvider`); the page's language when left out. */
  language?: Language;
  /** The router's address (a `MemoryRouter`); `/` when left out. */
  path?: string;
  /** A store the test made itself (e.g. with a list already fetched); else `testStore(privileges)`. */
  store?: TestStore;
};

/**
 * Renders a screen's part as the shell would hold it: a fresh store, snackbars, a router at `path`,
 * the language, and a suspense boundary for lazily loaded words.
 */
export function renderInStore(
  node: ReactNode,
  { privileges = [], language, path = '/', store = testStore(privileges) }: RenderInStoreOptions = {},
): RenderResult & { store: TestStore } {
  const content = <Suspense fallback={null}>{node}</Suspense>;
  const rendered = render(
    <Provider store={store}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>{language ? <LanguageProvider language={language}>{content}</LanguageProvider> : content}</MemoryRouter>
      </SnackbarProvider>
    </Provider>,
  );
  return { ...rendered, store };
}

/** Renders `routes` at `path` in a fresh store whose user holds `privileges`; returns the router with the render. */
export function renderRoutesInStore(
  routes: RouteObject[],
  path: string,
  privileges: TestGrants = [],
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; store: TestStore } {
  const store = testStore(privileges);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = render(
    <Provider store={store}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </Provider>,
  );
  return { ...rendered, router, store };
}
