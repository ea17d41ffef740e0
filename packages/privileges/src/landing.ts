import { createChecker } from './checker.js';
import type { Privilege, PrivilegeChecker } from './types.js';

/**
 * One entry of the landing order: the page and the entity whose read privilege opens it. The app's list is
 * composed from the screens (a landing page declares `landing: <its place in the spec's order>`); the spec's
 * 30-entry table is a test fixture (`@propdesk/privileges/testing`) the composed list must equal.
 */
export type LandingEntry = {
  order: number;
  path: string;
  entity: string;
};

/**
 * A landing page's place in the spec's order, as a screen (or the definition whose screen it is) declares
 * it: `3` for the screen's own path, `{ order, path }` when the landing page is another of its paths (an
 * alias the spec spells, its create form).
 */
export type LandingPlace = number | { order: number; path: string };

/** Where the landing logic sends a user it cannot place anywhere else (spec section 9). */
export const LANDING_FALLBACK = '/sales/leads';
export const LOGIN_PATH = '/login';
export const NOT_AUTHORIZED_PATH = '/not-authorized';


const toChecker = (input: readonly Privilege[] | PrivilegeChecker): PrivilegeChecker =>
  'can' in input ? input : createChecker(input);

/**
 * The first landing page the user may read, in order; `null` when none (the caller sends the
 * user to /not-authorized).
 */
export function resolveLanding(
  privileges: readonly Privilege[] | PrivilegeChecker,
  entries: readonly LandingEntry[],
): string | null {
  const checker = toChecker(privileges);
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  return sorted.find((entry) => checker.can(entry.entity, 'read'))?.path ?? null;
}

/** Where the index route sends a user: /login without privileges, else the landing page or Access Denied. */
export function indexRedirect(
  privileges: readonly Privilege[] | null | undefined,
  entries: readonly LandingEntry[],
): string {
  if (!privileges) return LOGIN_PATH;
  return resolveLanding(privileges, entries) ?? NOT_AUTHORIZED_PATH;
}

/** Home in the breadcrumb: the first allowed sales page, else the fallback. */
export function homePath(
  privileges: readonly Privilege[] | PrivilegeChecker | null | undefined,
  entries: readonly LandingEntry[],
): string {
  if (!privileges) return LANDING_FALLBACK;
  const sales = entries.filter((entry) => entry.path.toLowerCase().startsWith('/sales/'));
  return resolveLanding(privileges, sales) ?? LANDING_FALLBACK;
}
