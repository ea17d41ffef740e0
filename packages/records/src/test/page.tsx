import { cleanup, render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { baseApi, resetConfig, setConfig } from '@propdesk/api-client';
import { privilegesSet, sessionSlice } from '@propdesk/auth-session/web';
import type { ResourceDef } from '../model/index.js';
import { registerResources } from '../web/registry.js';

/** The API origin the engine's screens call in these tests (msw answers it). */
export const BASE = 'http://propdesk.test';

/**
 * An msw server for one test file, with the definitions its screens resolve references through:
 * listening before the tests, reset after each (`afterEachTest` for the file's own resets), closed after.
 */
export function mockEngineApi(resources: readonly ResourceDef[], afterEachTest?: () => void) {
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    setConfig({ apiBaseUrl: BASE });
    registerResources([...resources]);
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    afterEachTest?.();
  });
  afterAll(() => {
    server.close();
    resetConfig();
  });
  return server;
}

/** `entity`'s privileges for the given actions. */
export const grant = (entityName: string, actions: readonly string[]) => actions.map((action) => ({ entityName, action }));

/** Renders routes at `path` in a fresh store (API state and session) holding `privileges`; returns the router. */
export function renderRoutes(routes: RouteObject[], path: string, privileges: readonly { entityName: string; action: string }[]) {
  const store = configureStore({
    reducer: combineSlices(sessionSlice, baseApi),
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(baseApi.middleware),
  });
  store.dispatch(privilegesSet([...privileges]));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </Provider>,
  );
  return router;
}
