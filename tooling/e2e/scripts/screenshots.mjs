// Screenshots of the product for a person to look at: the login page and the shell of each
// demo user, at 1440×900 and 390×844. Usage: node scripts/screenshots.mjs <baseUrl> <outDir>
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://127.0.0.1:3000', outDir = '/tmp/propdesk-shots'] = process.argv.slice(2);
const password = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const pages = (process.env.SHOT_PAGES ?? 'admin:/sales/leads,admin:/settings/general/countries,admin:/procurement/purchaseOrder,guest:/,sales.agent:/settings/roles').split(',');

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  const tag = `${viewport.width}x${viewport.height}`;
  const anonymous = await browser.newPage({ viewport });
  await anonymous.goto(`${baseUrl}/login`);
  await anonymous.locator('input[name="username"]').waitFor();
  await anonymous.screenshot({ path: `${outDir}/login-${tag}.png` });
  await anonymous.close();
  for (const entry of pages) {
    const [user, path] = entry.split(':');
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="username"]').fill(user);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${baseUrl}${path}`);
    // Never 'networkidle': the notification streams stay open.
    await page.getByRole('main').first().waitFor();
    await page.waitForTimeout(800);
    const name = `${user}${path.replace(/\//g, '_')}-${tag}.png`;
    await page.screenshot({ path: `${outDir}/${name}` });
    console.log(`${outDir}/${name} (${page.url()})`);
    await context.close();
  }
}
await browser.close();
