import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { grants, renderRoutesInStore, type TestGrants } from '@propdesk/shell-ui/testing';
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
export const grant = grants;

/** Renders routes at `path` in a fresh store (API state and session) holding `privileges`; returns the router. */
export const renderRoutes = (routes: RouteObject[], path: string, privileges: TestGrants) => renderRoutesInStore(routes, path, privileges).router;
