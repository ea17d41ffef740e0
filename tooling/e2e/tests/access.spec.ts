import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo.js';

test('a guarded route without the privilege shows Access Denied, and Go Back leads to /', async ({ page }) => {
  await signIn(page, 'sales.agent');
  await page.goto('/settings/roles');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveTitle('Access Denied · Propdesk');
  await expect(
    page.getByText('You do not have permission to access this resource. Please contact your administrator if you believe this is an error.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  // / runs the landing logic again: the agent's landing page.
  await expect(page).toHaveURL(/\/sales\/leads$/);
  await expect(page).toHaveTitle(/ · Propdesk$/);
  await expect(page).not.toHaveTitle('Access Denied · Propdesk');
});

test('the procurement officer opens the purchase request landing page (PurchaseRequest = prheader)', async ({ page }) => {
  await signIn(page, 'procurement.officer');
  await page.goto('/procurement/purchaseRequest');
  await expect(page).toHaveURL(/\/procurement\/purchaseRequest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Requests' })).toBeVisible();
  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/not-authorized$/);
});

test('an unknown path shows the default error screen', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
});
