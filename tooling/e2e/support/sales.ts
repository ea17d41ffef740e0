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
export async function action(page: Page, name: string, reason?: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel('Reason').fill(reason);
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
