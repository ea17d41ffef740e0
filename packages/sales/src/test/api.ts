import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { registerResources } from '@propdesk/records/web';
import { SALES_RESOURCES } from '../resources/manifest.js';

/** The API origin the sales screens call in their web tests (msw answers it). */
export const BASE = 'http://propdesk.test';

/**
 * An msw server for one web test file, with the sales definitions its screens resolve references
 * through: listening before the tests, its handlers reset after each, closed after all.
 */
export function mockSalesApi() {
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    setConfig({ apiBaseUrl: BASE });
    registerResources(SALES_RESOURCES);
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
    resetConfig();
  });
  return server;
}
