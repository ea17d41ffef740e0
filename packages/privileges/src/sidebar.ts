import type { PrivilegeChecker } from './types.js';

/** Entities whose read shows the Settings › Leads group (spec section 6). */
export const SETTINGS_LEADS_ENTITIES = [
  'source', 'sourcetype', 'project', 'nationality', 'channeltype', 'salesteam', 'area', 'broker',
  'walkinlocation', 'unit', 'unittype', 'brokerprojecttemplate', 'brokercontract', 'blocktype',
  'paymentplansetup', 'paymenttype',
] as const;

/** Entities whose read shows the Settings › General group (spec section 6). */
export const SETTINGS_GENERAL_ENTITIES = ['nationality', 'site', 'department', 'usertype', 'country', 'paymentmethod'] as const;

const readOrCreate = (can: PrivilegeChecker, entity: string) => can.can(entity, 'read') || can.can(entity, 'create');

/**
 * The sidebar visibility rules of spec section 6, as named predicates so the web manifests
 * and their tests say which rule an entry follows. Items without a rule (customers,
 * reservations, contracts, hold requests) need no privilege.
 */
export const sidebarRules = {
  /** The Sales (EOI) group: create or read on eoi or eoiSetup, or read on bulkDeal. */
  salesGroup: (can: PrivilegeChecker) => readOrCreate(can, 'eoi') || readOrCreate(can, 'eoiSetup') || can.can('bulkDeal', 'read'),
  leadList: (can: PrivilegeChecker) => can.can('lead', 'read'),
  addLead: (can: PrivilegeChecker) => can.can('lead', 'create'),
  addLeadSalesForm: (can: PrivilegeChecker) => can.can('lead', 'create'),
  addLeadActivity: (can: PrivilegeChecker) => can.can('lead', 'update'),
  eoiCreate: (can: PrivilegeChecker) => can.can('eoi', 'create'),
  eoiList: (can: PrivilegeChecker) => can.can('eoi', 'read'),
  eoiSetupList: (can: PrivilegeChecker) => can.can('eoiSetup', 'read'),
  eoiSetupCreate: (can: PrivilegeChecker) => can.can('eoiSetup', 'create'),
  eoiPayments: (can: PrivilegeChecker) => can.can('eoiPayment', 'read'),
  bulkDeals: (can: PrivilegeChecker) => can.can('bulkDeal', 'read'),
  users: (can: PrivilegeChecker) => can.can('user', 'read'),
  rolesGroup: (can: PrivilegeChecker) => can.can('user', 'read'),
  settingsLeadsGroup: (can: PrivilegeChecker) => can.canAny(SETTINGS_LEADS_ENTITIES, 'read'),
  settingsGeneralGroup: (can: PrivilegeChecker) => can.canAny(SETTINGS_GENERAL_ENTITIES, 'read'),
  /** A Settings item shown for read on its own entity. */
  readOn: (entity: string) => (can: PrivilegeChecker) => can.can(entity, 'read'),
  always: () => true,
} as const;
