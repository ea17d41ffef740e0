// Settings › Roles › API keys in a real browser: makes a key (shown once), checks the list never
// shows it, uses it from Node (no cookie, no CSRF) and revokes it from its view. Screenshots of each
// step go to <outDir>. Usage: node scripts/api-keys.mjs <baseUrl> <outDir>
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://127.0.0.1:3000', outDir = '/tmp/propdesk-api-keys'] = process.argv.slice(2);
const password = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.goto(`${baseUrl}/login`);
await page.locator('input[name="username"]').fill('admin');
await page.locator('input[name="password"]').fill(password);
await page.locator('button[type="submit"]').click();
await page.waitForURL((url) => !url.pathname.endsWith('/login'));

await page.goto(`${baseUrl}/settings/roles/api-keys`);
await page.getByRole('button', { name: 'New API key' }).click();
const dialog = page.getByRole('dialog', { name: 'New API key' });
await dialog.getByLabel('Name').fill('Website form');
await dialog.getByLabel('Roles').click();
await dialog.getByLabel('Roles').fill('Sales Agent');
await page.getByRole('option', { name: /Sales Agent/ }).first().click();
await page.screenshot({ path: `${outDir}/1-new-key.png` });
await dialog.getByRole('button', { name: 'Create key' }).click();

const made = page.getByRole('dialog', { name: /Copy the key/ });
await made.waitFor();
const key = await made.getByLabel('API key').inputValue();
assert.match(key, /^pdk_[A-Za-z0-9_-]{43}$/);
await page.screenshot({ path: `${outDir}/2-key-shown-once.png` });
await made.getByRole('button', { name: 'I have stored it' }).click();

const row = page.getByRole('row', { name: /Website form/ }).first();
await row.waitFor();
assert.ok(!(await page.content()).includes(key), 'the list never shows the key');
assert.ok((await row.textContent()).includes(key.slice(0, 10)), 'the list shows the prefix');
await page.screenshot({ path: `${outDir}/3-list.png` });

// The key from a server (Node), as a website form would use it: no cookie, no CSRF token.
const sources = await fetch(`${baseUrl}/api/leads?pageSize=1`, { headers: { authorization: `Bearer ${key}` } });
assert.equal(sources.status, 200);
const refused = await fetch(`${baseUrl}/api/leads?api_key=${key}`);
assert.equal(refused.status, 400);

await row.click();
await page.getByRole('button', { name: 'Revoke key' }).click();
await page.getByRole('dialog', { name: /Revoke/ }).getByRole('button', { name: 'Revoke' }).click();
await page.getByText('This key was revoked').waitFor();
await page.screenshot({ path: `${outDir}/4-revoked.png` });
const after = await fetch(`${baseUrl}/api/leads?pageSize=1`, { headers: { authorization: `Bearer ${key}` } });
assert.equal(after.status, 401);
console.log('API keys screen: key shown once, used, refused in the query, revoked: OK');
await browser.close();
