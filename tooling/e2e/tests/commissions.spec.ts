import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn } from '../support/notifications.js';
import { action, brokerWithContract, confirmedBrokerReservation, dataOf, isoDay, money, newCustomer, newUnits, optionId, percentOf, shot, stamp, type Rec } from '../support/sales.js';

/** The open record's status chip. */
const chip = (page: Page, status: string): Locator => page.locator('.MuiChip-root', { hasText: new RegExp(`^${status}$`) });
/** The definition shown for a field of the open record. */
const field = (page: Page, term: string): Locator => page.locator(`dt:text-is("${term}") + dd`).first();

type Line = Rec & { amount: string; basis: string; rate: string; recoverable: string; recovered: string; recoveryReference: string | null; paymentReference: string | null; clawbackReason: string | null };

/**
 * Issue 18, broker commission end to end: a sale brought by a broker with an active broker contract
 * for the project accrues the broker's commission (payable at once: the terms pay on signing);
 * finance finds it in the commission list, approves it, pays it with a transfer reference and sees
 * the broker's statement count it paid; the contract is then cancelled and the line shows the
 * paid commission as clawed back, the whole amount to recover, on its view and on the statement;
 * the broker returns part of it, then the rest, and the line ends recovered.
 */
test('a broker’s commission accrues with the sale, is approved, paid, clawed back when the contract is cancelled, and recovered', async ({ page, baseURL }) => {
  // About 15 s on a quiet machine; the other sales stories take three times as long on a busy one.
  test.setTimeout(90_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const agent = await apiSignIn(baseURL!, 'sales.agent');
  try {
    // Preconditions through the API: a project, unit, customer and broker of the story's own, the
    // broker's contract active for that project (2.5 % of the net price, payable on signing), the
    // agent's confirmed reservation naming the broker, and the contract made from it today.
    const project = await dataOf<Rec>(admin.post('/api/projects', { name: `E2E Commission ${id}`, code: `K${id}`.slice(0, 10), status: 'launched', currency: 'EGP' }), 201);
    const plans = await dataOf<{ id: string; project: string | null }[]>(admin.get('/api/payment-plans?pageSize=100'));
    const plan = plans.find((row) => row.project === null)!;
    const code = `CM${id}`;
    // A price whose 2.5 % falls on half a piastre (30,864.175): the line must round it half up.
    const units = await newUnits(admin, project.id, 'A', [{ code, type: 'Studio', floor: 2, price: '1234567.00' }]);
    const customer = await newCustomer(admin, `Hany Commission ${id}`);
    const broker = await brokerWithContract(admin, project.id, `E2E Realty ${id}`, { pct: '2.5' });
    const reservation = await confirmedBrokerReservation(agent, { unit: units[code]!, customer: customer.id, paymentPlan: plan.id, broker: broker.id });
    const template = await optionId(admin, 'contract-templates', 'Standard sale contract');
    const contract = await dataOf<Rec & { netPrice: string }>(admin.post('/api/contracts', { reservation: reservation.id, template, contractDate: isoDay() }), 201);
    expect(contract.netPrice).toBe('1234567.00');
    const amount = percentOf(contract.netPrice, '2.5');
    expect(amount).toBe('30864.18');

    // The server accrued exactly one line for the sale, already payable.
    const lines = await dataOf<Line[]>(admin.get(`/api/commissions?filter[contract]=${contract.id}&pageSize=10`));
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ status: 'payable', broker: broker.id, amount, basis: contract.netPrice, rate: '2.5% of the net price' });
    expect(line.number).toMatch(/^COM-\d{4}-\d{5}$/);

    // Finance opens the commission list and finds the line by the contract's number.
    await signIn(page, 'finance.manager');
    await page.goto('/sales/contracts/commissions');
    const grid = page.getByRole('grid', { name: 'Commissions' });
    await expect(grid).toBeVisible();
    await page.getByRole('textbox', { name: 'Search commissions' }).fill(String(contract.number));
    const row = grid.getByRole('row').filter({ hasText: line.number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Payable');
    await expect(row).toContainText(money(amount));
    await expect(grid.getByRole('row')).toHaveCount(2);

    // Its view: payable, the right basis, rate and amount.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`record=${line.id}`));
    await expect(field(page, 'Number')).toHaveText(line.number);
    await expect(chip(page, 'Payable')).toBeVisible();
    await expect(field(page, 'Broker')).toContainText(broker.name);
    await expect(field(page, 'Basis (net price)')).toHaveText(new RegExp(`^${money(contract.netPrice)}`));
    await expect(field(page, 'Rate')).toHaveText('2.5% of the net price');
    await expect(field(page, 'Commission')).toHaveText(new RegExp(`^${money(amount)}`));

    // Approved, then paid with the transfer's reference.
    await action(page, 'Approve');
    await expect(chip(page, 'Approved')).toBeVisible();
    await expect(field(page, 'Approved by')).toContainText(/\S/);
    const reference = `TRX-${id}`;
    await action(page, 'Mark paid', reference, 'Payment reference');
    await expect(chip(page, 'Paid')).toBeVisible();
    await expect(field(page, 'Payment reference')).toHaveText(reference);
    await expect(field(page, 'Paid on')).toContainText(/\d/);

    // The broker's statement shows it paid, and owes nothing more.
    await page.getByRole('link', { name: 'Broker statement' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/contracts/commissions/statement\\?broker=${broker.id}`));
    const statement = page.getByRole('region', { name: 'Broker commission statement' });
    await expect(statement.getByRole('heading', { name: broker.name })).toBeVisible();
    const statementLine = statement.getByRole('row').filter({ has: page.getByRole('link', { name: line.number, exact: true }) });
    await expect(statementLine).toHaveCount(1);
    await expect(statementLine.getByRole('cell').nth(1)).toHaveText(String(contract.number));
    await expect(statementLine.getByRole('cell').nth(3)).toHaveText(`${money(amount)} EGP`);
    await expect(statementLine.getByRole('cell').nth(2)).toHaveText('Paid');
    await expect(statementLine.getByRole('cell').nth(4)).toContainText(reference);
    await expect(statementLine.getByRole('cell').nth(5)).toHaveText('');
    const totals = statement.getByLabel('Totals');
    await expect(totals.getByText('Paid', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText(`${money(amount)} EGP`);
    await expect(totals.getByText('Owed to the broker', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText('0.00 EGP');
    await expect(totals.getByText('To recover', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText('0.00 EGP');

    // The buyer withdraws: finance (approve on contract) cancels the contract on its view.
    await page.goto(`/sales/contracts?record=${contract.id}`);
    await expect(field(page, 'Number')).toHaveText(String(contract.number));
    await action(page, 'Cancel contract', 'The buyer withdrew');
    await expect(chip(page, 'Cancelled')).toBeVisible();

    // The paid line is clawed back: the whole commission is to be recovered from the broker.
    await page.goto(`/sales/contracts/commissions?record=${line.id}`);
    await expect(field(page, 'Number')).toHaveText(line.number);
    await expect(chip(page, 'Clawed back')).toBeVisible();
    await expect(field(page, 'To recover')).toHaveText(new RegExp(`^${money(amount)}`));
    await expect(field(page, 'Reversal reason')).toContainText('The buyer withdrew');
    await expect(field(page, 'Payment reference')).toHaveText(reference);
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark paid', exact: true })).toHaveCount(0);
    await shot(page, 'commission-view-clawed-back');

    await page.getByRole('link', { name: 'Broker statement' }).click();
    await expect(statementLine.getByRole('cell').nth(2)).toHaveText('Clawed back');
    await expect(statementLine.getByRole('cell').nth(5)).toHaveText(`${money(amount)} EGP`);
    await expect(totals.getByText('To recover', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText(`${money(amount)} EGP`);
    await expect(totals.getByText('Net paid', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText('0.00 EGP');
    await shot(page, 'commission-clawed-back');

    // The broker returns 10,000.00 first: the line stays clawed back with the rest to recover.
    await page.goto(`/sales/contracts/commissions?record=${line.id}`);
    await page.getByRole('button', { name: 'Record part of the recovery' }).click();
    const dialog = page.getByRole('dialog', { name: /Record part of the recovery/ });
    await expect(dialog).toContainText(`The broker still owes ${money(amount)} EGP.`);
    await dialog.getByRole('textbox', { name: 'Amount returned' }).fill('10000.00');
    await dialog.getByRole('textbox', { name: 'Recovery reference' }).fill(`RCV-${id}-1`);
    await dialog.getByRole('button', { name: 'Record' }).click();
    await expect(dialog).toBeHidden();
    await expect(chip(page, 'Clawed back')).toBeVisible();
    await expect(field(page, 'To recover')).toHaveText(/^20,864\.18/);
    await expect(field(page, 'Recovered')).toHaveText(/^10,000\.00/);

    // Then the rest, by the line's action: it ends recovered, nothing more to recover.
    await action(page, 'Record recovery', `RCV-${id}-2`, 'Recovery reference');
    await expect(chip(page, 'Recovered')).toBeVisible();
    await expect(field(page, 'To recover')).toHaveText(/^0\.00/);
    await expect(field(page, 'Recovered')).toHaveText(new RegExp(`^${money(amount)}`));
    await expect(page.getByRole('button', { name: 'Record part of the recovery' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Broker statement' }).click();
    await expect(statementLine.getByRole('cell').nth(2)).toHaveText('Recovered');
    await expect(statementLine.getByRole('cell').nth(6)).toContainText(`${money(amount)} EGP`);
    await expect(totals.getByText('To recover', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText('0.00 EGP');
    await expect(totals.getByText('Recovered', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText(`${money(amount)} EGP`);
    await expect(totals.getByText('Net paid', { exact: true }).locator('xpath=following-sibling::p[1]')).toHaveText('0.00 EGP');
    await shot(page, 'commission-recovered');

    // What the screens said is what the server holds.
    expect(await dataOf<Line>(admin.get(`/api/commissions/${line.id}`))).toMatchObject({ status: 'recovered', amount, recoverable: '0.00', recovered: amount, paymentReference: reference });
    expect((await dataOf<Rec>(admin.get(`/api/contracts/${contract.id}`))).status).toBe('cancelled');
  } finally {
    await Promise.all([admin.dispose(), agent.dispose()]);
  }
});
