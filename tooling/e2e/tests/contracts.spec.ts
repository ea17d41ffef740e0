import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/demo.js';
import { apiSignIn, openCentre, closeCentre } from '../support/notifications.js';
import { action, confirmedReservation, dataOf, isoDay, money, newCustomer, newUnits, optionId, palmHeights, pick, shot, stamp, typeDate, type Rec } from '../support/sales.js';

async function as(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** On failure, what the second person's page showed (the report has only the fixture page's). */
async function attachScreen(page: Page, name: string): Promise<void> {
  if (page.isClosed()) return;
  await test.info().attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' }).catch(() => undefined);
  await test.info().attach(`${name}.aria.txt`, { body: await page.locator('body').ariaSnapshot().catch(() => ''), contentType: 'text/plain' }).catch(() => undefined);
}

/** The open record's status chip. */
const chip = (page: Page, status: string): Locator => page.locator('.MuiChip-root', { hasText: new RegExp(`^${status}$`) });
/** A row of the contract panel's installments table, by its number. */
const installment = (page: Page, seq: number): Locator =>
  page.getByRole('table', { name: 'Installments' }).getByRole('row').filter({ has: page.getByRole('cell', { name: String(seq), exact: true }) });
/** The definition shown for a field of the open record. */
const field = (page: Page, term: string): Locator => page.locator(`dt:text-is("${term}") + dd`).first();

/**
 * Issue 18, the story finance lives by: a sales manager draws up the contract from a confirmed
 * reservation (the unit turns contracted); finance prints it, registers the customer's cheque (its
 * receipt covers the oldest installment: not paid until it clears, issue 25), deposits it, sees it
 * bounce (the dialog says what the bounce charges; the installment reopens, the bounce charge is
 * added, it is listed under Bounced Cheques, a notification arrives), records the replacement cheque
 * linked to it, deposits it and sees it cleared (the installment paid).
 */
