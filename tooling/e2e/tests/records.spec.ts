import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';

/** Stories of the records engine's screens, as a property developer's administrator lives them. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The sidebar expanded, with its Leads group open, so its items are on the page. */
async function settingsLeadsItems(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const pin = page.getByRole('button', { name: /^pin sidebar/i });
  if (await pin.count()) await pin.click();
  const group = nav.getByRole('button', { name: 'Leads', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  return nav;
}

async function pick(page: Page, label: string, text: string) {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

test('create a source type, then a source that refers to it; find, edit, see the history, export', async ({ page }) => {
  const id = stamp();
  const typeName = `Podcast ${id}`;
  const sourceName = `Morning show ${id}`;
  await signIn(page, 'admin');

  await page.goto('/settings/leads/sourceTypes');
  await page.getByRole('button', { name: 'New source type' }).click();
  await page.getByLabel('Name').fill(typeName);
  await page.getByRole('button', { name: 'Create source type' }).click();
  await expect(page.getByRole('heading', { name: typeName })).toBeVisible();

  await page.goto('/settings/leads/sources');
  await expect(page.getByRole('grid', { name: 'Sources' })).toBeVisible();
  await page.keyboard.press('n');
  await page.getByLabel('Name').fill(sourceName);
  await pick(page, 'Source type', typeName);
  await page.getByRole('button', { name: 'Create source' }).click();
  await expect(page.getByRole('heading', { name: sourceName })).toBeVisible();
  await expect(page.getByText(typeName).first()).toBeVisible();

  await page.goto('/settings/leads/sources');
  await expect(page.getByRole('grid', { name: 'Sources' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'Search sources' })).toBeFocused();
  await page.keyboard.type(`show ${id}`);
  await expect(page).toHaveURL(new RegExp(`q=show`));
  const grid = page.getByRole('grid', { name: 'Sources' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await grid.getByText(sourceName).click();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Description').fill('Sponsored segment');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Update');
  await expect(history).toContainText('Sponsored segment');
  await expect(history).toContainText('Create');
  await expect(history).toContainText('from screen');

  await page.getByRole('button', { name: 'Back to list' }).click();
  await page.getByRole('button', { name: 'Export' }).first().click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv.split('\n')[0]).toContain('Name,Source type,Description');
  expect(csv).toContain(`${sourceName},${typeName},Sponsored segment`);
  expect(csv.trim().split('\n')).toHaveLength(2);
});

test('import a CSV with one bad row: the dry run names it and nothing is written', async ({ page }) => {
  const id = stamp();
  await signIn(page, 'admin');
  await page.goto('/settings/leads/banks');
  await page.getByRole('button', { name: 'Import' }).click();
  const csv = `Name,Code,SWIFT\nAtlas Bank ${id},A${id.slice(-6)},ATLSEGCX\nNational Bank of Egypt,NB${id.slice(-5)},XXXXEGCX\nOasis Bank ${id},O${id.slice(-6)},OASSEGCX\n`;
  await page.getByLabel('CSV file').setInputFiles({ name: 'banks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const status = page.getByRole('status').filter({ hasText: 'rows checked' });
  await expect(status).toContainText('3 rows checked: 2 good, 1 with errors');
  const bad = page.getByRole('table', { name: 'Rows with errors' });
  await expect(bad).toContainText('3');
  await expect(bad).toContainText('Name: Already used by National Bank of Egypt');
  await expect(page.getByRole('button', { name: /^Import/ }).last()).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search banks' }).fill(`Atlas Bank ${id}`);
  await expect(page.getByText(`No banks match this search or filter.`)).toBeVisible();
});

test('save a view, and open it again from its link', async ({ page }) => {
  const id = stamp();
  await signIn(page, 'admin');
  await page.goto('/settings/leads/units');
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter units' });
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  await dialog.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Floor', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'is at least' }).click();
  await dialog.getByLabel('Value').fill('12');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Floor is at least 12')).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
  await page.getByRole('dialog', { name: 'Save this view' }).getByLabel('Name').fill(`Top floors ${id}`);
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(page).toHaveURL(/view=/);
  const link = page.url();

  await page.goto('/settings/leads/units');
  await expect(page.getByText('Floor is at least 12')).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByText('Floor is at least 12')).toBeVisible();
  await expect(page.getByRole('button', { name: `Top floors ${id}` })).toBeVisible();
  const floors = await page.getByRole('grid', { name: 'Units' }).locator('[data-field="floor"][role="gridcell"]').allTextContents();
  expect(floors.length).toBeGreaterThan(0);
  for (const floor of floors) expect(Number(floor)).toBeGreaterThanOrEqual(12);
});

test("grant a role a privilege in the matrix: that user's sidebar gains the item after signing in again", async ({ page, browser, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const role = await admin.post('/api/roles', { name: `Banks clerk ${id}`, privileges: [{ entityName: 'source', action: 'read' }] });
  expect(role.status()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: string } }).data.id;
  const password = 'a long enough passphrase';
  const user = await admin.post('/api/users', { username: `clerk.${id}`, fullName: 'Bank Clerk', password, roles: [roleId] });
  expect(user.status()).toBe(201);

  const clerk = await browser.newPage();
  await signIn(clerk, `clerk.${id}`, password);
  await clerk.goto('/settings/leads/sources');
  const sidebar = await settingsLeadsItems(clerk);
  await expect(sidebar.getByText('Sources', { exact: true })).toBeAttached();
  await expect(sidebar.getByText('Banks', { exact: true })).toHaveCount(0);

  await signIn(page, 'admin');
  await page.goto(`/settings/editRole?record=${roleId}`);
  await page.getByRole('checkbox', { name: 'read on Banks' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Role saved.')).toBeVisible();

  await clerk.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(clerk).toHaveURL(/\/login$/);
  await signIn(clerk, `clerk.${id}`, password);
  await clerk.goto('/settings/leads/sources');
  await expect((await settingsLeadsItems(clerk)).getByText('Banks', { exact: true })).toBeAttached();
  await clerk.close();
  await admin.dispose();
});

test("deactivate a user: their open session ends", async ({ page, browser, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const role = await admin.post('/api/roles', { name: `Viewer ${id}`, privileges: [{ entityName: 'source', action: 'read' }] });
  const roleId = ((await role.json()) as { data: { id: string } }).data.id;
  const password = 'a long enough passphrase';
  const created = await admin.post('/api/users', { username: `leaver.${id}`, fullName: `Lea Leaver ${id}`, password, roles: [roleId] });
  const userId = ((await created.json()) as { data: { id: string } }).data.id;
  await admin.dispose();

  const leaver = await browser.newPage();
  await signIn(leaver, `leaver.${id}`, password);
  await leaver.goto('/settings/leads/sources');
  await expect(leaver.getByRole('grid', { name: 'Sources' })).toBeVisible();

  await signIn(page, 'admin');
  await page.goto(`/sales/users?record=${userId}`);
  // Users are never deleted, only deactivated.
  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

  await leaver.reload();
  await expect(leaver).toHaveURL(/\/login$/);
  await leaver.close();
});

test('a stale edit shows who changed what, and can take their version', async ({ page, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const created = await admin.post('/api/channel-types', { name: `Radio ${id}` });
  const record = ((await created.json()) as { data: { id: string; version: number } }).data;

  await signIn(page, 'admin');
  await page.goto(`/settings/leads/channelTypes?record=${record.id}&edit=1`);
  await page.getByLabel('Name').fill(`Radio mine ${id}`);

  const theirs = await admin.api.patch(`/api/channel-types/${record.id}`, {
    data: { name: `Radio theirs ${id}`, version: record.version },
    headers: { 'X-CSRF-TOKEN': (await admin.api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value },
  });
  expect(theirs.status()).toBe(200);

  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: /Someone else changed/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Differences' })).toContainText(`Radio theirs ${id}`);
  await expect(dialog.getByRole('table', { name: 'Differences' })).toContainText(`Radio mine ${id}`);
  await dialog.getByRole('button', { name: 'Reload their version' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`Radio theirs ${id}`);
  await admin.dispose();
});

test('sort a list by several columns: shift-click a header, add one in the Sort menu, reload', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/settings/leads/units');
  const grid = page.getByRole('grid', { name: 'Units' });
  await expect(grid.locator('[role="row"][data-rowindex]').first()).toBeVisible();
  const header = (field: string) => grid.locator(`[role="columnheader"][data-field="${field}"] .MuiDataGrid-columnHeaderTitle`);
  await header('floor').click();
  // The second click toggles the sort the first one made: it waits for that sort to be the grid's (under load a
  // click during the grid's re-render was lost, and the list stayed ascending).
  await expect(page).toHaveURL(/sort=floor(&|$)/);
  await expect(grid.locator('[role="columnheader"][data-field="floor"]')).toHaveAttribute('aria-sort', 'ascending');
  await header('floor').click();
  await expect(page).toHaveURL(/sort=-floor(&|$)/);
  await header('code').click({ modifiers: ['Shift'] });
  await expect(page).toHaveURL(/sort=-floor%2Ccode|sort=-floor,code/);
  await page.locator('button[aria-haspopup="dialog"]', { hasText: 'Sort' }).click();
  const menu = page.getByRole('dialog', { name: 'Sort by' });
  await menu.getByLabel('Then by').click();
  await page.getByRole('option', { name: 'Block', exact: true }).click();
  await expect(page).toHaveURL(/sort=-floor%2Ccode%2Cblock|sort=-floor,code,block/);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByText('Sorted by Floor ↓, then Code ↑, then Block ↑')).toBeVisible();
  const rows = grid.locator('[role="row"][data-rowindex]');
  await expect(rows.first()).toBeVisible();
  const floors = (await grid.locator('[data-field="floor"][role="gridcell"]').allTextContents()).map(Number);
  const codes = await grid.locator('[data-field="code"][role="gridcell"]').allTextContents();
  expect(floors.length).toBeGreaterThan(1);
  for (let index = 1; index < floors.length; index += 1) {
    expect(floors[index]!).toBeLessThanOrEqual(floors[index - 1]!);
    if (floors[index] === floors[index - 1]) expect(codes[index]! >= codes[index - 1]!).toBe(true);
  }
});
