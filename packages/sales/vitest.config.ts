import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/i18n.ts'],
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
