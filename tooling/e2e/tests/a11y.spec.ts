import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo.js';

const seriousViolations = async (page: import('@playwright/test').Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
};

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious accessibility violations, on desktop and on a phone', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/leads/sources');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the leads board, the purchase requests with their dashboard and an order have no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/sales/leads?layout=board');
  await expect(page.getByRole('heading', { name: 'New' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/procurement/purchaseRequest');
  await expect(page.getByText('Open requests', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/procurement/purchaseOrder');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('grid').getByRole('row').nth(1).dblclick();
  await expect(page).toHaveURL(/record=/);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the login form is usable with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="username"]').focus();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sales\/leads$/);
});
