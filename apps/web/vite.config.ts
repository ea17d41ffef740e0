import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.PROPDESK_API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/config.json': { target: API_TARGET, changeOrigin: true },
};

/**
 * React, the router and Redux: needed by every route including /login, and changed rarely, so
 * one long-cached chunk. MUI is deliberately not grouped: split by use, /login gets only the
 * few components its form needs and the shell's chunk carries the rest.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|use-sync-external-store)[\\/]/ },
];

/** Writes a bundle hash into dist/sw.js so each deployment gets its own cache name. */
function serviceWorkerVersion(): Plugin {
  let outDir = 'dist';
  const names: string[] = [];
  return {
    name: 'propdesk-sw-version',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      names.push(...Object.keys(bundle).sort());
    },
    async closeBundle() {
      const file = resolve(outDir, 'sw.js');
      const id = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
      const source = await readFile(file, 'utf8');
      await writeFile(file, source.replaceAll('__BUILD_ID__', id));
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorkerVersion()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown) form of `manualChunks`; every domain page stays in its own lazy chunk.
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
