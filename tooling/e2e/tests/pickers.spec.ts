import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';
import { customers, dataOf, newUnits, optionId, pick, shot, stamp, type Rec } from '../support/sales.js';

/**
 * Issue 25: pickers that tell records apart. One unit code in two projects (as "A-0402" is in three):
 * the agent's unit picker names each one's project and block, and once a project is chosen offers only
 * that project's unit, and the plan picker only plans that project may use; the reservation takes the
 * right unit.
 */
test('an agent reserving picks the right one of two units with the same code', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  // The demo's two projects with plans of their own.
  const palm = await optionId(admin, 'projects', 'North Coast Bay');
  const zayed = await optionId(admin, 'projects', 'Zayed Residences');
  const code = `TW${id}`.slice(0, 20);
  const palmUnit = (await newUnits(admin, palm, `P${id}`.slice(0, 20), [{ code, type: 'Studio', floor: 4, price: '1000000.00' }]))[code]!;
  const zayedUnit = (await newUnits(admin, zayed, `Z${id}`.slice(0, 20), [{ code, type: 'Studio', floor: 4, price: '1100000.00' }]))[code]!;
  const plans = await dataOf<{ id: string; name: string; project: string | null }[]>(admin.get('/api/payment-plans?pageSize=100'));
  const palmPlan = plans.find((plan) => plan.project === palm)!;
  const zayedOnly = plans.filter((plan) => plan.project === zayed);
  expect(palmPlan, 'a North Coast Bay plan').toBeTruthy();
  expect(zayedOnly.length, 'a Zayed Residences plan').toBeGreaterThan(0);
  const [customer] = await customers(admin, 1);

  await signIn(page, 'sales.agent');
  await page.goto('/Reservations/Create');
  const form = page.getByRole('form');
  // No project chosen: both units are offered, each naming its project and block.
  const unitInput = form.getByRole('combobox', { name: 'Unit' });
  await unitInput.click();
  await unitInput.fill(code);
  const options = page.getByRole('listbox').getByRole('option').filter({ hasNotText: /^Create “/ });
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: 'North Coast Bay · Block P' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Zayed Residences · Block Z' })).toHaveCount(1);
  await shot(page, 'pickers-unit-twins');
  await page.keyboard.press('Escape');

  // North Coast Bay chosen: only its unit is offered.
  await pick(page, 'Project', 'North Coast Bay');
  await unitInput.click();
  await unitInput.fill(code);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('North Coast Bay');
  await shot(page, 'pickers-unit-of-project');
  await options.first().click();
  await expect(form.getByText(/^North Coast Bay · Block P/)).toBeVisible();

  await pick(page, 'Customer', customer!.fullName, customer!.fullName);
  // The plans offered are those of the unit's project (or of every project), never Zayed's.
  const planInput = form.getByRole('combobox', { name: 'Payment plan' });
  await planInput.click();
  const planOptions = page.getByRole('listbox').getByRole('option');
  await expect(planOptions.first()).toBeVisible();
  const offered = await planOptions.allTextContents();
  for (const plan of zayedOnly) expect(offered.some((text) => text.startsWith(plan.name))).toBe(false);
  expect(offered.some((text) => text.startsWith(palmPlan.name))).toBe(true);
  await planOptions.filter({ hasText: palmPlan.name }).first().click();

  await page.getByRole('button', { name: 'Create reservation' }).click();
  await expect(page).toHaveURL(/record=/);
  const reservationId = new URL(page.url()).searchParams.get('record')!;
  const saved = await dataOf<Rec>(admin.get(`/api/reservations/${reservationId}`));
  expect(saved).toMatchObject({ unit: palmUnit, project: palm, paymentPlan: palmPlan.id });
  expect((await dataOf<Rec>(admin.get(`/api/units/${zayedUnit}`))).status).toBe('available');
});

/** Issue 25: the finance manager reaches Sales and its Customers, and Procurement, from the menus. */
test('a finance manager reaches Sales and Customers from the menus', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'finance.manager');
  await expect(page).toHaveURL(/\/settings\/leads\/paymentTypes$/);
  // The Settings sidebar shows what finance reads (expanded on hover, the current page's group open).
  const settingsNav = page.getByRole('list', { name: 'Settings navigation' });
  await settingsNav.hover();
  await expect(settingsNav.getByRole('link', { name: 'Banks' })).toBeVisible();
  await expect(settingsNav.getByRole('link', { name: 'Payment Types' })).toBeVisible();

  await page.getByTestId('topbar-username').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  // The areas, then the two languages each in its own words (issue 29: the choice is in the user menu).
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Change password', 'Sales', 'Procurement', 'Settings', 'English', 'العربية', 'Sign out']);
  await shot(page, 'pickers-area-switch');
  await menu.getByRole('menuitem', { name: 'Sales' }).click();
  await expect(page).toHaveURL(/\/settings\/leads\/Customers$/);
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Customers' }).getByRole('row').nth(1)).toBeVisible();
  // In Sales mode: its sidebar, with Customer, Reservations and Contracts.
  const salesNav = page.getByRole('list', { name: 'Sales navigation' });
  await salesNav.hover();
  await expect(salesNav.getByText('Reservations', { exact: true }).first()).toBeVisible();
  await expect(salesNav.getByText('Contracts', { exact: true }).first()).toBeVisible();

  await page.getByTestId('topbar-username').click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Procurement' }).click();
  await expect(page).toHaveURL(/\/procurement\/purchaseRequest$/);
});
