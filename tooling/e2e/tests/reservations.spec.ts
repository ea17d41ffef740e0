import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';
import { action, customers, dataOf, newUnits, palmHeights, pick, shot, stamp, type Rec } from '../support/sales.js';

async function as(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/**
 * Issue 17: an agent (2% authority) reserves at 4% off through the create form; it waits for finance,
 * finance.manager approves it; the agent asks on /Reservations/Modify to move it to another unit,
 * finance approves that too: the old unit is available again and the new one reserved.
 */
test('a reservation above the agent’s discount waits, is approved, then modified to another unit', async ({ page, browser, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const finance = await as(browser, 'finance.manager');
  try {
    const { project, planName } = await palmHeights(admin);
    const first = `RV${id}-1`;
    const second = `RV${id}-2`;
    const units = await newUnits(admin, project, `RV${id}`.slice(0, 20), [
      { code: first, type: 'Studio', floor: 3, price: '1000000.00' },
      { code: second, type: 'Studio', floor: 7, price: '1200000.00' },
    ]);
    const [customer] = await customers(admin, 1);

    // The agent fills the create form, as a person does.
    await signIn(page, 'sales.agent');
    await page.goto('/Reservations/Create');
    await pick(page, 'Unit', first, new RegExp(first));
    await pick(page, 'Customer', customer!.fullName, customer!.fullName);
    await pick(page, 'Payment plan', planName);
    await page.getByRole('textbox', { name: 'Discount', exact: true }).fill('4');
    // The live preview works the prices out before saving.
    await expect(page.getByText(/Net price: .*960,000\.00/).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Submit now/ })).toBeChecked();
    await page.getByRole('button', { name: 'Create reservation' }).click();
    await expect(page).toHaveURL(/record=/);
    await expect(page.locator('.MuiChip-root', { hasText: /^Pending approval$/ })).toBeVisible();
    const reservationId = new URL(page.url()).searchParams.get('record');
    expect(reservationId, `the view's address: ${page.url()}`).toBeTruthy();
    const pending = await dataOf<Rec>(admin.get(`/api/reservations/${reservationId!}`));
    expect(pending).toMatchObject({ status: 'pending_approval', unit: units[first], netPrice: '960000.00' });

    // finance.manager, who reads and approves reservations but makes none, approves on the view.
    await finance.goto(`/Reservations?record=${reservationId!}`);
    await expect(finance.locator('.MuiChip-root', { hasText: /^Pending approval$/ })).toBeVisible();
    await action(finance, 'Approve');
    await expect(finance.locator('.MuiChip-root', { hasText: /^Confirmed$/ })).toBeVisible();
    await page.reload();
    await expect(page.locator('.MuiChip-root', { hasText: /^Confirmed$/ })).toBeVisible();
    expect((await dataOf<Rec>(admin.get(`/api/units/${units[first]!}`))).status).toBe('reserved');

    // The agent asks to move it to the other unit.
    await page.goto(`/Reservations/Modify?id=${reservationId!}`);
    await expect(page.getByText(new RegExp(`^Modify ${pending.number}`))).toBeVisible();
    await pick(page, 'Unit', second, new RegExp(second));
    await expect(page.getByRole('region', { name: 'As modified' }).or(page.getByLabel('As modified'))).toContainText('1,152,000.00');
    await page.getByLabel('Why', { exact: false }).fill('Customer prefers a higher floor');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page).toHaveURL(new RegExp(`/Reservations\\?record=${reservationId!}`));
    expect((await dataOf<Rec>(admin.get(`/api/reservations/${reservationId!}`))).modificationPending).toBe(true);

    await finance.goto(`/Reservations?record=${reservationId!}`);
    await action(finance, 'Approve modification');
    await expect.poll(async () => (await dataOf<Rec>(admin.get(`/api/reservations/${reservationId!}`))).revision).toBe(2);
    const after = await dataOf<Rec>(admin.get(`/api/reservations/${reservationId!}`));
    expect(after).toMatchObject({ status: 'confirmed', unit: units[second], modificationPending: false, netPrice: '1152000.00' });
    expect((await dataOf<Rec>(admin.get(`/api/units/${units[first]!}`))).status).toBe('available');
    expect((await dataOf<Rec>(admin.get(`/api/units/${units[second]!}`))).status).toBe('reserved');

    await page.goto(`/Reservations?record=${reservationId!}`);
    await expect(page.getByText(second).first()).toBeVisible();
    await shot(page, 'reservation-modified');
  } finally {
    await finance.context().close();
    await admin.dispose();
  }
});
