import { demoRoles, type DemoRoles } from '../demo.js';
import type { LandingEntry } from '../landing.js';
import { ACTIONS } from '../types.js';

/*
 * Test fixtures of the spec (not the product's data): the product composes its landing list from the
 * screens and its entity registry from the packages' declarations; tests below the apps, which cannot
 * compose them, use these, and apps/web's tests check the composed list equals SPEC_LANDING_ORDER.
 */

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

/** Every entity the spec guards or lands on, in its spellings (aliases and case variants included). */
export const SPEC_ENTITY_NAMES = [
  'lead', 'LeadValidityConfig', 'user', 'source', 'sourcetype', 'project', 'channel', 'channeltype', 'salesteam', 'area',
  'paymentType', 'bank', 'broker', 'walkinlocation', 'unit', 'unittype', 'paymentplansetup', 'nationality', 'site',
  'department', 'usertype', 'country', 'paymentmethod', 'PaymentStatus', 'eoipayment', 'brokerprojecttemplate',
  'brokercontract', 'blocktype', 'bouncedCheques', 'role', 'eoi', 'eoiSetup', 'bulkDeal', 'PurchaseRequest', 'prheader',
  'poheader', 'quotation',
] as const;

/**
 * The demo roles over the spec's fixtures: the administrator holds every action (and lead's `readAll` and
 * `assign`) on every entity the spec names and on notifications; the settings clerk reads entries 3 to 27
 * of the spec's order.
 */
export const SPEC_DEMO_ROLES: DemoRoles = demoRoles({
  entities: [...SPEC_ENTITY_NAMES, 'notification'].map((name) => ({ name, actions: ACTIONS, ...(name === 'lead' ? { extraActions: ['readAll', 'assign'] } : {}) })),
  landing: SPEC_LANDING_ORDER,
});
