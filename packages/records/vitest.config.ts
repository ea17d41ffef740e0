import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The page tests render MUI and the data grid in jsdom: seconds each on a busy 2-core machine.
    testTimeout: 30_000,
    // Each server test file opens its own PGlite database: seconds of WASM start-up under load.
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
