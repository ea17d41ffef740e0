import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The suite runs the real, built server on a fresh embedded database with demo data.
const port = Number(process.env.E2E_PORT ?? 3210);
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${port}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'propdesk-e2e-'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
    // Recording a trace costs every test time even when it passes; in CI a failure is retried
    // once and the retry records it. Locally (no retries) a failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../../apps/server/dist/main.js',
    url: `${process.env.E2E_BASE_URL}/api/health`,
    // Seeding the demo on a fresh data folder; `npm test` runs it beside the server unit suite.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PROPDESK_DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
    },
  },
});
