import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';

/**
 * Issue 19's stories ("Day one for the staff"), in Chromium on the real server with the demo data:
 * a manager cannot pick a procurement user for a lead; an award makes an order with the quoted
 * wording and tax; a broker template's tiers are entered in the table editor; a user changes their
 * own password and signs in with it.
 */
const stamp = `${Date.now().toString(36)}`;

/** The `data` of an API answer. */
async function dataOf<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

async function as(browser: Browser, username: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

/** Presses an action's button, then its confirmation (and reason) when the product asks. */
async function action(page: Page, name: string, reason?: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible({ timeout: 2_000 }).catch(() => false)) {
    if (reason) await dialog.getByLabel('Reason').fill(reason).catch(() => undefined);
    await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).last().click();
  }
}

test.describe('day one for the staff', () => {
  test('a manager cannot pick a procurement user for a lead', async ({ page, baseURL }) => {
    const manager = await apiSignIn(baseURL!, 'sales.manager');
    const officer = await apiSignIn(baseURL!, 'procurement.officer');
    const officerId = officer.userId;
    await officer.dispose();
    // A lead of the manager's team, held by an agent other than Nadia (the picker leaves out the owner).
    const nadiaId = (await dataOf<{ id: string; name: string }[]>(manager.get('/api/leads/assignees?q=Nadia'))).find((user) => user.name.startsWith('Nadia'))?.id;
    expect(nadiaId, 'Nadia can own leads').toBeTruthy();
    const lead = (await dataOf<{ id: string; fullName: string; assignedTo: string | null }[]>(manager.get('/api/leads?pageSize=50&sort=-createdOn'))).find((row) => row.assignedTo && row.assignedTo !== nadiaId);
    expect(lead, 'a lead the manager can see').toBeTruthy();

    // The server refuses, and says why.
    const refused = await manager.post('/api/leads/assign', { ids: [lead!.id], userId: officerId });
    expect(refused.status(), await refused.text()).toBe(422);
    const problem = (await refused.json()) as { message?: string; errors?: { field?: string; message: string }[] };
    const said = [problem.message ?? '', ...(problem.errors ?? []).map((error) => error.message)].join(' ');
    expect(said).toMatch(/cannot own leads|lead privileges|no lead/i);
    // The picker's source offers nobody from procurement.
    const offered = await dataOf<{ id: string; username: string; name: string }[]>(manager.get(`/api/leads/assignees?lead=${lead!.id}&q=procurement`));
    expect(offered.map((user) => user.id)).not.toContain(officerId);
    await manager.dispose();

    await signIn(page, 'sales.manager');
    await page.goto('/sales/leads');
    await page.locator(`[role="row"][data-id]`).first().waitFor();
    await page.goto(`/sales/leads?record=${lead!.id}`);
    await expect(page.getByRole('heading', { name: lead!.fullName })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Assign to' });
    await picker.click();
    await picker.fill('procurement');
    await expect(page.getByText('Nobody you may give this lead to')).toBeVisible();
    await expect(page.getByRole('option', { name: /procurement|Pavel|Olga|Officer/i })).toHaveCount(0);
    await picker.fill('Nadia');
    const nadia = page.getByRole('option', { name: /^Nadia Nabil/ }).first();
    await expect(nadia).toBeVisible();
    await nadia.click();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('Agent: Nadia Nabil')).toBeVisible();
  });

  test('an award makes an order with the quoted wording and tax', async ({ browser, baseURL }) => {
    const officer = await apiSignIn(baseURL!, 'procurement.officer');
    const created = await officer.post('/api/purchase-requests', {
      title: `Tiles ${stamp}`,
      lines: [{ lineNo: 1, description: `Floor tiles ${stamp}`, quantity: '120', unit: 'm2', estimatedUnitPrice: '300' }],
    });
    expect(created.status(), await created.text()).toBe(201);
    const request = ((await created.json()) as { data: { id: string; version: number; lines: { id: string; description: string; quantity: string }[] } }).data;
    const submitted = await officer.post(`/api/purchase-requests/${request.id}/actions/submit`, {});
    expect(submitted.status(), await submitted.text()).toBe(200);
    const manager = await apiSignIn(baseURL!, 'procurement.manager');
    const approved = await manager.post(`/api/purchase-requests/${request.id}/actions/approve`, { reason: 'Needed for block B' });
    expect(approved.status(), await approved.text()).toBe(200);
    await manager.dispose();
    const supplier = (await dataOf<{ id: string }[]>(officer.get('/api/suppliers/options?q=Cairo')))[0]!.id;
    const wording = `Porcelain 60x60 grade A ${stamp}`;
    const quotation = await officer.post('/api/quotations', {
      reference: `TIL-${stamp}`,
      request: request.id,
      supplier,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      leadTimeDays: 7,
      lines: [{ lineNo: 1, requestLine: request.lines[0]!.id, description: wording, quantity: '120', unitPrice: '250', taxPct: '14' }],
    });
    expect(quotation.status(), await quotation.text()).toBe(201);
    await officer.dispose();

    const page = await as(browser, 'procurement.officer');
    await page.goto(`/procurement/purchaseRequest?record=${request.id}`);
    const comparison = page.getByRole('region', { name: 'Quotation comparison' });
    await expect(comparison.getByRole('radio', { name: `Award Floor tiles ${stamp} to` , exact: false }).first()).toBeChecked();
    await comparison.getByRole('button', { name: 'Award selected lines' }).click();
    const confirm = page.getByRole('dialog');
    if (await confirm.isVisible({ timeout: 2_000 }).catch(() => false)) await confirm.getByRole('button', { name: /^Award/ }).last().click();
    await expect(page.getByText(/1 purchase order created/)).toBeVisible();

    const check = await apiSignIn(baseURL!, 'procurement.officer');
    const [order] = await dataOf<{ id: string; total: string; taxTotal: string }[]>(check.get(`/api/purchase-orders?filter[request][eq]=${request.id}`));
    expect(order).toBeTruthy();
    // 120 × 250 = 30,000.00; 14% of it is 4,200.00.
    expect(Number(order!.taxTotal)).toBe(4200);
    expect(Number(order!.total)).toBe(34200);
    const print = await check.get(`/api/purchase-orders/${order!.id}/print`);
    expect(print.status()).toBe(200);
    expect(print.headers()['content-type']).toContain('application/pdf');
    expect((await print.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await check.dispose();

    await page.goto(`/procurement/purchaseOrder?record=${order!.id}`);
    await expect(page.getByText(wording).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: /^14\s?%$/ }).first()).toBeVisible();
    await expect(page.getByText(/4,200\.00/).first()).toBeVisible();
    await expect(page.getByText(/34,200\.00/).first()).toBeVisible();
    await page.context().close();
  });

  test('a broker template\'s tiers are entered in the table editor', async ({ page, baseURL }) => {
    const name = `Tiered ${stamp}`;
    await signIn(page, 'admin');
    await page.goto('/settings/leads/brokers/ProjectTemplate?create=1');
    const form = page.getByRole('form');
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    const project = form.getByRole('combobox', { name: /^Project/ });
    await project.click();
    await page.getByRole('option').first().click();
    await expect(form.getByRole('textbox', { name: /^Percentage/ })).toBeVisible();
    await form.getByRole('combobox', { name: /^Commission/ }).click();
    await page.getByRole('option', { name: 'Tiered' }).click();
    await expect(form.getByRole('textbox', { name: /^Percentage/ })).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: /^Fixed amount/ })).toHaveCount(0);
    const table = form.getByRole('table', { name: 'Tiers' });
    await expect(table).toBeVisible();
    for (let i = 0; i < 3; i += 1) await form.getByRole('button', { name: 'Add tier' }).click();
    await table.getByRole('textbox', { name: 'Sales up to, tier 1' }).fill('10');
    await table.getByRole('textbox', { name: 'Commission, tier 1' }).fill('2');
    await table.getByRole('textbox', { name: 'Sales up to, tier 2' }).fill('25');
    await table.getByRole('textbox', { name: 'Commission, tier 2' }).fill('150');
    await table.getByRole('textbox', { name: 'Commission, tier 3' }).fill('3.5');
    const save = form.getByRole('button', { name: /^(Create|Save)/ }).first();
    await save.click();
    await expect(table.getByText('Must be at most 100')).toBeVisible();
    await expect(page).not.toHaveURL(/record=/);
    const admin = await apiSignIn(baseURL!, 'admin');
    expect(await dataOf<unknown[]>(admin.get(`/api/broker-project-templates?q=${encodeURIComponent(name)}`))).toHaveLength(0);

    const cell = table.getByRole('textbox', { name: 'Commission, tier 2' });
    await cell.fill('2.5');
    await save.click();
    await expect(page).toHaveURL(/record=/);
    const view = page.getByRole('table', { name: 'Tiers' });
    await expect(view).toBeVisible();
    await expect(view.getByRole('row')).toHaveText([/Sales up to\s*Commission/, /10\s*2%/, /25\s*2\.5%/, /No limit\s*3\.5%/]);
    const [saved] = await dataOf<{ tiers: { upTo: number | null; pct: number }[] }[]>(admin.get(`/api/broker-project-templates?q=${encodeURIComponent(name)}`));
    expect(saved!.tiers.map((tier) => [tier.upTo, Number(tier.pct)])).toEqual([
      [10, 2],
      [25, 2.5],
      [null, 3.5],
    ]);
    await admin.dispose();
  });

  test('a user changes their own password and signs in with it', async ({ page, baseURL }) => {
    const admin = await apiSignIn(baseURL!, 'admin');
    const roles = await dataOf<{ id: string; name: string }[]>(admin.get('/api/roles?q=Sales%20Agent'));
    const role = roles.find((candidate) => candidate.name === 'Sales Agent');
    expect(role, 'the Sales Agent role').toBeTruthy();
    const username = `day.one.${stamp}`;
    const first = 'First password 2026';
    const second = 'My own passphrase 2026!';
    const created = await admin.post('/api/users', { username, fullName: 'Dina Dayone', password: first, roles: [role!.id] });
    expect(created.status(), await created.text()).toBe(201);
    await admin.dispose();

    await signIn(page, username, first);
    // The top bar names the user by their username in capitalised words (decision 16).
    const menuButton = page.getByRole('banner').getByRole('button', { name: /^Day One / });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('Not my password 2026');
    await dialog.getByLabel('New password', { exact: false }).first().fill(second);
    await dialog.getByLabel('Confirm new password').fill(second);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    const current = dialog.getByRole('textbox', { name: 'Current password' });
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    // The error sits under that field (its helper text, which describes it).
    await expect(current).toHaveAccessibleDescription('The current password is wrong');
    await current.fill(first);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/Password changed/)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, username, second);
    await expect(page.getByTestId('topbar-username')).toBeVisible();

    // The old password is refused.
    const api = await playwrightRequest.newContext({ baseURL: baseURL! });
    await api.get('/api/users/csrf-cookie', { headers: { Accept: 'application/json' } });
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    const old = await api.post('/api/users/login', { data: { username, password: first }, headers: { 'X-CSRF-TOKEN': xsrf } });
    expect(old.status()).not.toBe(200);
    await api.dispose();
    const other = await (await page.context().browser()!.newContext()).newPage();
    await other.goto('/login');
    await other.locator('input[name="username"]').fill(username);
    await other.locator('input[name="password"]').fill(first);
    await other.locator('button[type="submit"]').click();
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('alert').first()).toBeVisible();
    await other.context().close();
  });
});
