// The JavaScript the login route loads: opens /login in headless Chromium against the built
// server, lists every script it fetched, and sizes each file (raw and gzip) from the build.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmt } from './lib/load.mjs';
import { startPropdesk } from './lib/server.mjs';

const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const sizeOf = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

export async function benchBundle() {
  const server = await startPropdesk({ port: 3392 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[name="username"]').waitFor();
    // Idle preloading of core routes starts after sign-in, not on /login: what loaded here is the login route.
    const files = [...scripts].filter((path) => path.startsWith('/assets/') || path === '/sw.js');
    let raw = 0;
    let gzip = 0;
    console.log('\nJavaScript loaded by /login');
    for (const path of files.sort()) {
      const size = sizeOf(join(webDist, path));
      raw += size.raw;
      gzip += size.gzip;
      console.log(`  ${path.padEnd(48)} ${fmt(size.raw / 1024).padStart(8)} KiB  ${fmt(size.gzip / 1024).padStart(7)} KiB gzip`);
    }
    let allRaw = 0;
    let allGzip = 0;
    for (const file of readdirSync(join(webDist, 'assets')).filter((name) => name.endsWith('.js'))) {
      const size = sizeOf(join(webDist, 'assets', file));
      allRaw += size.raw;
      allGzip += size.gzip;
    }
    console.log(`login route total: ${files.length} files, ${fmt(raw / 1024)} KiB raw, ${fmt(gzip / 1024)} KiB gzip`);
    console.log(`whole app (every chunk): ${fmt(allRaw / 1024)} KiB raw, ${fmt(allGzip / 1024)} KiB gzip; login route = ${fmt((100 * gzip) / allGzip, 0)}% of it`);
    return { files, raw, gzip, allRaw, allGzip };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundle();
