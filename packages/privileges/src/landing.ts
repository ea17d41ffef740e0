import { createChecker } from './checker.js';
import type { Privilege, PrivilegeChecker } from './types.js';

/** One entry of the landing order: the page and the entity whose read privilege opens it. */
export type LandingEntry = {
  order: number;
  path: string;
  entity: string;
};

/** Where the landing logic sends a user it cannot place anywhere else (spec section 9). */
export const LANDING_FALLBACK = '/sales/leads';
export const LOGIN_PATH = '/login';
export const NOT_AUTHORIZED_PATH = '/not-authorized';

/**
 * The spec's 30-entry landing order (section 2), with its spellings. Where the spec names two
 * paths for one entry (25 and 26) the first one named is the landing page; both are routes.
 */
export const SPEC_LANDING_ORDER: readonly LandingEntry[] = [
  { order: 1, path: '/sales/leads', entity: 'lead' },
  { order: 2, path: '/sales/users', entity: 'user' },
  { order: 3, path: '/settings/leads/sources', entity: 'source' },
  { order: 4, path: '/settings/leads/sourceTypes', entity: 'sourcetype' },
  { order: 5, path: '/settings/leads/projects', entity: 'project' },
  { order: 6, path: '/settings/leads/channels', entity: 'channel' },
  { order: 7, path: '/settings/leads/channelTypes', entity: 'channeltype' },
  { order: 8, path: '/settings/leads/salesTeams', entity: 'salesteam' },
  { order: 9, path: '/settings/leads/areas', entity: 'area' },
  { order: 10, path: '/settings/leads/paymentTypes', entity: 'paymentType' },
  { order: 11, path: '/settings/leads/banks', entity: 'bank' },
  { order: 12, path: '/settings/leads/brokers', entity: 'broker' },
  { order: 13, path: '/settings/leads/walkinLocations', entity: 'walkinlocation' },
  { order: 14, path: '/settings/leads/units', entity: 'unit' },
  { order: 15, path: '/settings/leads/unitTypes', entity: 'unittype' },
  { order: 16, path: '/settings/leads/paymentPlan', entity: 'paymentplansetup' },
  { order: 17, path: '/settings/leads/unitOffer', entity: 'Lead' },
  { order: 18, path: '/settings/general/nationalities', entity: 'nationality' },
  { order: 19, path: '/settings/general/sites', entity: 'site' },
  { order: 20, path: '/settings/general/departments', entity: 'department' },
  { order: 21, path: '/settings/general/usertypes', entity: 'usertype' },
  { order: 22, path: '/settings/general/Countries', entity: 'country' },
  { order: 23, path: '/settings/general/paymentMethods', entity: 'paymentmethod' },
  { order: 24, path: '/settings/leads/EoiPayments', entity: 'eoipayment' },
  { order: 25, path: '/settings/leads/brokers/ProjectTemplate/create', entity: 'brokerprojecttemplate' },
  { order: 26, path: '/settings/leads/brokers/contracts', entity: 'brokercontract' },
  { order: 27, path: '/settings/leads/blocktype', entity: 'blocktype' },
  { order: 28, path: '/procurement/purchaseRequest', entity: 'prheader' },
  { order: 29, path: '/procurement/purchaseOrder', entity: 'poheader' },
  { order: 30, path: '/procurement/Quotations', entity: 'quotation' },
];

const toChecker = (input: readonly Privilege[] | PrivilegeChecker): PrivilegeChecker =>
  'can' in input ? input : createChecker(input);

/**
 * The first landing page the user may read, in order; `null` when none (the caller sends the
 * user to /not-authorized).
 */
export function resolveLanding(
  privileges: readonly Privilege[] | PrivilegeChecker,
  entries: readonly LandingEntry[] = SPEC_LANDING_ORDER,
): string | null {
  const checker = toChecker(privileges);
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  return sorted.find((entry) => checker.can(entry.entity, 'read'))?.path ?? null;
}

/** Where the index route sends a user: /login without privileges, else the landing page or Access Denied. */
export function indexRedirect(
  privileges: readonly Privilege[] | null | undefined,
  entries: readonly LandingEntry[] = SPEC_LANDING_ORDER,
): string {
  if (!privileges) return LOGIN_PATH;
  return resolveLanding(privileges, entries) ?? NOT_AUTHORIZED_PATH;
}

/** Home in the breadcrumb: the first allowed sales page, else the fallback. */
export function homePath(
  privileges: readonly Privilege[] | PrivilegeChecker | null | undefined,
  entries: readonly LandingEntry[] = SPEC_LANDING_ORDER,
): string {
  if (!privileges) return LANDING_FALLBACK;
  const sales = entries.filter((entry) => entry.path.toLowerCase().startsWith('/sales/'));
  return resolveLanding(privileges, sales) ?? LANDING_FALLBACK;
}
