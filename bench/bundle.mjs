// The JavaScript the login route loads: opens /login in headless Chromium against the built
// server, lists every script it fetched, sizes each file (raw and gzip) from the build and, from
// the source maps, names the packages in them. Then types one key into the form: the sign-in
// logic loads on the first input, and is listed apart.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmt } from './lib/load.mjs';
import { startPropdesk } from './lib/server.mjs';

const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PORT = Number(process.env.BENCH_BUNDLE_PORT ?? 3392);
/** Issue 7, item 5. */
export const LOGIN_BUDGET_KIB = 150;
/** What /login must not load: the shell (its theme excepted, which the sign-in screen shares), the notifications, the domains. */
const FORBIDDEN = /packages\/(?:shell-ui\/dist\/(?!theme\/)|notifications-core|sales|settings|procurement|records|finance)\//;

const sizeOf = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** The workspace packages and npm packages a built file holds, from its source map. */
function packagesOf(file) {
  if (!existsSync(`${file}.map`)) return { packages: [], forbidden: [] };
  const { sources = [] } = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const packages = new Set();
  const forbidden = new Set();
  for (const source of sources) {
    const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(source);
    const workspace = /packages\/([^/]+)\//.exec(source);
    packages.add(npm ? npm[1] : workspace ? `@propdesk/${workspace[1]}` : 'apps/web');
    if (FORBIDDEN.test(source)) forbidden.add(source.replace(/^(\.\.\/)+/, ''));
  }
  return { packages: [...packages].sort(), forbidden: [...forbidden] };
}

function listScripts(title, paths) {
  let raw = 0;
  let gzip = 0;
  const forbidden = [];
  console.log(`\n${title}`);
  for (const path of [...paths].sort()) {
    const file = join(webDist, path);
    const size = sizeOf(file);
    const content = packagesOf(file);
    raw += size.raw;
    gzip += size.gzip;
    forbidden.push(...content.forbidden);
    console.log(`  ${path.padEnd(44)} ${fmt(size.raw / 1024).padStart(7)} KiB ${fmt(size.gzip / 1024).padStart(6)} KiB gzip  ${content.packages.join(' ')}`);
  }
  console.log(`  total: ${paths.length} files, ${fmt(raw / 1024)} KiB raw, ${fmt(gzip / 1024)} KiB gzip`);
  return { files: [...paths].sort(), raw, gzip, forbidden };
}

export async function benchBundle() {
  const server = await startPropdesk({ port: PORT });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[name="username"]').waitFor();
    const ours = (paths) => [...new Set(paths)].filter((path) => path.startsWith('/assets/') || path === '/sw.js');
    const login = listScripts('JavaScript loaded by /login (page load, until the network is idle)', ours(scripts));
    const before = scripts.length;
    await page.locator('input[name="username"]').pressSequentially('a');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const flow = listScripts('... and on the first key typed into the form (the sign-in logic)', ours(scripts.slice(before)).filter((path) => !login.files.includes(path)));
    // Typing the password preloads the signed-in pages' code at idle (modulepreload: fetched and
    // compiled, not run); listed apart, it is not the sign-in screen's own.
    const beforePassword = scripts.length;
    await page.locator('input[name="password"]').pressSequentially('a');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const preloadedQuietly = ours(scripts.slice(beforePassword)).filter((path) => !login.files.includes(path) && !flow.files.includes(path));
    console.log(`\n... and preloaded while the password is typed (not run): ${preloadedQuietly.length} files, ${fmt(preloadedQuietly.reduce((sum, path) => sum + sizeOf(join(webDist, path)).gzip, 0) / 1024)} KiB gzip`);

    let allRaw = 0;
    let allGzip = 0;
    for (const file of readdirSync(join(webDist, 'assets')).filter((name) => name.endsWith('.js'))) {
      const size = sizeOf(join(webDist, 'assets', file));
      allRaw += size.raw;
      allGzip += size.gzip;
    }
    console.log(`\nlogin route: ${fmt(login.gzip / 1024)} KiB gzip (budget ${LOGIN_BUDGET_KIB} KiB); with the sign-in logic ${fmt((login.gzip + flow.gzip) / 1024)} KiB`);
    console.log(`whole app (every chunk): ${fmt(allRaw / 1024)} KiB raw, ${fmt(allGzip / 1024)} KiB gzip; login route = ${fmt((100 * login.gzip) / allGzip, 0)}% of it`);
    const forbidden = [...new Set([...login.forbidden, ...flow.forbidden])];
    console.log(forbidden.length ? `shell, notifications or domain code loaded by /login: ${forbidden.join(', ')}` : 'nothing of the shell (but its theme), the notifications or the domains loaded by /login');

    const summary = [
      { figure: 'JavaScript loaded by /login (gzip)', value: `${fmt(login.gzip / 1024)} KiB`, goal: `≤ ${LOGIN_BUDGET_KIB} KiB`, met: login.gzip <= LOGIN_BUDGET_KIB * 1024 },
      {
        figure: 'JavaScript loaded by /login with the sign-in logic (page load and first key, gzip)',
        value: `${fmt((login.gzip + flow.gzip) / 1024)} KiB`,
        goal: `≤ ${LOGIN_BUDGET_KIB} KiB`,
        met: login.gzip + flow.gzip <= LOGIN_BUDGET_KIB * 1024,
      },
      { figure: 'shell, notifications, domain modules loaded by /login', value: String(forbidden.length), goal: '0', met: forbidden.length === 0 },
      { figure: '/login share of the whole app’s JavaScript (gzip)', value: `${fmt((100 * login.gzip) / allGzip, 0)}%`, goal: '', met: null },
    ];
    return { files: login.files, raw: login.raw, gzip: login.gzip, signInLogic: flow, forbidden, allRaw, allGzip, summary };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundle();
