import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';

/**
 * Issue 9's stories: a site request from draft to approved, two quotations compared and awarded
 * line by line into two orders, an order approved through two tiers by two people, received in
 * two parts, and its PDF opened.
 */
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}`;
const title = `Slab pour ${stamp}`;
let requestUrl = '';
let requestId = '';

/** The `data` of an API answer. */
async function dataOf<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

async function as(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

async function action(page: Page, name: string, reason?: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name });
  if (await dialog.isVisible().catch(() => false)) {
    if (reason) await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name, exact: true }).click();
  }
}

test('a site engineer\'s request goes from draft to approved', async ({ browser }) => {
  const officer = await as(browser, 'procurement.officer');
  await officer.goto('/procurement/purchaseRequest?create=1');
  await officer.getByLabel('Title').fill(title);
  await officer.getByRole('button', { name: 'Add line' }).click();
  await officer.getByRole('button', { name: 'Add line' }).click();
  await officer.getByLabel('Line 1 Description').fill(`Cement ${stamp}`);
  await officer.getByLabel('Line 1 Quantity').fill('200');
  await officer.getByLabel('Line 1 Est. unit price').fill('95');
  await officer.getByLabel('Line 2 Description').fill(`Rebar ${stamp}`);
  await officer.getByLabel('Line 2 Quantity').fill('10');
  await officer.getByLabel('Line 2 Unit').fill('t');
  await officer.getByLabel('Line 2 Est. unit price').fill('9000');
  await officer.getByRole('button', { name: 'Create purchase request' }).click();
  await expect(officer).toHaveURL(/record=/);
  requestUrl = officer.url();
  requestId = new URL(requestUrl).searchParams.get('record') ?? '';
  await expect(officer.getByText(/^PR-\d{4}-\d{5}$/).first()).toBeVisible();
  await expect(officer.getByRole('table', { name: 'Lines' }).getByText(`Cement ${stamp}`)).toBeVisible();
  await expect(officer.getByText('109,000.00').first()).toBeVisible();
  await action(officer, 'Submit');
  await expect(officer.getByText('Submitted').first()).toBeVisible();
  await officer.context().close();

  const manager = await as(browser, 'procurement.manager');
  await manager.goto(requestUrl);
  await action(manager, 'Approve', 'Needed for the slab pour');
  await expect(manager.getByText('Approved').first()).toBeVisible();
  await manager.context().close();
});

test('two quotations are compared and the request awarded line by line into two orders', async ({ browser, baseURL }) => {
  const api = await apiSignIn(baseURL!, 'procurement.officer');
  const request = await dataOf<{ lines: { id: string; description: string; quantity: string }[] }>(api.get(`/api/purchase-requests/${requestId}`));
  const supplier = async (name: string) => (await dataOf<{ id: string }[]>(api.get(`/api/suppliers/options?q=${encodeURIComponent(name)}`)))[0]!.id;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const offers: [string, string[]][] = [
    ['Nile Cement Co.', ['88.00', '9400.00']],
    ['Delta Steel Works', ['97.50', '8900.00']],
  ];
  for (const [name, prices] of offers) {
    const response = await api.post('/api/quotations', {
      reference: `${name.slice(0, 4)}-${stamp}`,
      request: requestId,
      supplier: await supplier(name),
      validUntil,
      leadTimeDays: 10,
      lines: request.lines.map((line, index) => ({ lineNo: index + 1, requestLine: line.id, description: line.description, quantity: line.quantity, unitPrice: prices[index] })),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await api.dispose();

  const officer = await as(browser, 'procurement.officer');
  await officer.goto(requestUrl);
  const comparison = officer.getByRole('region', { name: 'Quotation comparison' });
  await expect(comparison.getByText('Nile Cement Co.', { exact: true })).toBeVisible();
  await expect(comparison.getByText('Delta Steel Works', { exact: true })).toBeVisible();
  // The lowest price of each line is marked and preselected: cement from Nile, rebar from Delta.
  await expect(comparison.locator('[data-lowest="true"]')).toHaveCount(2);
  await expect(comparison.getByRole('radio', { name: `Award Cement ${stamp} to Nile Cement Co.` })).toBeChecked();
  await expect(comparison.getByRole('radio', { name: `Award Rebar ${stamp} to Delta Steel Works` })).toBeChecked();
  await comparison.getByRole('button', { name: 'Award selected lines' }).click();
  // The award asks once, naming what it makes.
  const confirm = officer.getByRole('dialog', { name: 'Award' });
  await expect(confirm).toContainText('This creates 2 purchase orders.');
  await confirm.getByRole('button', { name: 'Award', exact: true }).click();
  await expect(officer.getByText(/2 purchase orders created/)).toBeVisible();
  await expect(comparison.getByText('Ordered', { exact: true })).toHaveCount(2);
  const check = await apiSignIn(baseURL!, 'procurement.officer');
  expect((await dataOf<{ status: string }>(check.get(`/api/purchase-requests/${requestId}`))).status).toBe('ordered');
  await check.dispose();
  await officer.context().close();
});

test('an order is approved through two tiers by two people, issued, received in two parts, and printed', async ({ browser, baseURL }) => {
  const api = await apiSignIn(baseURL!, 'procurement.officer');
  const orders = await dataOf<{ id: string; total: string }[]>(api.get(`/api/purchase-orders?filter[request][eq]=${requestId}`));
  await api.dispose();
  expect(orders).toHaveLength(2);
  const order = orders.find((candidate) => Number(candidate.total) > 50_000)!; // the rebar: 89,000.00
  const orderUrl = `/procurement/purchaseOrder?record=${order.id}`;

  const officer = await as(browser, 'procurement.officer');
  await officer.goto(orderUrl);
  await expect(officer.getByText('89,000.00').first()).toBeVisible();
  await action(officer, 'Submit for approval');
  await expect(officer.getByText('Pending approval').first()).toBeVisible();

  const manager = await as(browser, 'procurement.manager');
  await manager.goto(orderUrl);
  await action(manager, 'Approve', 'Within the slab budget');
  const approvals = manager.getByRole('region', { name: 'Approvals' });
  await expect(approvals.getByText(/Approved by Pavel Purchasing/)).toBeVisible();
  await expect(approvals.getByText('Waiting for this tier')).toBeVisible();
  await expect(manager.getByText('Pending approval').first()).toBeVisible();
  await manager.context().close();

  const finance = await as(browser, 'finance.manager');
  await finance.goto(orderUrl);
  await action(finance, 'Approve', 'Funds reserved');
  await expect(finance.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(finance.getByRole('region', { name: 'Approvals' }).getByText(/Approved by Fatma Finance/)).toBeVisible();
  await finance.context().close();

  await officer.reload();
  await action(officer, 'Issue to supplier');
  await expect(officer.getByText('Issued', { exact: true }).first()).toBeVisible();

  const receipts = officer.getByRole('region', { name: 'Receipts of goods' });
  await receipts.getByRole('button', { name: 'Receive goods' }).click();
  let dialog = officer.getByRole('dialog', { name: 'Receive goods' });
  await dialog.getByLabel(`Received now: Rebar ${stamp}`).fill('4');
  await dialog.getByRole('button', { name: 'Record receipt' }).click();
  await expect(officer.getByText('Partially received').first()).toBeVisible();
  await receipts.getByRole('button', { name: 'Receive goods' }).click();
  dialog = officer.getByRole('dialog', { name: 'Receive goods' });
  await dialog.getByLabel(`Received now: Rebar ${stamp}`).fill('6');
  await dialog.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receipts.getByRole('row')).toHaveCount(3);
  const check = await apiSignIn(baseURL!, 'procurement.officer');
  expect((await dataOf<{ status: string }>(check.get(`/api/purchase-orders/${order.id}`))).status).toBe('received');
  expect((await dataOf<{ lines: { receivedQuantity: string }[] }>(check.get(`/api/purchase-requests/${requestId}`))).lines.map((line) => Number(line.receivedQuantity))).toEqual([0, 10]);
  await check.dispose();

  const [pdf] = await Promise.all([officer.context().waitForEvent('page'), officer.getByRole('link', { name: 'Print PDF' }).click()]);
  await pdf.waitForLoadState();
  // The printable documents are the engine's `/print` now (the old `/pdf` path redirects there).
  expect(pdf.url()).toMatch(new RegExp(`/api/purchase-orders/${order.id}/(pdf|print)$`));
  const download = await officer.request.get(pdf.url());
  expect(download.headers()['content-type']).toBe('application/pdf');
  const bytes = await download.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1500);
  await officer.context().close();
});
