import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

// Shares the app's resolve aliases (the login page's own module) with the tests.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
    },
  }),
);
