import type { ResourceDef } from '@propdesk/records/model';
import { brokerContracts, brokerProjectTemplates, brokers } from './brokers.js';
import { companyProfile } from './company.js';
import { contractActions, contractParties, contractSteps, contractTemplates } from './contracts.js';
import { areas, countries, leadActivityTypes, locations, nationalities, sites, userTypes } from './general.js';
import { blockTypes, projects, unitStatuses, unitTypes, units } from './inventory.js';
import { channelTypes, channels, leadStatuses, sourceTypes, sources, walkinLocations } from './leads.js';
import { bouncedReasons, banks, paymentMethods, paymentPlans, paymentStatuses, paymentTypes, unitOffers } from './payments.js';
import { apiKeys, departments, rolePrivileges, roles, salesTeams, userRoles, users } from './people.js';
import { webhooks } from './webhooks.js';

/** Every resource of the settings domain, in an order where a resource comes after those it refers to. */
export const SETTINGS_RESOURCES: readonly ResourceDef[] = [
  countries,
  nationalities,
  areas,
  sites,
  userTypes,
  departments,
  roles,
  users,
  sourceTypes,
  sources,
  channelTypes,
  channels,
  blockTypes,
  unitTypes,
  unitStatuses,
  projects,
  units,
  walkinLocations,
  leadStatuses,
  salesTeams,
  paymentPlans,
  unitOffers,
  paymentTypes,
  banks,
  paymentStatuses,
  paymentMethods,
  bouncedReasons,
  locations,
  leadActivityTypes,
  brokers,
  brokerProjectTemplates,
  brokerContracts,
  contractSteps,
  contractActions,
  contractParties,
  contractTemplates,
  companyProfile,
  apiKeys,
  webhooks,
];

export { paymentPlanProblems, planTerms, FREQUENCIES } from './payments.js';
export { UNIT_STATUSES, UNIT_CATEGORIES } from './inventory.js';
export { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_TYPES, type LogoType } from './company.js';
export { WEBHOOK_EVENTS, WEBHOOK_SECRET_MIN_LENGTH, type WebhookEvent } from './webhooks.js';

/**
 * The settings domain's internal children (a role's grants, a user's roles): in the app's registry and
 * written by the engine, but never served, shown or listed with the resources above (no screens).
 */
export const SETTINGS_INTERNAL_RESOURCES: readonly ResourceDef[] = [rolePrivileges, userRoles];
