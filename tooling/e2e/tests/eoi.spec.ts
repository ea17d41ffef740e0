import { expect, test } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn, type ApiUser } from '../support/notifications.js';
import { action, customers, dataOf, newUnits, palmHeights, pick, shot, stamp, type Rec } from '../support/sales.js';

/** A launch of our own in Palm Heights (open now, a week long), so nothing else shares its EOIs or tokens. */
async function newLaunch(admin: ApiUser, id: string, prefix: string): Promise<Rec & { name: string }> {
  const { project, plan } = await palmHeights(admin);
  return dataOf(
    admin.post('/api/eoi-setups', {
      name: `E2E launch ${id}`,
      project,
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      amount: '10000.00',
      maxEoisPerCustomer: 5,
      refundable: true,
      tokenPrefix: prefix,
      paymentPlan: plan,
    }),
    201,
  );
}

test('an EOI is submitted and paid through the screens, and shows its priority token', async ({ page, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  try {
    const launch = await newLaunch(admin, id, 'PT');
    const [customer] = await customers(admin, 1);
    const eoi = await dataOf<Rec>(admin.post('/api/eois', { setup: launch.id, customer: customer!.id, preferences: [{ unitType: 'Studio' }] }), 201);
    expect(eoi.amountDue).toBe('10000.00');

    await signIn(page, 'admin');
    await page.goto(`/sales/eoi/list?record=${eoi.id}`);
    const view = page.getByRole('region', { name: 'EOIs' });
    await expect(view.getByRole('heading', { name: `${customer!.fullName} — ${launch.name}` })).toBeVisible();
    await expect(view.getByText(eoi.number, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Submit the EOI to take payments.')).toBeVisible();
    await action(page, 'Submit');
    await expect(page.locator('.MuiChip-root', { hasText: /^Submitted$/ })).toBeVisible();

    // The view's own way to record a payment.
    await page.getByRole('link', { name: 'Record a payment' }).click();
    await expect(page).toHaveURL(/\/settings\/leads\/EoiPayments\/create/);
    // The link does not carry the EOI: the person chooses it again, by its number; the picker names
    // EOIs by their title (customer — launch).
    await pick(page, 'EOI', eoi.number, `${customer!.fullName} — ${launch.name}`);
    await page.getByLabel('Amount', { exact: false }).first().fill('10000.00');
    const date = page.getByRole('group', { name: /^Date/ }).first();
    await date.click();
    await page.keyboard.type('24112026');
    await pick(page, 'Method', 'Cash', /^Cash/);
    await page.getByRole('button', { name: 'Create EOI payment' }).click();
    await expect(page).toHaveURL(/record=/);
    await expect(page.getByText(/^EOP-/).first()).toBeVisible();

    const paid = await dataOf<Rec>(admin.get(`/api/eois/${eoi.id}`));
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '10000.00', token: 1, tokenLabel: 'PT-0001' });

    await page.goto(`/sales/eoi/list?record=${eoi.id}`);
    await expect(page.locator('.MuiChip-root', { hasText: /^Paid$/ })).toBeVisible();
    await expect(page.getByText('PT-0001', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payments and refunds' })).toContainText('10,000.00 EGP');
    await expect(page.getByRole('link', { name: 'Record a payment' })).toHaveCount(0);
    await shot(page, 'eoi-paid-token');
  } finally {
    await admin.dispose();
  }
});

test('a bulk deal is dry-run, its conflict resolved by hand, and published into reservations', async ({ page, baseURL }) => {
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  try {
    const { project } = await palmHeights(admin);
    // Two studios in blocks of their own: both EOIs prefer the one in block A.
    const blockA = `BA${id}`.slice(0, 20);
    const blockB = `BB${id}`.slice(0, 20);
    const [wanted] = [`BD${id}-1`];
    const spare = `BD${id}-2`;
    const units = {
      ...(await newUnits(admin, project, blockA, [{ code: wanted!, type: 'Studio', floor: 1, price: '1000000.00' }])),
      ...(await newUnits(admin, project, blockB, [{ code: spare, type: 'Studio', floor: 2, price: '1100000.00' }])),
    };
    const launch = await newLaunch(admin, id, 'BK');
    const buyers = await customers(admin, 2);
    const eois: Rec[] = [];
    for (const buyer of buyers) {
      const eoi = await dataOf<Rec>(admin.post('/api/eois', { setup: launch.id, customer: buyer.id, preferences: [{ unitType: 'Studio', block: blockA }] }), 201);
      await dataOf(admin.post(`/api/eois/${eoi.id}/actions/submit`, {}), 200);
      const cash = (await dataOf<{ id: string }[]>(admin.get('/api/payment-methods/options?q=Cash')))[0]!.id;
      await dataOf(admin.post('/api/eoi-payments', { eoi: eoi.id, kind: 'payment', amount: '10000.00', method: cash, paidOn: '2026-11-24' }), 201);
      eois.push(eoi);
    }
    const [first, second] = eois as [Rec, Rec];
    const deal = await dataOf<Rec>(admin.post('/api/bulk-deals', { setup: launch.id }), 201);

    await signIn(page, 'admin');
    await page.goto(`/sales/eoi/bulkdeals?record=${deal.id}`);
    await expect(page.getByText('No dry run yet', { exact: false })).toBeVisible();
    await action(page, 'Dry run');
    await expect(page.getByText(/Dry run: 1 matched, 1 conflicts/)).toBeVisible();
    const conflicts = page.getByRole('table', { name: 'Conflicts' });
    await expect(conflicts).toContainText(second.number);
    await expect(page.getByRole('table', { name: 'Matches' })).toContainText(wanted!);

    // By hand: the second EOI gets the spare studio.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const picks = page.getByRole('group', { name: /Units chosen by hand/ });
    await picks.getByRole('button', { name: /^Add / }).click();
    await picks.getByRole('textbox', { name: /^EOI number/ }).fill(second.number);
    await picks.getByRole('textbox', { name: /^Unit code/ }).fill(spare);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

    await action(page, 'Dry run');
    await expect(page.getByText(/Dry run: 2 matched, 0 conflicts/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Matches' })).toContainText('By hand');
    await action(page, 'Publish');
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

    for (const [eoi, unit] of [[first, wanted!], [second, spare]] as const) {
      const after = await dataOf<Rec>(admin.get(`/api/eois/${eoi.id}`));
      expect(after.status, `${eoi.number}`).toBe('allocated');
      expect(after.unit).toBe(units[unit]);
      expect(after.reservation).toBeTruthy();
      const reservation = await dataOf<Rec>(admin.get(`/api/reservations/${String(after.reservation)}`));
      expect(reservation.unit).toBe(units[unit]);
      expect((await dataOf<Rec>(admin.get(`/api/units/${units[unit]}`))).status).toBe('reserved');
    }
    await page.goto(`/sales/eoi/list?record=${second.id}`);
    await expect(page.getByText('Allocated', { exact: true }).first()).toBeVisible();
    await page.goto(`/sales/eoi/bulkdeals?record=${deal.id}`);
    await expect(page.getByText(/Dry run: 2 matched, 0 conflicts/)).toBeVisible();
    await shot(page, 'bulk-deal-published');
  } finally {
    await admin.dispose();
  }
});
