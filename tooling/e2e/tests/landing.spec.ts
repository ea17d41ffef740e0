import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '@propdesk/privileges';
import { signIn } from '../support/demo.js';

test.describe('signing in lands each demo user on the first page their privileges allow', () => {
  for (const user of DEMO_USERS) {
    test(`${user.username} lands on ${user.landsOn}`, async ({ page }) => {
      await signIn(page, user.username);
      await expect(page).toHaveURL(new RegExp(`${user.landsOn.replace(/[/.]/g, '\\$&')}$`));
      if (user.landsOn === '/not-authorized') {
        await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      } else {
        // The Arabic demo agent (issue 29) reads the shell in Arabic.
        await expect(page.getByRole('navigation', { name: 'language' in user && user.language === 'ar' ? 'مسار التنقل' : 'Breadcrumb' })).toBeVisible();
      }
    });
  }

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('sales.agent');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('opening the app without a session goes to /login', async ({ page }) => {
    await page.goto('/sales/leads');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome/i);
  });
});
