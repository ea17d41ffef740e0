import { ACTIONS, CRUD_ACTIONS, type Action } from './types.js';

export type EntityGroup = 'sales' | 'settings-leads' | 'settings-general' | 'settings-roles' | 'procurement' | 'system';

export type EntityDefinition = {
  /** The name as the spec spells it. */
  name: string;
  label: string;
  group: EntityGroup;
  /** Other spellings the spec uses for the same entity (compared case-insensitively). */
  aliases?: readonly string[];
  actions: readonly Action[];
  /** Actions of this entity beyond the common ones (lead: `readAll`, `assign`), granted like any other. */
  extraActions?: readonly string[];
};

const all = ACTIONS;
const crud = CRUD_ACTIONS;

/**
 * Every entity the spec names, in its spelling. Case differences (`Lead`/`lead`,
 * `paymentType`/`paymenttype`, `eoiPayment`/`eoipayment`) need no alias: names compare
 * case-insensitively. Real aliases are different words for one entity.
 */
export const ENTITY_REGISTRY: readonly EntityDefinition[] = [
  { name: 'lead', label: 'Leads', group: 'sales', actions: all, extraActions: ['readAll', 'assign'] },
  { name: 'LeadValidityConfig', label: 'Lead validity configuration', group: 'sales', actions: crud },
  { name: 'eoi', label: 'Expressions of interest', group: 'sales', actions: all },
  { name: 'eoiSetup', label: 'EOI setup', group: 'sales', actions: all },
  { name: 'eoiPayment', label: 'EOI payments', group: 'sales', actions: all },
  { name: 'bulkDeal', label: 'Bulk deals', group: 'sales', actions: all },
  // Not named by the spec: hold requests (issue 17), approved by the project's approvers.
  { name: 'holdRequest', label: 'Hold requests', group: 'sales', actions: all },
  // Reservations and their payments (issue 17): approve is finance's (discounts beyond authority, modifications, payments).
  { name: 'reservation', label: 'Reservations', group: 'sales', actions: all },
  { name: 'reservationPayment', label: 'Reservation payments', group: 'sales', actions: all },
  // Contracts, their installment ledger and receipts (issue 18): approve moves contract steps, reschedules, cancels, voids receipts.
  { name: 'contract', label: 'Contracts', group: 'sales', actions: all },
  { name: 'contractPayment', label: 'Contract payments (installments)', group: 'sales', actions: all },
  { name: 'receipt', label: 'Receipts', group: 'sales', actions: all },
  // The cheque register (issue 18): approve clears, bounces, re-deposits and returns cheques and sets bounce charges.
  { name: 'cheque', label: 'Cheques', group: 'sales', actions: all },
  // Broker commissions (issue 18): approve approves and pays commission lines and re-runs their evaluation.
  { name: 'commission', label: 'Broker commissions', group: 'sales', actions: all },
  // Not named by the spec: customer messages (issue 28): read the outbox, create (send by hand), update (retry a failed one).
  { name: 'customerMessage', label: 'Customer messages', group: 'sales', actions: ['read', 'create', 'update'] },
  { name: 'user', label: 'Users', group: 'sales', actions: crud },
  { name: 'customer', label: 'Customers', group: 'sales', actions: crud },
  { name: 'source', label: 'Sources', group: 'settings-leads', actions: crud },
  { name: 'sourcetype', label: 'Source types', group: 'settings-leads', actions: crud },
  { name: 'project', label: 'Projects', group: 'settings-leads', actions: crud },
  { name: 'channel', label: 'Channels', group: 'settings-leads', actions: crud },
  { name: 'channeltype', label: 'Channel types', group: 'settings-leads', actions: crud },
  { name: 'salesteam', label: 'Sales teams', group: 'settings-leads', actions: crud },
  { name: 'area', label: 'Areas', group: 'settings-leads', actions: crud },
  { name: 'paymentType', label: 'Payment types', group: 'settings-leads', actions: crud },
  { name: 'bank', label: 'Banks', group: 'settings-leads', actions: crud },
  { name: 'broker', label: 'Brokers', group: 'settings-leads', actions: crud },
  { name: 'walkinlocation', label: 'Walk-in locations', group: 'settings-leads', actions: crud },
  { name: 'unit', label: 'Units', group: 'settings-leads', actions: all, extraActions: ['block'] },
  { name: 'unittype', label: 'Unit types', group: 'settings-leads', actions: crud },
  { name: 'paymentplansetup', label: 'Payment plans', group: 'settings-leads', actions: crud },
  { name: 'brokerprojecttemplate', label: 'Broker project templates', group: 'settings-leads', actions: crud },
  { name: 'brokercontract', label: 'Broker contracts', group: 'settings-leads', actions: all },
  { name: 'blocktype', label: 'Block types', group: 'settings-leads', actions: crud },
  { name: 'bouncedCheques', label: 'Bounced cheques', group: 'settings-leads', actions: all },
  // Screens the spec leaves unguarded: any signed-in user reads them; writes need these entities.
  { name: 'unitstatus', label: 'Unit statuses', group: 'settings-leads', actions: ['read', 'update'] },
  { name: 'bouncedreason', label: 'Bounced reasons', group: 'settings-leads', actions: crud },
  { name: 'holdrequestsetup', label: 'Hold request setup', group: 'settings-leads', actions: crud },
  { name: 'reservationSetup', label: 'Reservation setup and discount authority', group: 'settings-leads', actions: crud },
  // Each project's collection settings (issue 25): the bounce charge and how many days before its due date a customer is reminded.
  { name: 'collectionSetting', label: 'Collection settings', group: 'settings-leads', actions: crud },
  // Each project's wording of customer messages (issue 28).
  { name: 'messageTemplate', label: 'Message templates', group: 'settings-leads', actions: crud },
  { name: 'nationality', label: 'Nationalities', group: 'settings-general', actions: crud },
  { name: 'site', label: 'Sites', group: 'settings-general', actions: crud },
  { name: 'department', label: 'Departments', group: 'settings-general', actions: crud },
  { name: 'usertype', label: 'User types', group: 'settings-general', actions: crud },
  { name: 'country', label: 'Countries', group: 'settings-general', actions: crud },
  { name: 'paymentmethod', label: 'Payment methods', group: 'settings-general', actions: crud },
  { name: 'PaymentStatus', label: 'Payment statuses', group: 'settings-general', actions: crud },
  { name: 'location', label: 'Locations', group: 'settings-general', actions: crud },
  { name: 'leadactivitytype', label: 'Lead activity types', group: 'settings-general', actions: crud },
  { name: 'contractaction', label: 'Contract actions', group: 'settings-general', actions: crud },
  { name: 'contractparty', label: 'Contract parties', group: 'settings-general', actions: crud },
  { name: 'contractstep', label: 'Contract steps', group: 'settings-general', actions: crud },
  { name: 'contracttemplate', label: 'Contract templates', group: 'settings-general', actions: crud },
  // Not named by the spec: the seller company every print names (issue 25); created once, never deleted.
  { name: 'companyProfile', label: 'Company profile', group: 'settings-general', actions: ['read', 'create', 'update'] },
  { name: 'role', label: 'Roles', group: 'settings-roles', actions: crud },
  // Not named by the spec: API keys (issue 27). Made and revoked, never edited; the key's roles say what it may do.
  { name: 'apiKey', label: 'API keys', group: 'settings-roles', actions: ['read', 'create', 'delete'] },
  { name: 'PurchaseRequest', label: 'Purchase requests', group: 'procurement', aliases: ['prheader'], actions: all },
  { name: 'poheader', label: 'Purchase orders', group: 'procurement', actions: all },
  { name: 'quotation', label: 'Quotations', group: 'procurement', actions: all },
  { name: 'supplier', label: 'Suppliers', group: 'procurement', actions: crud },
  // Not named by the spec: the purchase-order approval tiers an administrator sets (issue 9).
  { name: 'approvalTier', label: 'Purchase order approval tiers', group: 'procurement', actions: crud },
  { name: 'notification', label: 'Notifications', group: 'system', actions: ['read', 'create'] },
  // Not named by the spec: signed webhooks to systems outside Propdesk (issue 27); administrators' only.
  { name: 'webhook', label: 'Webhooks', group: 'system', actions: crud },
];

const canonicalByName = new Map<string, string>();
for (const entity of ENTITY_REGISTRY) {
  const key = entity.name.toLowerCase();
  canonicalByName.set(key, key);
  for (const alias of entity.aliases ?? []) canonicalByName.set(alias.toLowerCase(), key);
}

/** The comparison key of an entity name: lower case, aliases folded onto one name. */
export function canonicalEntity(name: string): string {
  const key = name.trim().toLowerCase();
  return canonicalByName.get(key) ?? key;
}

/** The registry entry for a name or alias, in any case. */
export function findEntity(name: string): EntityDefinition | undefined {
  const key = canonicalEntity(name);
  return ENTITY_REGISTRY.find((entity) => entity.name.toLowerCase() === key);
}
