import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetConfig, setConfig } from '@propdesk/api-client';
import { registerResources } from '@propdesk/records/web';
import { SALES_RESOURCES } from '../resources/manifest.js';

/** The API origin the sales screens call in their web tests (msw answers it). */
export const BASE = 'http://propdesk.test';

/** What a test file's msw server does beside answering: its own resets after each test, the charts' layout stub. */
export type MockSalesApiOptions = {
  /** Runs after each test, after the handlers are reset (a file's list of asked addresses, say). */
  afterEachTest?: () => void;
  /** The charts measure their box and jsdom has no layout: a ResizeObserver that observes nothing. */
  stubResizeObserver?: boolean;
  /** Loaded before the first test (a screen's words in another language, as the shell loads them before it switches). */
  beforeAllTests?: () => Promise<unknown> | void;
};

/**
 * An msw server for one web test file, with the sales definitions its screens resolve references
 * through: listening before the tests, its handlers reset after each, closed after all.
 */
export function mockSalesApi({ afterEachTest, stubResizeObserver = false, beforeAllTests }: MockSalesApiOptions = {}) {
  const server = setupServer();
  beforeAll(async () => {
    await beforeAllTests?.();
    server.listen({ onUnhandledRequest: 'error' });
    setConfig({ apiBaseUrl: BASE });
    registerResources(SALES_RESOURCES);
    if (stubResizeObserver)
      globalThis.ResizeObserver ??= class {
        observe() {}
        unobserve() {}
        disconnect() {}
      } as unknown as typeof ResizeObserver;
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