test('a contract is made, printed, paid by a cheque that bounces, and paid again by its replacement', async ({ page, browser, baseURL }) => {
  // Some twenty screens by two people: about 35 s on a quiet machine, over two minutes on a busy one (load 20 on 2 cores).
  test.setTimeout(180_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const agent = await apiSignIn(baseURL!, 'sales.agent');
  const finance = await as(browser, 'finance.manager');
  try {
    // Preconditions through the API: a unit of our own, a customer of our own, the agent's confirmed reservation.
    const { project, plan } = await palmHeights(admin);
    const code = `CT${id}`;
    const units = await newUnits(admin, project, code.slice(0, 20), [{ code, type: 'Studio', floor: 4, price: '1000000.00' }]);
    const customer = await newCustomer(admin, `Karim Cheque ${id}`);
    const reservation = await confirmedReservation(agent, { unit: units[code]!, customer: customer.id, paymentPlan: plan });
    const charge = await dataOf<{ amount: string | null }>(admin.get(`/api/cheques/bounce-charges/${project}`));
    const today = isoDay();

    // The sales manager draws up the contract on the create form.
    await signIn(page, 'sales.manager');
    await page.goto('/sales/contracts/create');
    await pick(page, 'Reservation', reservation.number, `${customer.fullName} – ${code}`);
    await pick(page, 'Template', 'Standard sale contract');
    await typeDate(page, 'Contract date', today);
    await page.getByRole('button', { name: 'Create contract' }).click();
    await expect(page).toHaveURL(/\/sales\/contracts\?record=/);
    const contractId = new URL(page.url()).searchParams.get('record')!;
    await expect(field(page, 'Number')).toHaveText(/^CNT-\d{4}-\d{5}$/);
    const number = (await field(page, 'Number').textContent())!;
    await expect(chip(page, 'Active')).toBeVisible();
    await expect(field(page, 'Step')).toHaveText('Draft');
    // Moving it through the steps is finance's (approve on contract): the maker is offered no step.
    await expect(page.getByRole('button', { name: 'Print (English)' })).toBeVisible();
    await expect(page.getByText('Next steps:')).toHaveCount(0);
    // Nor is the receipt form offered to one who issues no receipts.
    await expect(page.getByRole('link', { name: 'Take a payment' })).toHaveCount(0);
    await expect(field(page, 'Net price')).toHaveText(/^1,000,000\.00/);
    const rows = await dataOf<(Rec & { seq: number; kind: string; amount: string })[]>(admin.get(`/api/installments?filter[contract]=${contractId}&pageSize=200&sort=seq`));
    const first = rows[0]!;
    expect(first.kind).toBe('down_payment');
    await expect(installment(page, 1)).toContainText(`Down payment`);
    await expect(installment(page, 1)).toContainText(`${money(first.amount)} EGP`);
    await expect(installment(page, 1).getByRole('cell').last()).toHaveText('Open');

    // The unit is contracted now, as its screen says.
    await page.goto(`/settings/leads/units?record=${units[code]!}`);
    await expect(field(page, 'Status')).toHaveText('Contracted');

    // Finance prints it: a PDF opens in a new tab, and the print is kept.
    await finance.goto(`/sales/contracts?record=${contractId}`);
    await expect(field(finance, 'Number')).toHaveText(number);
    const opened = finance.context().waitForEvent('page');
    // The tab's own answer (its PDF viewer asks again, headerless, after it).
    const answered = finance.context().waitForEvent('response', (response) => response.url().includes(`/api/contracts/${contractId}/print?lang=en`));
    await finance.getByRole('button', { name: 'Print (English)' }).click();
    const [tab, printed] = await Promise.all([opened, answered]);
    expect(tab.url()).toContain(`/api/contracts/${contractId}/print?lang=en`);
    expect(printed.status()).toBe(200);
    expect(await printed.headerValue('content-type')).toBe('application/pdf');
    expect(Number(await printed.headerValue('content-length'))).toBeGreaterThan(10_000);
    await tab.close();
    const kept = finance.getByRole('link', { name: /^English, issued \d{1,2} \w{3} \d{4}, \d{2}:\d{2} by Fatma Finance$/ });
    await expect(kept).toBeVisible();
    const pdf = await finance.context().request.get((await kept.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);

    // Finance sends it on to legal review.
    // A step asks before it moves.
    await finance.getByRole('button', { name: 'Send to legal → Legal review' }).click();
    const ask = finance.getByRole('dialog', { name: 'Send to legal' });
    await expect(ask).toContainText(/Move CNT-\d{4}-\d{5} from “Draft” to “Legal review”\?/);
    await ask.getByRole('button', { name: 'Send to legal' }).click();
    await expect(field(finance, 'Step')).toHaveText('Legal review');
    await expect(finance.getByRole('button', { name: 'Approve → Customer signature' })).toBeVisible();

    // The customer hands over a cheque for the down payment; finance registers it.
    await finance.goto('/settings/leads/Cheques');
    await finance.getByRole('button', { name: 'New cheque' }).click();
    const chequeNo = `7${id.replace(/\D/g, '').slice(-7).padStart(7, '0')}`;
    await pick(finance, 'Customer', customer.fullName);
    await pick(finance, 'Contract', number, new RegExp(`^${code} · `));
    await finance.getByRole('textbox', { name: 'Cheque number' }).fill(chequeNo);
    await pick(finance, 'Bank', 'Banque Misr');
    await typeDate(finance, 'Due date', today);
    await finance.getByRole('textbox', { name: 'Amount' }).fill(first.amount);
    await finance.getByRole('textbox', { name: 'Drawer' }).fill(customer.fullName);
    await finance.getByRole('button', { name: 'Create cheque' }).click();
    await expect(finance).toHaveURL(/record=/);
    const chequeId = new URL(finance.url()).searchParams.get('record')!;
    await expect(chip(finance, 'Received')).toBeVisible();
    // Its receipt (RCT-…) was issued at once and covers the oldest installment, #1, until the cheque clears.
    const paid = finance.getByLabel('Installments covered').getByRole('row');
    await expect(paid).toHaveCount(1);
    await expect(paid.first()).toContainText(/^RCT-\d{4}-\d{5} #1 due /);
    await expect(paid.first()).toContainText(`${money(first.amount)} EGP`);
    await expect(paid.first().getByRole('cell').last()).toHaveText('Covers');
    const receiptNo = /^(RCT-\d{4}-\d{5})/.exec((await paid.first().textContent())!)![1]!;
    const receiptId = String((await dataOf<Rec>(admin.get(`/api/cheques/${chequeId}`))).receipt);
    await finance.goto(`/settings/leads/Receipt?record=${receiptId}`);
    await expect(field(finance, 'Number')).toHaveText(receiptNo);
    await expect(field(finance, 'Method')).toHaveText('Cheque');
    await expect(chip(finance, 'Issued')).toBeVisible();
    await expect(finance.getByLabel('Receipt items')).toContainText(`${money(first.amount)} EGP`);
    await finance.goto(`/sales/contracts?record=${contractId}`);
    await expect(installment(finance, 1).getByRole('cell').nth(4)).toHaveText('0.00 EGP');
    await expect(installment(finance, 1).getByRole('cell').nth(5)).toHaveText(`${money(first.amount)} EGP`);
    await expect(installment(finance, 1).getByRole('cell').last()).toHaveText('Covered');
    await shot(finance, 'contract-cheque-covers');

    // Deposited, then bounced for lack of funds: the dialog says what the bounce charges.
    await finance.goto(`/settings/leads/Cheques?record=${chequeId}`);
    await action(finance, 'Deposit');
    await expect(chip(finance, 'Deposited')).toBeVisible();
    await finance.getByRole('button', { name: 'Bounced', exact: true }).click();
    await expect(finance.getByRole('dialog')).toContainText(charge.amount ? `${money(charge.amount)} EGP, is added to ${number}.` : 'has no bounce charge: none is added.');
    await shot(finance, 'cheque-bounce-dialog');
    await finance.getByRole('dialog').getByRole('button', { name: 'Go back' }).click();
    await action(finance, 'Bounced', 'Insufficient funds');
    await expect(chip(finance, 'Bounced')).toBeVisible();
    await expect(field(finance, 'Bounced reason')).toHaveText('Insufficient funds');
    // The panel below keeps its first answer until the view is opened again (reported: it is not refreshed by the action).
    await finance.reload();
    await expect(finance.getByLabel('Installments covered').getByRole('row').first().getByRole('cell').last()).toHaveText('Reversed');

    // The installment is open again, and the project's bounce charge is on the ledger.
    await finance.goto(`/sales/contracts?record=${contractId}`);
    await expect(installment(finance, 1).getByRole('cell').nth(4)).toHaveText('0.00 EGP');
    await expect(installment(finance, 1).getByRole('cell').last()).toHaveText('Open');
    if (charge.amount) {
      await expect(installment(finance, rows.length + 1)).toContainText('Fee');
      await expect(installment(finance, rows.length + 1)).toContainText(`${money(charge.amount)} EGP`);
    }

    // Bounced Cheques lists it; finance is told.
    await finance.goto('/settings/leads/BouncedCheques');
    await expect(finance.getByLabel('Bounced cheques')).toContainText(chequeNo);
    const centre = await openCentre(finance);
    await expect(centre.getByTestId('notification-item').filter({ hasText: `Cheque bounced: ` }).filter({ hasText: chequeNo }).first()).toBeVisible();
    await closeCentre(finance);

    // The customer brings a replacement cheque; finance records it against the bounced one, from the same register.
    await finance.getByRole('button', { name: 'New cheque' }).click();
    const replacementNo = `8${chequeNo.slice(1)}`;
    await pick(finance, 'Customer', customer.fullName);
    await pick(finance, 'Contract', number, new RegExp(`^${code} · `));
    await finance.getByRole('textbox', { name: 'Cheque number' }).fill(replacementNo);
    await pick(finance, 'Bank', 'National Bank of Egypt');
    await typeDate(finance, 'Due date', today);
    await finance.getByRole('textbox', { name: 'Amount' }).fill(first.amount);
    await finance.getByRole('textbox', { name: 'Drawer' }).fill(customer.fullName);
    await pick(finance, 'Replaces', chequeNo, new RegExp(chequeNo));
    await finance.getByRole('button', { name: 'Create cheque' }).click();
    await expect(finance).toHaveURL(/record=/);
    const replacementId = new URL(finance.url()).searchParams.get('record')!;
    expect(replacementId).not.toBe(chequeId);
    await expect(chip(finance, 'Received')).toBeVisible();
    await expect(field(finance, 'Replaces')).toContainText(chequeNo);

    // Deposited and cleared.
    await action(finance, 'Deposit');
    await expect(chip(finance, 'Deposited')).toBeVisible();
    await action(finance, 'Cleared');
    await expect(chip(finance, 'Cleared')).toBeVisible();

    // The bounced cheque is replaced, and names its replacement.
    await finance.goto(`/settings/leads/Cheques?record=${chequeId}`);
    await expect(chip(finance, 'Replaced')).toBeVisible();
    await expect(field(finance, 'Replaced by')).toContainText(replacementNo);

    // The down payment is paid again.
    await finance.goto(`/sales/contracts?record=${contractId}`);
    await expect(installment(finance, 1).getByRole('cell').nth(4)).toHaveText(`${money(first.amount)} EGP`);
    await expect(installment(finance, 1).getByRole('cell').last()).toHaveText('Paid');
    await shot(finance, 'contract-cheque-replaced');

    // What the screens said is what the server holds.
    expect((await dataOf<Rec>(admin.get(`/api/units/${units[code]!}`))).status).toBe('contracted');
    expect(await dataOf<Rec>(admin.get(`/api/cheques/${chequeId}`))).toMatchObject({ status: 'replaced', replacement: replacementId });
    expect(await dataOf<Rec>(admin.get(`/api/cheques/${replacementId}`))).toMatchObject({ status: 'cleared', replaces: chequeId });
    expect((await dataOf<Rec>(admin.get(`/api/contracts/${contractId}`))).paid).toBe(first.amount);
  } catch (error) {
    await attachScreen(finance, 'finance');
    throw error;
  } finally {
    await finance.context().close().catch(() => undefined);
    await Promise.all([admin.dispose(), agent.dispose()]);
  }
});

/**
 * Issue 18's figures: a contract of a project of our own, its down payment 45 days late; finance takes
 * part of it from the contract's "Take a payment". The collections dashboard's aging (that project, the
 * agent) drops by exactly what was paid, and the customer's statement shows the charge, the receipt and
 * the balance.
 */
test('the collections dashboard and the customer’s statement show what a receipt paid', async ({ page, browser, baseURL }) => {
  // About 15 s on a quiet machine, 45 s on a busy one.
  test.setTimeout(90_000);
  const id = stamp();
  const admin = await apiSignIn(baseURL!, 'admin');
  const agent = await apiSignIn(baseURL!, 'sales.agent');
  const finance = await as(browser, 'finance.manager');
  try {
    const projectName = `E2E Collections ${id}`;
    const project = await dataOf<Rec>(admin.post('/api/projects', { name: projectName, code: `C${id}`.slice(0, 10), status: 'launched', currency: 'EGP' }), 201);
    const plans = await dataOf<{ id: string; name: string; project: string | null }[]>(admin.get('/api/payment-plans?pageSize=100'));
    const plan = plans.find((row) => row.project === null && row.name === '10% down, 7 years quarterly') ?? plans.find((row) => row.project === null)!;
    const code = `CL${id}`;
    const units = await newUnits(admin, project.id, 'A', [{ code, type: 'Studio', floor: 1, price: '1000000.00' }]);
    const customer = await newCustomer(admin, `Laila Statement ${id}`);
    const reservation = await confirmedReservation(agent, { unit: units[code]!, customer: customer.id, paymentPlan: plan.id });
    const template = await optionId(admin, 'contract-templates', 'Standard sale contract');
    const contract = await dataOf<Rec>(admin.post('/api/contracts', { reservation: reservation.id, template, contractDate: isoDay(-45) }), 201);
    const rows = await dataOf<(Rec & { seq: number; kind: string; amount: string; dueDate: string })[]>(admin.get(`/api/installments?filter[contract]=${contract.id}&pageSize=200&sort=seq`));
    const due = rows.filter((row) => row.dueDate <= isoDay());
    expect(due.map((row) => row.kind)).toEqual(['down_payment']);
    const owed = due[0]!.amount;
    const pay = '40000.00';
    const rest = money(owed, `-${pay}`);

    // Before: the project's line on the dashboard owes the whole down payment, 31–60 days late.
    await finance.goto('/sales/contracts/collections');
    const aging = finance.getByRole('region', { name: 'Past due by age' });
    const line = aging.getByRole('row').filter({ has: finance.getByRole('cell', { name: projectName, exact: true }) });
    await aging.getByText('Figures', { exact: true }).click();
    await expect(line.getByRole('cell')).toHaveText([projectName, 'Samir Sales', '0.00 EGP', `${money(owed)} EGP`, '0.00 EGP', '0.00 EGP', `${money(owed)} EGP`]);

    // Finance takes a part payment from the contract's own link.
    await finance.goto(`/sales/contracts?record=${contract.id}`);
    await finance.getByRole('link', { name: 'Take a payment' }).click();
    await expect(finance).toHaveURL(/\/receipt\/createNewReceipt\?/);
    await expect(finance.getByRole('combobox', { name: 'Customer' })).toHaveValue(customer.fullName);
    await finance.getByRole('textbox', { name: 'Amount' }).fill(pay);
    await finance.getByRole('button', { name: 'Create receipt' }).click();
    await expect(finance).toHaveURL(/record=/);
    await expect(field(finance, 'Number')).toHaveText(/^RCT-\d{4}-\d{5}$/);
    const receiptNo = (await field(finance, 'Number').textContent())!;
    const items = finance.getByLabel('Receipt items').getByRole('row');
    await expect(items.filter({ hasText: '#1' })).toContainText(`${money(pay)} EGP`);
    await finance.goto(`/sales/contracts?record=${contract.id}`);
    await expect(installment(finance, 1).getByRole('cell').nth(4)).toHaveText(`${money(pay)} EGP`);
    await expect(installment(finance, 1).getByRole('cell').last()).toContainText('Partly paid');

    // After: the dashboard's line owes the rest.
    await finance.goto('/sales/contracts/collections');
    await aging.getByText('Figures', { exact: true }).click();
    await expect(line.getByRole('cell')).toHaveText([projectName, 'Samir Sales', '0.00 EGP', `${rest} EGP`, '0.00 EGP', '0.00 EGP', `${rest} EGP`]);

    // The sales manager opens the customer: the statement has the charge, the receipt and the balance.
    await signIn(page, 'sales.manager');
    await page.goto(`/settings/leads/Customers?record=${customer.id}`);
    const statement = page.getByRole('region', { name: 'Statement of account' });
    await expect(statement.getByText(/^Due: /)).toHaveText(new RegExp(`^Due: ${money(owed)}`));
    await expect(statement.getByText(/^Paid: /)).toHaveText(new RegExp(`^Paid: ${money(pay)}`));
    await expect(statement.getByText(/^Balance owed: /)).toHaveText(new RegExp(`^Balance owed: ${rest}`));
    const later = rows.filter((row) => row.dueDate > isoDay()).map((row) => row.amount);
    await expect(statement.getByText(/^Not yet due: /)).toHaveText(new RegExp(`^Not yet due: ${money(...later)}`));
    const lines = statement.getByRole('table').getByRole('row');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(1)).toContainText(`${String(contract.number)} #1`);
    await expect(lines.nth(1).getByRole('cell').last()).toHaveText(new RegExp(`^${money(owed)}`));
    await expect(lines.nth(2)).toContainText(receiptNo);
    await expect(lines.nth(2).getByRole('cell').last()).toHaveText(new RegExp(`^${rest}`));
    await shot(page, 'customer-statement');
  } catch (error) {
    await attachScreen(finance, 'finance');
    throw error;
  } finally {
    await finance.context().close().catch(() => undefined);
    await Promise.all([admin.dispose(), agent.dispose()]);
  }
});
