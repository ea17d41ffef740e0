import { expect, type APIResponse, type Page } from '@playwright/test';
import type { ApiUser } from './notifications.js';

/** Helpers for the sales-core stories (issue 17): API setup of units and launches, and the engine's screens. */
export const stamp = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export async function dataOf<T>(response: Promise<APIResponse> | APIResponse, status?: number): Promise<T> {
  const done = await response;
  if (status !== undefined) expect(done.status(), await done.text()).toBe(status);
  return ((await done.json()) as { data: T }).data;
}

export type Rec = Record<string, unknown> & { id: string; number: string; status: string; version: number };

export async function optionId(user: ApiUser, resource: string, q: string): Promise<string> {
  const options = await dataOf<{ id: string; label: string }[]>(user.get(`/api/${resource}/options?q=${encodeURIComponent(q)}`));
  const found = options.find((option) => option.label === q) ?? options[0];
  expect(found, `${resource} option ${q}`).toBeTruthy();
  return found!.id;
}

/** Palm Heights, and a payment plan it may use. */
export async function palmHeights(admin: ApiUser): Promise<{ project: string; plan: string; planName: string }> {
  const project = await optionId(admin, 'projects', 'Palm Heights');
  const plans = await dataOf<{ id: string; name: string; project: string | null }[]>(admin.get('/api/payment-plans?pageSize=100'));
  const plan = plans.find((row) => row.project === project) ?? plans.find((row) => row.project === null) ?? plans[0]!;
  return { project, plan: plan.id, planName: plan.name };
}

/** New units in a block of their own, so no other spec or demo data ever touches them. */
export async function newUnits(admin: ApiUser, project: string, block: string, specs: { code: string; type: string; floor: number; price: string }[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const unitType = await optionId(admin, 'unit-types', spec.type);
    const unit = await dataOf<Rec>(admin.post('/api/units', { code: spec.code, project, block, floor: spec.floor, unitType, basePrice: spec.price }), 201);
    out[spec.code] = unit.id;
  }
  return out;
}

/** Demo customers (any will do: the launches here are our own, so no per-customer maximum is reached). */
export async function customers(user: ApiUser, count: number): Promise<{ id: string; fullName: string }[]> {
  const rows = await dataOf<{ id: string; fullName: string }[]>(user.get(`/api/customers?pageSize=${count + 5}`));
  expect(rows.length).toBeGreaterThanOrEqual(count);
  return rows.slice(0, count);
}

/** Presses an engine action's button on the open record, then its confirmation or reason dialog. */
export async function action(page: Page, name: string, reason?: string, reasonLabel = 'Reason'): Promise<void> {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel(reasonLabel).fill(reason);
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Chooses a record in a reference picker by typing (its name, code or number). The picker offers
 * "Create “typed”" at once, before its debounced search answers: that offer is never the choice.
 */
export async function pick(page: Page, label: string, typed: string, option: RegExp | string = typed): Promise<void> {
  const input = page.getByRole('combobox', { name: label }).first();
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).filter({ hasNotText: /^Create “/ }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/e2e-shots/${name}.png`, fullPage: true });
}

/** A customer of the story's own (a unique name, so a picker offers exactly one). */
export async function newCustomer(user: ApiUser, fullName: string): Promise<Rec & { fullName: string }> {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return dataOf(user.post('/api/customers', { kind: 'individual', fullName, passportNo: `E${digits}`, phone: `+2010${digits}` }), 201);
}

/** A reservation made and submitted by `agent` (no discount: within anyone's authority), so confirmed at once. */
export async function confirmedReservation(agent: ApiUser, body: { unit: string; customer: string; paymentPlan: string }): Promise<Rec> {
  const made = await dataOf<Rec>(agent.post('/api/reservations', { ...body, discountKind: 'percent', discountValue: '0' }), 201);
  const submitted = await dataOf<Rec>(agent.post(`/api/reservations/${made.id}/actions/submit`, {}), 200);
  expect(submitted.status).toBe('confirmed');
  return submitted;
}

/** A date field (MUI's sections) filled by keyboard, as a person types it: day, month, year. */
export async function typeDate(page: Page, label: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  await page.getByRole('group', { name: new RegExp(`^${label}`) }).first().getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/** Today as the server's ledger dates it (YYYY-MM-DD), or `days` from it. */
export const isoDay = (days = 0): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Money as the screens show it ("1,234.50"), from exact decimal strings added as whole cents. */
export function money(...amounts: string[]): string {
  const cents = amounts.reduce((sum, amount) => {
    const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
    const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    return sum + (amount.startsWith('-') ? -value : value);
  }, 0n);
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Issue 18, broker commission: a broker of the story's own with an active broker contract (from
 * `days` ago, for a year) on a template of `project` (percent of the net price, payable on signing
 * unless told), so a contract of that project made from a reservation naming the broker accrues a line.
 */
export async function brokerWithContract(
  admin: ApiUser,
  project: string,
  name: string,
  terms: { pct: string; payableOn?: string; days?: number },
): Promise<{ id: string; name: string; contractNo: string }> {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  const broker = await dataOf<Rec>(admin.post('/api/brokers', { name, licenseNo: `E2E-${digits}`, status: 'active' }), 201);
  const template = await dataOf<Rec>(
    admin.post('/api/broker-project-templates', { name: `${name} terms`, project, commissionType: 'percent', pct: terms.pct, payableOn: terms.payableOn ?? 'contract_signed' }),
    201,
  );
  const contractNo = `BC-E2E-${digits}`;
  await dataOf<Rec>(
    admin.post('/api/broker-contracts', { contractNo, broker: broker.id, template: template.id, startDate: isoDay(-(terms.days ?? 30)), endDate: isoDay(365), status: 'active' }),
    201,
  );
  return { id: broker.id, name, contractNo };
}

/** Like `confirmedReservation`, naming the broker who brought the customer. */
export async function confirmedBrokerReservation(agent: ApiUser, body: { unit: string; customer: string; paymentPlan: string; broker: string }): Promise<Rec> {
  const made = await dataOf<Rec>(agent.post('/api/reservations', { ...body, discountKind: 'percent', discountValue: '0' }), 201);
  expect(made.broker).toBe(body.broker);
  const submitted = await dataOf<Rec>(agent.post(`/api/reservations/${made.id}/actions/submit`, {}), 200);
  expect(submitted.status).toBe('confirmed');
  return submitted;
}

/** `pct` percent of an exact decimal amount, half up to the piastre, as a decimal string (bigint arithmetic). */
export function percentOf(amount: string, pct: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const [pw = '0', pf = ''] = pct.split('.');
  const scale = 10n ** BigInt(pf.length);
  const rate = BigInt(pw) * scale + BigInt(pf || '0');
  const divisor = 100n * scale;
  const result = (cents * rate * 2n + divisor) / (2n * divisor);
  return `${result / 100n}.${(result % 100n).toString().padStart(2, '0')}`;
}
