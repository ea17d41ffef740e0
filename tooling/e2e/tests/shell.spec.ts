import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo.js';

test.describe('the sidebar', () => {
  test('shows the mode of the current path: sales, settings, procurement', async ({ page }) => {
    await signIn(page, 'admin');
    const sidebar = page.getByRole('navigation', { name: 'Main' });

    await page.goto('/sales/leads');
    await expect(sidebar.getByText('EOI', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Hold Requests', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Purchase Order', { exact: true })).toHaveCount(0);

    await page.goto('/settings/leads/sources');
    await expect(sidebar.getByText('General', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Roles', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Hold Requests', { exact: true })).toHaveCount(0);

    await page.goto('/procurement/purchaseOrder');
    await expect(sidebar.getByText('Purchase Request', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Quotations', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('EOI', { exact: true })).toHaveCount(0);
  });

  test('hides what the privileges do not allow', async ({ page }) => {
    await signIn(page, 'sales.agent');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByText('EOI', { exact: true })).toBeAttached();
    await expect(sidebar.getByText('Users', { exact: true })).toHaveCount(0);
  });

  test('is pinned by clicking the logo, and stays pinned after a reload', async ({ page }) => {
    await signIn(page, 'admin');
    const before = await page.evaluate(() => window.localStorage.getItem('sidebar-pinned'));
    await page.getByRole('button', { name: /pin sidebar|unpin sidebar/i }).click();
    const after = await page.evaluate(() => window.localStorage.getItem('sidebar-pinned'));
    expect(after).not.toBe(before);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('sidebar-pinned'))).toBe(after);
    const pinned = after === 'true';
    await expect(page.getByRole('button', { name: pinned ? /unpin sidebar/i : /^pin sidebar/i })).toBeVisible();
  });

  test('the Settings button opens the settings area', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/leads\/sources$/);
  });

  test('moving to another page by keyboard puts focus on that page and names the tab after it', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/sales\/leads$/);
    await page.getByRole('button', { name: 'Settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/leads\/sources$/);
    await expect(page.getByRole('main')).toBeFocused();
    const title = await page.getByTestId('breadcrumb-title').textContent();
    await expect(page).toHaveTitle(`${title} · Propdesk`);
  });
});

test.describe('the breadcrumb bar', () => {
  test('shows the title and trail of exact paths and of the longest known prefix', async ({ page }) => {
    await signIn(page, 'admin');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });

    await page.goto('/settings/general/countries');
    await expect(crumbs).toContainText('Home');
    await expect(crumbs).toContainText('General');
    await expect(crumbs).toContainText('Countries');

    await page.goto('/sales/leads/addlead');
    await expect(crumbs).toContainText('Leads');
    await expect(crumbs).toContainText('Add New Lead');

    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/sales\/leads$/);
  });

  test('shows the username in capitalised words in the top bar', async ({ page }) => {
    await signIn(page, 'sales.agent');
    await expect(page.getByRole('banner')).toContainText('Sales Agent');
  });
});
