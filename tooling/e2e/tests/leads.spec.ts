import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn, bellOf, settledUnread, unreadOnBell, type ApiUser } from '../support/notifications.js';

/** The stories of issue 8 in Chromium on the real server with the demo leads. */
const SHOTS = process.env.LEADS_SHOTS_DIR ?? '';
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

type Lead = { id: string; fullName: string; phone: string; version: number; validUntil: string | null; status: string | null; assignedTo: string | null };

let stampCounter = 0;
const stamp = () => `${Date.now().toString(36)}${(stampCounter += 1)}`;
/** A local Egyptian mobile number no demo lead has (the demo numbers start 010/011/012/015 and follow a pattern). */
const localMobile = () => `0128${String(Date.now() % 10_000_000).padStart(7, '0')}`;

async function pick(page: Page, label: string, text: string) {
  const input = page.getByRole('combobox', { name: label }).first();
  await input.click();
  await input.fill(text);
  // "Assign to" names each user with their team ("Nadia Nabil · New Cairo team", issue 19).
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped}( · .+)?$`) }).first().click();
}

async function leadsOf(user: ApiUser, query: string): Promise<Lead[]> {
  const response = await user.get(`/api/leads?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Lead[] }).data;
}

test.describe('leads and customers', () => {
  let baseURL: string;
  test.beforeAll(({}, info) => {
    baseURL = String(info.project.use.baseURL);
  });

  test('an agent captures a walk-in in the sales form and lands on the new lead', async ({ page }) => {
    await signIn(page, 'sales.agent');
    await page.goto('/sales/leads/addLeadFSales');
    const name = `Walk-in ${stamp()}`;
    await page.getByLabel('Full name').fill(name);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(localMobile());
    await expect(page.getByText(/Saved as \+2012/)).toBeVisible();
    await pick(page, 'Project', 'Palm Heights');
    await pick(page, 'Source', 'Walk-in');
    await pick(page, 'Walk-in location', 'Palm Heights showroom');
    await shot(page, 'walkin-form');
    await page.getByRole('button', { name: 'Save lead' }).click();
    await expect(page).toHaveURL(/\/sales\/leads\?record=/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Agent: Samir Sales')).toBeVisible();
    await shot(page, 'lead-page');
  });

  test('a phone owned by another agent shows who owns it and until when, and can be asked for', async ({ page }) => {
    const nadia = await apiSignIn(baseURL, 'nadia.sales');
    const [theirs] = await leadsOf(nadia, `filter[assignedTo][eq]=${nadia.userId}&pageSize=1`);
    expect(theirs).toBeTruthy();
    await signIn(page, 'sales.agent');
    await page.goto('/sales/leads/addLeadFSales');
    await page.getByLabel('Full name').fill('Same person');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(theirs!.phone);
    const warning = page.getByTestId('duplicate-owned');
    await expect(warning).toContainText('belongs to a lead of Nadia Nabil');
    await expect(warning).toContainText('valid until');
    await expect(warning).not.toContainText(theirs!.fullName);
    await shot(page, 'duplicate-warning');
    await warning.getByRole('button', { name: 'Ask for it' }).click();
    await expect(warning).toContainText(/sent to the owner’s manager|already asked/);
    // Saving it anyway is refused by the server.
    await pick(page, 'Project', 'Palm Heights');
    await pick(page, 'Source', 'Walk-in');
    await page.getByRole('button', { name: 'Save lead' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already belongs to an open lead' })).toBeVisible();
    await nadia.dispose();
  });

  test('logging an activity moves the lead’s validity', async ({ page }) => {
    const agent = await apiSignIn(baseURL, 'sales.agent');
    const created = await agent.post('/api/leads', { fullName: `Activity ${stamp()}`, phone: `+2015${String(Date.now() % 100_000_000).padStart(8, '0')}`, source: ((await (await agent.get('/api/sources/options?q=Facebook')).json()) as { data: { id: string }[] }).data[0]!.id });
    expect(created.status()).toBe(201);
    const lead = ((await created.json()) as { data: Lead }).data;
    await signIn(page, 'sales.agent');
    await page.goto(`/sales/leads?record=${lead.id}`);
    const form = page.getByRole('form', { name: 'Log an activity' });
    await pick(page, 'Type', 'Call');
    // The date-time input reads day, month, year, hours, minutes: typed section by section.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const two = (value: number) => String(value).padStart(2, '0');
    await form.getByRole('group', { name: 'When' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${two(later.getDate())}${two(later.getMonth() + 1)}${later.getFullYear()}1030`);
    await form.getByLabel('Outcome').fill('Wants a villa brochure');
    await form.getByRole('button', { name: 'Log activity' }).click();
    await expect(page.getByRole('list', { name: 'Activities' })).toContainText('Wants a villa brochure');
    await expect
      .poll(async () => ((await (await agent.get(`/api/leads/${lead.id}`)).json()) as { data: Lead }).data.validUntil)
      .not.toBe(lead.validUntil);
    const moved = ((await (await agent.get(`/api/leads/${lead.id}`)).json()) as { data: Lead }).data.validUntil!;
    expect(new Date(moved).getTime()).toBeGreaterThan(new Date(lead.validUntil!).getTime() + 2 * 86_400_000);
    await shot(page, 'lead-activity-timeline');
    await agent.dispose();
  });

  test('a manager reassigns a lead and the agent’s bell shows it', async ({ browser }) => {
    const agentPage = await (await browser.newContext()).newPage();
    await signIn(agentPage, 'nadia.sales');
    await expect(bellOf(agentPage)).toBeVisible();
    const agentApi = await apiSignIn(baseURL, 'nadia.sales');
    const before = await settledUnread(agentPage, agentApi);
    await agentApi.dispose();
    const manager = await apiSignIn(baseURL, 'sales.manager');
    const samir = ((await (await manager.get('/api/users/options?q=Samir')).json()) as { data: { id: string }[] }).data[0]!.id;
    const [lead] = await leadsOf(manager, `filter[assignedTo][eq]=${samir}&pageSize=1&sort=-createdOn`);
    const managerPage = await (await browser.newContext()).newPage();
    await signIn(managerPage, 'sales.manager');
    await managerPage.goto(`/sales/leads?record=${lead!.id}`);
    await pick(managerPage, 'Assign to', 'Nadia Nabil');
    await managerPage.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(managerPage.getByText('Agent: Nadia Nabil')).toBeVisible();
    await shot(managerPage, 'manager-reassigns');
    await expect.poll(() => unreadOnBell(agentPage), { timeout: 20_000 }).toBe(before + 1);
    await bellOf(agentPage).click();
    await expect(agentPage.getByRole('dialog', { name: 'Notifications' })).toContainText(`Lead assigned to you: ${lead!.fullName}`);
    await shot(agentPage, 'agent-bell');
    await manager.dispose();
    // Pages left open keep their streams and take the browser's focus from later tests' pages.
    await Promise.all([agentPage.context().close(), managerPage.context().close()]);
  });

  test('converting a lead makes a customer linked to it', async ({ page }) => {
    const agent = await apiSignIn(baseURL, 'sales.agent');
    const lead = (await leadsOf(agent, `filter[assignedTo][eq]=${agent.userId}&pageSize=50`)).find((row) => !(row as { customer?: string | null }).customer);
    await signIn(page, 'sales.agent');
    await page.goto(`/sales/leads?record=${lead!.id}`);
    await page.getByRole('link', { name: 'Make customer' }).click();
    await expect(page).toHaveURL(/\/sales\/leads\/addcustomer\?lead=/);
    // 14 digits: century 2, born 1990-01-15, then seven digits.
    await page.getByLabel('National ID').fill(`29001150${String(Date.now()).slice(-6)}`);
    await shot(page, 'convert-form');
    await page.getByRole('button', { name: 'Make customer' }).click();
    await expect(page).toHaveURL(/\/settings\/leads\/Customers\?record=/);
    await expect(page.getByRole('heading', { name: lead!.fullName })).toBeVisible();
    await shot(page, 'customer-page');
    const after = ((await (await agent.get(`/api/leads/${lead!.id}`)).json()) as { data: Lead & { customer: string; refLabels: Record<string, string> } }).data;
    expect(after.customer).toBeTruthy();
    expect(after.refLabels.status).toBe('Won');
    await agent.dispose();
  });

  test('the board shows leads by status and a card is dragged to the next status', async ({ page }) => {
    const agent = await apiSignIn(baseURL, 'sales.agent');
    await signIn(page, 'sales.agent');
    await page.goto('/sales/leads?layout=board');
    const first = page.getByRole('region', { name: 'New column' });
    const second = page.getByRole('region', { name: 'Contacted column' });
    const card = first.getByTestId('lead-card').first();
    await expect(card).toBeVisible();
    const name = (await card.getByTestId('lead-card-name').textContent())!;
    await shot(page, 'board');
    await card.dragTo(second);
    await expect(second.getByTestId('lead-card').filter({ hasText: name }).first()).toBeVisible();
    const statuses = ((await (await agent.get('/api/lead-statuses?pageSize=50')).json()) as { data: { id: string; name: string }[] }).data;
    const contacted = statuses.find((status) => status.name === 'Contacted')!.id;
    const all = await leadsOf(agent, `q=${encodeURIComponent(name)}&pageSize=50`);
    expect(all.some((lead) => lead.status === contacted)).toBe(true);
    await agent.dispose();
  });
});
