import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.PROPDESK_DEMO_PASSWORD ?? 'Propdesk#2026';

/** Signs in through the login form, as a person would, and waits to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export const SESSION_ITEMS = ['role', 'token', 'username', 'userId', 'departmentId'] as const;

export async function storedItems(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])), [...SESSION_ITEMS]);
}
