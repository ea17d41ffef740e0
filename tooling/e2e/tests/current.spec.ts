import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo.js';
import { apiSignIn, openCentre, waitUntilConnected } from '../support/notifications.js';
import { action, confirmedReservation, dataOf, isoDay, money, newCustomer, newUnits, optionId, palmHeights, pick, stamp, type Rec } from '../support/sales.js';

/**
 * Issue 25, screens that stay current: two people in two browsers, neither reloading. What one does
 * reaches the other's open screen through the notification stream's "record changed" events.
 */

/** A sign-in or a first page load on a busy machine (load 25 on 2 cores) takes longer than the default 10 s. */
const LOAD = 60_000;

/** Signs in on the page, allowing a busy machine the time the password hash takes. */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/, { timeout: LOAD });
}

async function as(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** On failure, what a second person's page showed (the report has only the fixture page's). */
async function attachScreen(page: Page, name: string): Promise<void> {
  if (page.isClosed()) return;
  await test.info().attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' }).catch(() => undefined);
}

/** Counts full page loads, so a test can say none happened (the screen changed by itself). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

const chip = (scope: Page | Locator, status: string): Locator => scope.locator('.MuiChip-root', { hasText: new RegExp(`^${status}$`) });
const field = (page: Page, term: string): Locator => page.locator(`dt:text-is("${term}") + dd`).first();

test('finance opens a modification from the bell and approves it; the agent’s open Modify screen shows it approved, nobody reloading', async ({ page, browser, baseURL }) => {
  // About a minute on a quiet machine; several on a busy one (load 25 on 2 cores).
  test.setTimeout(420_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const agentApi = await apiSignIn(baseURL!, 'sales.agent');
  const finance = await as(browser, 'finance.manager');
  try {
    const { project, plan } = await palmHeights(admin);
    const first = `CU${id}-1`;
    const second = `CU${id}-2`;
    const units = await newUnits(admin, project, `CU${id}`.slice(0, 20), [
      { code: first, type: 'Studio', floor: 2, price: '1000000.00' },
      { code: second, type: 'Studio', floor: 8, price: '1200000.00' },
    ]);
    const customer = await newCustomer(admin, `Hala Current ${id}`);
    const reservation = await confirmedReservation(agentApi, { unit: units[first]!, customer: customer.id, paymentPlan: plan });

    // Finance has looked at the reservation before anything was asked (its answer is in finance's cache),
    // then moved on to the list. This is where the stale "No modification has been asked for" came from.
    await finance.goto(`/Reservations?record=${reservation.id}`);
    await expect(finance.getByText('No modification has been asked for.')).toBeVisible({ timeout: LOAD });
    await finance.goto('/Reservations');
    await waitUntilConnected(finance);
    const financeLoads = countLoads(finance);

    // The agent asks to move it to the other unit, and stays on the Modify screen.
    await signIn(page, 'sales.agent');
    await page.goto(`/Reservations/Modify?id=${reservation.id}`);
    await expect(page.getByText(new RegExp(`^Modify ${reservation.number}`))).toBeVisible({ timeout: LOAD });
    await pick(page, 'Unit', second, new RegExp(second));
    await page.getByLabel('Why', { exact: false }).fill('The customer wants a higher floor');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page).toHaveURL(new RegExp(`/Reservations\\?record=${reservation.id}`), { timeout: LOAD });
    await page.goto(`/Reservations/Modify?id=${reservation.id}`);
    await expect(page.getByText('A modification is already waiting for approval.')).toBeVisible({ timeout: LOAD });
    await waitUntilConnected(page);
    const agentLoads = countLoads(page);
    await shot(page, 'current-1-agent-waiting');

    // Finance: the bell has it; opened from there the record shows the modification and Approve at once.
    const centre = await openCentre(finance);
    const item = centre.getByRole('button', { name: new RegExp(`Modification to approve: ${reservation.number}`) }).first();
    await expect(item).toBeVisible({ timeout: LOAD });
    await item.click();
    await expect(finance).toHaveURL(new RegExp(`record=${reservation.id}`), { timeout: LOAD });
    const revision = finance.getByLabel('Revision 2');
    await expect(revision).toBeVisible({ timeout: LOAD });
    await expect(chip(revision, 'Pending')).toBeVisible();
    await expect(revision).toContainText(second);
    await expect(finance.getByText('No modification has been asked for.')).toHaveCount(0);
    await expect(finance.getByRole('button', { name: 'Approve modification', exact: true })).toBeVisible();
    await shot(finance, 'current-2-finance-from-bell');

    await action(finance, 'Approve modification');
    await expect(chip(revision, 'Approved')).toBeVisible({ timeout: LOAD });
    await shot(finance, 'current-3-finance-approved');

    // The agent's Modify screen, left open, now says it as it is: approved, on the new unit, modifiable again.
    await expect(page.getByText('A modification is already waiting for approval.')).toHaveCount(0, { timeout: LOAD });
    await expect(chip(page.getByLabel('Revision 2'), 'Approved')).toBeVisible();
    await expect(page.getByText(new RegExp(`^Modify ${reservation.number}: .*${second} at 1,200,000\\.00`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send for approval' })).toBeVisible();
    await shot(page, 'current-4-agent-approved');
    expect(agentLoads(), 'the agent did not reload').toBe(0);
    expect(financeLoads(), 'finance did not reload').toBe(0);
    const after = await dataOf<Rec>(admin.get(`/api/reservations/${reservation.id}`));
    expect(after).toMatchObject({ unit: units[second], modificationPending: false, revision: 2 });
  } catch (error) {
    await attachScreen(finance, 'finance');
    throw error;
  } finally {
    await finance.context().close().catch(() => undefined);
    await Promise.all([admin.dispose(), agentApi.dispose()]);
  }
});

test('a contract open on one screen shows a receipt recorded elsewhere, without a reload', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const agent = await apiSignIn(baseURL!, 'sales.agent');
  const cashier = await apiSignIn(baseURL!, 'finance.manager');
  try {
    const { project, plan } = await palmHeights(admin);
    const code = `CR${id}`;
    const units = await newUnits(admin, project, code.slice(0, 20), [{ code, type: 'Studio', floor: 5, price: '1000000.00' }]);
    const customer = await newCustomer(admin, `Omar Receipt ${id}`);
    const reservation = await confirmedReservation(agent, { unit: units[code]!, customer: customer.id, paymentPlan: plan });
    const template = await optionId(admin, 'contract-templates', 'Standard sale contract');
    const contract = await dataOf<Rec>(admin.post('/api/contracts', { reservation: reservation.id, template, contractDate: isoDay() }), 201);
    const paidBefore = String(contract.paid ?? '0');

    // The sales manager has the contract open.
    await signIn(page, 'sales.manager');
    await page.goto(`/sales/contracts?record=${contract.id}`);
    await expect(field(page, 'Number')).toHaveText(String(contract.number), { timeout: LOAD });
    await expect(field(page, 'Paid')).toContainText(money(paidBefore));
    await waitUntilConnected(page);
    const loads = countLoads(page);
    await shot(page, 'current-5-contract-before');

    // Finance records a receipt elsewhere (another session, through the API).
    const amount = '25000.00';
    const receipt = await dataOf<Rec>(cashier.post('/api/receipts', { customer: customer.id, contract: contract.id, amount, method: 'bank_transfer', receiptDate: isoDay() }), 201);
    expect(receipt.number).toMatch(/^RCT-/);

    // The open contract shows what it was paid, and the installment it went to, by itself.
    const paidAfter = money(paidBefore, amount);
    await expect(field(page, 'Paid')).toContainText(paidAfter, { timeout: LOAD });
    const firstInstallment = page.getByRole('table', { name: 'Installments' }).getByRole('row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) });
    await expect(firstInstallment).toContainText(`${money(amount)} EGP`);
    await shot(page, 'current-6-contract-after');
    expect(loads(), 'the contract screen did not reload').toBe(0);
  } finally {
    await Promise.all([admin.dispose(), agent.dispose(), cashier.dispose()]);
  }
});
