import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';

/**
 * Issue 16, item 5: everything the browser keeps belongs to the signed-in user. One user signs out
 * from the sidebar and another signs in in the same tab (no reload): from the first paint on,
 * nothing of the first session may show — no row, count, button or label.
 *
 * A MutationObserver installed before the app's code records what every DOM state the browser could
 * paint shows (a MutationObserver callback runs before the next frame): grid rows by id, the urgent
 * chips, the list's count, labels and buttons. The phase turns from 'first' to 'second' when the
 * page reaches /login after the first user.
 */
const SHOTS = process.env.SIGNOUT_SHOTS_DIR ?? '';
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

type Seen = { phase: 'first' | 'second'; kind: 'row' | 'chip' | 'count' | 'label' | 'button' | 'path'; value: string };

declare global {
  interface Window {
    __seen: Seen[];
    __phase: 'first' | 'second';
  }
}

function installRecorder() {
  window.__seen = [];
  window.__phase = 'first';
  let leftFirst = false;
  const known = new Set<string>();
  const note = (kind: Seen['kind'], value: string | null | undefined) => {
    const text = (value ?? '').replace(/\s+/g, ' ').trim();
    if (!text) return;
    const key = `${window.__phase}\u0000${kind}\u0000${text}`;
    if (known.has(key)) return;
    known.add(key);
    window.__seen.push({ phase: window.__phase, kind, value: text });
  };
  const scan = () => {
    // The first user's session ends where /login shows; from then on everything is the second's.
    if (location.pathname !== '/login' && window.__phase === 'first') leftFirst = true;
    if (location.pathname === '/login' && leftFirst) window.__phase = 'second';
    note('path', location.pathname + location.search);
    document.querySelectorAll('[role="row"][data-id]').forEach((row) => note('row', row.getAttribute('data-id')));
    document.querySelectorAll('[data-testid="lead-urgent"]').forEach((chip) => note('chip', chip.textContent));
    document.querySelectorAll('.MuiTablePagination-displayedRows').forEach((count) => note('count', count.textContent));
    document.querySelectorAll('label').forEach((label) => note('label', label.textContent));
    document.querySelectorAll('button').forEach((button) => note('button', button.getAttribute('aria-label') ?? button.textContent));
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-id', 'aria-label'] });
}

const seen = (page: Page) => page.evaluate(() => window.__seen);
const values = (list: Seen[], phase: Seen['phase'], kind: Seen['kind']) => [...new Set(list.filter((item) => item.phase === phase && item.kind === kind).map((item) => item.value))];
const textsOf = async (page: Page, selector: string) => (await page.locator(selector).allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);

/** Signs out from the sidebar, as a person would. */
async function signOutFromSidebar(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs in on the /login the app is showing: the same tab and document, no reload. */
async function signInHere(page: Page, username: string) {
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Lets the calls under way answer (the live notifications keep a stream open, so no 'networkidle'). */
const settle = (page: Page) => page.waitForTimeout(1_000);

/** The rows of the list once loaded (at least one). */
async function listedIds(page: Page): Promise<string[]> {
  const rows = page.locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  await settle(page);
  return rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-id') ?? ''));
}

/** Goes to a page of the shell by the client-side router (as a sidebar link would), keeping the document. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

test.describe('a sign-out forgets everything of the session in the tab', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installRecorder);
  });

  test('admin, then sales.agent on /sales/leads: no row, count or Assign to of the admin', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    await page.goto('/sales/leads');
    const adminIds = await listedIds(page);
    const adminCount = await textsOf(page, '.MuiTablePagination-displayedRows');
    expect(adminCount.length, 'the list shows its count').toBeGreaterThan(0);

    // The admin's lead view offers Assign to.
    const first = adminIds[0]!;
    await page.locator(`[role="row"][data-id="${first}"]`).click();
    await expect(page).toHaveURL(new RegExp(`record=${first}`));
    await expect(page.getByLabel('Assign to')).toBeVisible();
    await page.goBack();
    await listedIds(page);

    // Which of the admin's rows the agent may not see (the server says, one by one).
    const agentApi = await apiSignIn(baseURL!, 'sales.agent');
    const forbidden: string[] = [];
    for (const id of adminIds) if ((await agentApi.get(`/api/leads/${id}`)).status() !== 200) forbidden.push(id);
    await agentApi.dispose();
    expect(forbidden.length, "the admin's page lists leads of other agents").toBeGreaterThan(0);

    await signOutFromSidebar(page);
    await signInHere(page, 'sales.agent');
    await openInApp(page, '/sales/leads');
    const agentIds = await listedIds(page);
    expect.soft(agentIds.filter((id) => forbidden.includes(id)), "the admin's rows on the agent's list").toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sales-agent-leads-after-switch.png`, fullPage: true });

    // One of the agent's own leads: no Assign to, at any moment.
    const own = agentIds[0]!;
    await page.locator(`[role="row"][data-id="${own}"]`).click();
    await expect(page).toHaveURL(new RegExp(`record=${own}`));
    await expect(page.getByRole('form', { name: 'Log an activity' })).toBeVisible();
    await settle(page);
    await expect.soft(page.getByLabel('Assign to'), 'Assign to offered to the agent').toHaveCount(0);

    const recorded = await seen(page);
    expect(values(recorded, 'second', 'path')[0], 'the second phase starts on /login').toBe('/login');
    const adminChips = values(recorded, 'first', 'chip');
    const adminCounts = values(recorded, 'first', 'count');

    // The agent's own figures, from a fresh page (nothing cached at all).
    await page.goto('/sales/leads');
    await listedIds(page);
    const agentChips = await textsOf(page, '[data-testid="lead-urgent"]');
    const agentCounts = await textsOf(page, '.MuiTablePagination-displayedRows');

    const leakedRows = values(recorded, 'second', 'row').filter((id) => forbidden.includes(id));
    const leakedChips = values(recorded, 'second', 'chip').filter((text) => adminChips.includes(text) && !agentChips.includes(text));
    // '0–0 of 0' (before issue 19) and 'Loading…' (since) are the grid's own text while loading, nobody's figure.
    const leakedCounts = values(recorded, 'second', 'count').filter((text) => adminCounts.includes(text) && !agentCounts.includes(text) && text !== '0–0 of 0' && text !== 'Loading…');
    const assignLabels = values(recorded, 'second', 'label').filter((text) => text.startsWith('Assign to'));
    expect({ leakedRows, leakedChips, leakedCounts, assignLabels }).toEqual({ leakedRows: [], leakedChips: [], leakedCounts: [], assignLabels: [] });
    // The recorder did see the agent's own rows (it watched the right thing).
    expect(values(recorded, 'second', 'row').length).toBeGreaterThan(0);
  });

  test('procurement.manager, then procurement.officer on /procurement/purchaseRequest: no approve button of the manager', async ({ page, baseURL }) => {
    const managerApi = await apiSignIn(baseURL!, 'procurement.manager');
    const submitted = ((await (await managerApi.get('/api/purchase-requests?filter[status][eq]=submitted&pageSize=1')).json()) as { data: { id: string }[] }).data[0];
    await managerApi.dispose();
    expect(submitted, 'a submitted request (demo data)').toBeTruthy();
    const requestPath = `/procurement/purchaseRequest?record=${submitted!.id}`;

    await signIn(page, 'procurement.manager');
    await page.goto('/procurement/purchaseRequest');
    await listedIds(page);
    await openInApp(page, requestPath);
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await settle(page);

    await signOutFromSidebar(page);
    await signInHere(page, 'procurement.officer');
    await expect(page).toHaveURL(/\/procurement\/purchaseRequest/);
    await listedIds(page);
    await openInApp(page, requestPath);
    await expect(page.getByText('Electrical rough-in, Block C').first()).toBeVisible();
    await settle(page);
    await expect.soft(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

    const recorded = await seen(page);
    expect(values(recorded, 'first', 'button')).toContain('Approve');
    const managerOnly = values(recorded, 'second', 'button').filter((text) => ['Approve', 'Reject'].includes(text));
    expect(managerOnly).toEqual([]);
    // The manager's sidebar entry (approval tiers) never shows for the officer.
    const officerLinks = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(officerLinks.join(' ')).not.toMatch(/Approval tiers/i);
  });
});
