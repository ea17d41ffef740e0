import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';

type Page<T> = { data: T[] };
type BoardUnit = { id: string; code: string; status: string; claim: unknown };

/**
 * The live inventory board (issue 17) in Chromium on the real server: an agent asks for a hold,
 * a manager approves it, and another agent's open board shows the unit held within a second.
 */
test('a hold approved anywhere shows on an open board within a second', async ({ page }, info) => {
  const baseURL = String(info.project.use.baseURL);
  const admin = await apiSignIn(baseURL, 'admin');
  const agent = await apiSignIn(baseURL, 'sales.agent');
  const manager = await apiSignIn(baseURL, 'sales.manager');
  try {
    // A second agent with the Sales Agent role (which reads units: the board) watches.
    const stamp = Date.now().toString(36);
    const roles = ((await (await admin.get('/api/roles?pageSize=100')).json()) as Page<{ id: string; name: string }>).data;
    const salesAgentRole = roles.find((role) => role.name === 'Sales Agent')!.id;
    const username = `board.agent.${stamp}`;
    const created = await admin.post('/api/users', {
      username,
      fullName: 'Bushra Board',
      password: DEMO_PASSWORD,
      department: agent.departmentId,
      roles: [salesAgentRole],
    });
    expect(created.status(), await created.text()).toBe(201);

    const palm = ((await (await admin.get('/api/projects/options?q=Palm%20Heights')).json()) as { data: { id: string }[] }).data[0]!.id;
    const board = ((await (await admin.get(`/api/units/board?project=${palm}`)).json()) as { data: { units: BoardUnit[] } }).data;
    const unit = board.units.find((candidate) => candidate.status === 'available' && candidate.claim === null)!;
    const customer = ((await (await admin.get('/api/customers?pageSize=1')).json()) as Page<{ id: string }>).data[0]?.id;
    const lead = customer ? null : ((await (await agent.get('/api/leads?pageSize=1')).json()) as Page<{ id: string }>).data[0]!.id;

    // The second agent's board is open and live.
    await signIn(page, username);
    await page.goto(`/sales/units/board?project=${palm}`);
    const cell = page.locator(`[data-unit="${unit.code}"]`);
    await expect(cell).toHaveAttribute('data-status', 'available');
    await expect(page.getByLabel('Live updates: Live')).toBeVisible();
    const onHold = page.locator('[data-status-count="on_hold"]');
    const heldBefore = Number(/(\d+)$/.exec((await onHold.textContent()) ?? '')?.[1]);

    const requested = await agent.post('/api/hold-requests', { unit: unit.id, ...(customer ? { customer } : { lead }), hours: 24, reason: 'Customer visiting today' });
    expect(requested.status(), await requested.text()).toBe(201);
    const hold = ((await requested.json()) as { data: { id: string } }).data;
    // A pending request claims nothing: the board still shows the unit available.
    await expect(cell).toHaveAttribute('data-status', 'available');

    const approved = await manager.post(`/api/hold-requests/${hold.id}/actions/approve`, {});
    expect(approved.status(), await approved.text()).toBe(200);
    const answeredAt = Date.now();
    await expect(cell).toHaveAttribute('data-status', 'on_hold', { timeout: 1000 });
    expect(Date.now() - answeredAt).toBeLessThan(1000);
    await expect(onHold).toHaveText(new RegExp(`: ${heldBefore + 1}$`));

    // The card says who holds it until when; a keyboard opens it.
    await cell.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: `Unit ${unit.code}` });
    await expect(card.getByLabel('Current claim')).toContainText(/Held by Samir Sales until \d/);
    await expect(card.getByRole('list', { name: 'Unit story' })).toContainText('Available → On hold');
    await page.getByRole('button', { name: 'Close the unit card' }).click();

    // Released: the board shows it available again.
    expect((await agent.post(`/api/hold-requests/${hold.id}/actions/release`, {})).status()).toBe(200);
    await expect(cell).toHaveAttribute('data-status', 'available', { timeout: 1000 });
  } finally {
    await Promise.all([admin.dispose(), agent.dispose(), manager.dispose()]);
  }
});

/**
 * Launch day (issue 26): a reload of a board that did not change costs the server a 304 without a body;
 * the browser keeps the board by its ETag and asks again each time.
 */
test('a reload of an unchanged board is answered 304 and shows the same board', async ({ page }, info) => {
  const baseURL = String(info.project.use.baseURL);
  const admin = await apiSignIn(baseURL, 'admin');
  try {
    const palm = ((await (await admin.get('/api/projects/options?q=Palm%20Heights')).json()) as { data: { id: string }[] }).data[0]!.id;
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    // The status on the wire (a revalidated answer reaches the page as the kept 200; its ExtraInfo says 304).
    const boardRequests = new Set<string>();
    const wire: { requestId: string; status: number }[] = [];
    network.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
      if (event.request.url.includes('/api/units/board?')) boardRequests.add(event.requestId);
    });
    network.on('Network.responseReceivedExtraInfo', (event: { requestId: string; statusCode: number }) => wire.push({ requestId: event.requestId, status: event.statusCode }));
    const boardAnswers = () => wire.filter((answer) => boardRequests.has(answer.requestId)).map((answer) => answer.status);

    await signIn(page, 'sales.agent');
    await page.goto(`/sales/units/board?project=${palm}`);
    const counts = page.locator('[data-status-count="available"]');
    await expect(counts).toBeVisible();
    const before = await counts.textContent();
    await expect.poll(() => boardAnswers().length).toBeGreaterThan(0);
    expect(boardAnswers()[0]).toBe(200);
    const loaded = boardAnswers().length;

    await page.reload();
    await expect(counts).toHaveText(before!);
    await expect.poll(() => boardAnswers().length).toBeGreaterThan(loaded);
    // Whatever asked again (the reload, a stream reset) got a 304: the board had not changed.
    expect(boardAnswers().slice(loaded).every((status) => status === 304), String(boardAnswers())).toBe(true);
  } finally {
    await admin.dispose();
  }
});

/**
 * The board's hidden live region once measured `width: 1` (MUI reads it as 100%): absolutely placed, it made the
 * page 96 px wider than the window, and in Arabic the sidebar was drawn over by the board. The page fits its window,
 * the sidebar on the right and its rail visible, in both languages.
 */
for (const locale of ['en-US', 'ar-EG']) {
  test(`the board fits the window (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await signIn(page, 'admin');
    await page.goto('/sales/units/board');
    await expect(page.locator('[data-status-count="available"]')).toBeVisible();
    const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(sizes.page, 'page width against the window').toBeLessThanOrEqual(sizes.window);
    const nav = (await page.locator('nav[data-pinned]').boundingBox())!;
    if (locale === 'ar-EG') expect(nav.x + nav.width).toBeGreaterThan(sizes.window - 2);
    else expect(nav.x).toBeLessThan(2);
    // Nothing of the page is drawn over the sidebar: the element at its middle belongs to it.
    const inside = await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('nav[data-pinned]'), [nav.x + nav.width / 2, nav.y + nav.height / 2]);
    expect(inside, 'the sidebar is on top at its own middle').toBe(true);
    await context.close();
  });
}
