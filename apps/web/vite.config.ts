import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { AFTER_SIGN_IN_ID } from './src/afterSignIn.js';

const API_TARGET = process.env.PROPDESK_API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/config.json': { target: API_TARGET, changeOrigin: true },
};

/**
 * Long-cached vendor chunks, each holding only what its users load. `react`: React and react-dom,
 * needed by every page including /login. `redux`: the Redux core, which the sign-in screen does
 * not load until the user starts signing in (RTK Query, `@reduxjs/toolkit/dist/query`, stays
 * out: only the shell's store uses it). `router`: react-router, which only the shell uses. MUI is
 * deliberately not grouped: split by use, /login gets only the few components its form needs and
 * the shell's chunk carries the rest.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  {
    name: 'redux',
    test: /node_modules[\\/](?:(?:react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store)[\\/]|@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query[\\/]))/,
  },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
];

/** The chunks a chunk needs before it runs: its static imports, transitively. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/** The chunk `test` picks, or the build fails naming `what` (a rename must not silently empty a list). */
function chunkOf(bundle: Rollup.OutputBundle, test: (chunk: Rollup.OutputChunk) => boolean, what: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find((entry): entry is Rollup.OutputChunk => entry.type === 'chunk' && test(entry));
  if (!chunk) throw new Error(`no chunk for ${what}`);
  return chunk;
}

/**
 * A build-only plugin that adds tags to index.html from the finished bundle: `tags` gets the bundle
 * and what the page's own entry loads anyway (its static closure), which no tag needs to name again.
 */
function indexHtmlTags(name: string, tags: (bundle: Rollup.OutputBundle, pageLoads: Set<string>) => HtmlTagDescriptor[]): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        return tags(bundle, context.chunk ? staticClosure(bundle, context.chunk.fileName) : new Set<string>());
      },
    },
  };
}

/**
 * The bootstrap imports either the sign-in app or the shell; both need React, react-dom and the
 * MUI core. `index.html` names those shared chunks with `modulepreload`, so the browser fetches
 * them with the bootstrap instead of after it (one round trip less on every path).
 */
const preloadSharedChunks = (apps: readonly string[]): Plugin =>
  indexHtmlTags('propdesk-preload-shared-chunks', (bundle, pageLoads) => {
    const closures = apps.map((app) => {
      const chunk = chunkOf(bundle, (entry) => entry.facadeModuleId?.endsWith(app) ?? false, app);
      const closure = staticClosure(bundle, chunk.fileName);
      closure.delete(chunk.fileName);
      return closure;
    });
    const shared = [...(closures[0] ?? [])].filter((file) => closures.every((closure) => closure.has(file)) && !pageLoads.has(file));
    return shared.sort().map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
  });

/**
 * The chunks every signed-in page needs (the shell, its layout, the records engine's list page, the
 * message formatter and the phone metadata its rows format with), named in index.html as a JSON data block (not a
 * script: nothing runs, CSP is not involved). The sign-in screen preloads them while the password
 * is typed (`preloadAfterSignIn` in signInApp.tsx), so the click waits for the login call and the
 * landing list's data, not for half a megabyte of JavaScript to arrive. The build fails when a
 * named chunk is gone, so a rename cannot silently empty the list.
 */
const listAfterSignInChunks = (names: readonly string[]): Plugin =>
  indexHtmlTags('propdesk-after-sign-in-chunks', (bundle, pageLoads) => {
    const files = new Set<string>();
    for (const name of names) staticClosure(bundle, chunkOf(bundle, (entry) => entry.name === name, `the name ${name}`).fileName, files);
    // What every page loads anyway (the bootstrap's own chunks) is not listed again; the shared chunks
    // `preloadSharedChunks` links are skipped by the page itself (`preloadAfterSignIn` leaves linked files).
    const list = JSON.stringify([...files].filter((file) => !pageLoads.has(file)).sort().map((file) => `/${file}`));
    return [{ tag: 'script', attrs: { type: 'application/json', id: AFTER_SIGN_IN_ID }, children: list, injectTo: 'body' as const }];
  });

/** Text files the server sends pre-compressed (the build writes `.br` and `.gz` next to each). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes brotli (quality 11) and gzip (level 9) copies of every text file of the build, so the
 * server sends them compressed without compressing per request (@fastify/static `preCompressed`).
 * A copy that is not smaller is not written. `sw.js` is left alone: another plugin rewrites it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'propdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file) && !file.endsWith('sw.js'));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${path}.br`, br);
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

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
  plugins: [
    react(),
    serviceWorkerVersion(),
    preloadSharedChunks(['src/signInApp.tsx', 'src/shellApp.tsx']),
    listAfterSignInChunks(['shellApp', 'ShellLayout', 'ResourcePage', 'intl-messageformat', 'mobile']),
    precompress(),
  ],
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
