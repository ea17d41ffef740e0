import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One file at a time: the files share two cores with the other packages' tasks, and the
    // notification streams' timing tests (hub fan-out under concurrent writes) are sensitive to
    // a machine saturated by several PostgreSQL-heavy files at once. Wall time is about the same.
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
