import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, SESSION_ITEMS, signIn, storedItems } from '../support/demo.js';

test('logout clears the stored session and goes to /login', async ({ page }) => {
  await signIn(page, 'sales.agent');
  const before = await storedItems(page);
  expect(before.username).toBe('sales.agent');
  expect(before.role).toBeTruthy();
  expect(before.role).not.toContain('lead'); // the role item is encrypted

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await storedItems(page);
  for (const key of SESSION_ITEMS) expect(after[key], key).toBeNull();

  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired access cookie is restored without the user noticing', async ({ page, context }) => {
  await signIn(page, 'sales.agent');
  await context.clearCookies({ name: 'pd_access' });
  const restores: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/users/restore-session')) restores.push(response.status());
  });

  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/sales\/leads$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  // The shell shows the page at once and confirms the session behind it (/api/users/me), where the
  // restore happens: it may come just after the breadcrumb.
  await expect.poll(() => restores).toEqual([200]);
  const cookies = await context.cookies();
  expect(cookies.some((cookie) => cookie.name === 'pd_access')).toBe(true);
});

test('a revoked session ends at /login with the toast', async ({ page, browser }) => {
  await signIn(page, 'sales.agent');
  const agentId = await page.evaluate(() => window.localStorage.getItem('userId'));

  // An administrator forces the agent to sign out, from another browser.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = adminContext.request;
  await admin.get('/api/users/csrf-cookie', { headers: { Accept: 'application/json' } });
  const csrf = (await adminContext.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const login = await admin.post('/api/users/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
    headers: { 'X-CSRF-TOKEN': csrf },
  });
  expect(login.status()).toBe(200);
  const csrfAfter = (await adminContext.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const revoke = await admin.delete(`/api/users/${agentId}/sessions`, { headers: { 'X-CSRF-TOKEN': csrfAfter } });
  expect(revoke.status()).toBe(200);
  await adminContext.close();

  await page.goto('/sales/leads');
  await expect(page.getByText('Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const after = await storedItems(page);
  expect(after.username).toBeNull();
  expect(after.role).toBeNull();
});
