import type { LandingEntry } from './landing.js';
import type { EntityDefinition } from './registry.js';
import type { Privilege } from './types.js';

/** A named set of privileges for the demo data (and the tests that check where each user lands). */
export type DemoRole = {
  name: string;
  description: string;
  privileges: readonly Privilege[];
};

const grant = (entities: readonly string[], actions: readonly string[]): Privilege[] =>
  entities.flatMap((entityName) => actions.map((action) => ({ entityName, fieldName: null, action })));

/** Read of one protected field (a unit's base price): left out of every answer without it. */
const readField = (entityName: string, fieldName: string): Privilege[] => [{ entityName, fieldName, action: 'read' }];

/** What the demo roles take from the composed app: the entity registry and the landing list. */
export type DemoComposition = {
  entities: readonly Pick<EntityDefinition, 'name' | 'actions' | 'extraActions'>[];
  landing: readonly LandingEntry[];
};

/** The reference-data entities of the landing order, from source (3) to blocktype (27). */
const referenceDataEntities = (landing: readonly LandingEntry[]) =>
  [...landing].sort((a, b) => a.order - b.order).filter((entry) => entry.order >= 3 && entry.order <= 27 && entry.entity.toLowerCase() !== 'lead').map((entry) => entry.entity);

/** The roles whose privileges are written here; the administrator's and the settings clerk's come from the composition. */
const FIXED_ROLES = {
  salesAgent: {
    name: 'Sales Agent',
    description: 'Works leads and expressions of interest.',
    privileges: [
      ...grant(['lead'], ['read', 'create', 'update']),
      ...grant(['customer'], ['read', 'create']),
      // EOIs: register, edit while unpaid, take payments and ask for refunds.
      ...grant(['eoi'], ['read', 'create', 'update']),
      ...grant(['eoiSetup'], ['read']),
      ...grant(['eoiPayment'], ['read', 'create']),
      // Update: edit a pending request and release one's own hold (the server refuses others' holds).
      ...grant(['holdRequest'], ['read', 'create', 'update']),
      // The live unit board and the units a hold or reservation names (Settings › Leads › Units shows, read-only),
      // with the list prices they sell at (the base price is a protected field: its own read).
      ...grant(['unit'], ['read']),
      ...readField('unit', 'basePrice'),
      // Reserve within their discount authority; payments are recorded here and approved by finance.
      ...grant(['reservation'], ['read', 'create', 'update']),
      ...grant(['reservationPayment'], ['read', 'create']),
      // The rules they reserve under: days to sign, the default fee, the discount each role may give.
      ...grant(['reservationSetup'], ['read']),
    ],
  },
  salesManager: {
    name: 'Sales Manager',
    description: "Sees and assigns the team's leads, merges leads, makes customers.",
    privileges: [
      ...grant(['lead'], ['read', 'create', 'update', 'export', 'assign']),
      ...grant(['customer'], ['read', 'create', 'update', 'export']),
      ...grant(['LeadValidityConfig'], ['read']),
      // Runs the launches and their bulk deals, and approves EOI refunds (finance's landing page stays procurement's).
      ...grant(['eoi', 'eoiSetup', 'eoiPayment'], ['read', 'create', 'update', 'export']),
      ...grant(['eoiPayment'], ['approve']),
      ...grant(['bulkDeal'], ['read', 'create', 'update', 'approve']),
      ...grant(['holdRequest'], ['read', 'create', 'update', 'approve']),
      ...grant(['unit'], ['read']),
      ...readField('unit', 'basePrice'),
      ...grant(['reservation'], ['read', 'create', 'update', 'export']),
      ...grant(['reservationPayment'], ['read', 'create', 'update']),
      ...grant(['reservationSetup'], ['read']),
      // Draws up contracts from their reservations and follows the payments.
      ...grant(['contract'], ['read', 'create', 'update']),
      ...grant(['contractPayment', 'receipt'], ['read']),
      // Reads the messages their customers were sent and sends a statement or reminder by hand (issue 28).
      ...grant(['customerMessage'], ['read', 'create']),
    ],
  },
  userAdministrator: {
    name: 'User Administrator',
    description: 'Manages users; reads roles.',
    privileges: [...grant(['user'], ['read', 'create', 'update']), ...grant(['role'], ['read'])],
  },
  procurementOfficer: {
    name: 'Procurement Officer',
    description: 'Raises purchase requests, quotations and purchase orders; records new suppliers.',
    privileges: [...grant(['PurchaseRequest', 'quotation', 'poheader'], ['read', 'create', 'update']), ...grant(['supplier'], ['read', 'create'])],
  },
  procurementManager: {
    name: 'Procurement Manager',
    description: 'Approves purchase requests and the first tier of purchase orders; keeps suppliers.',
    privileges: [
      ...grant(['PurchaseRequest', 'quotation', 'poheader'], ['read', 'create', 'update', 'approve']),
      ...grant(['supplier'], ['read', 'create', 'update']),
      ...grant(['approvalTier'], ['read']),
    ],
  },
  financeManager: {
    name: 'Finance Manager',
    description: 'Approves purchase orders above the first tier, reservations beyond the discount authority and reservation payments; reads customers, banks and payment types.',
    privileges: [
      ...grant(['poheader'], ['read', 'approve']),
      ...grant(['PurchaseRequest', 'quotation', 'supplier', 'approvalTier'], ['read']),
      // Approves reservations beyond the discount authority, their modifications and payments.
      ...grant(['reservation', 'reservationPayment'], ['read', 'approve', 'export']),
      ...grant(['reservationSetup'], ['read', 'create', 'update']),
      // Keeps contracts through their steps, the installment ledger and receipts (issue 18).
      ...grant(['contract', 'receipt'], ['read', 'create', 'update', 'approve', 'export']),
      ...grant(['contractPayment'], ['read', 'export']),
      // The cheque register and its bounces (issue 18), and each project's bounce charge and reminders (issue 25).
      ...grant(['cheque'], ['read', 'create', 'update', 'approve', 'export']),
      ...grant(['collectionSetting'], ['read', 'create', 'update']),
      // Customer messages (issue 28): reminders, receipts and statements; retries failed ones; the projects' wording.
      ...grant(['customerMessage'], ['read', 'create', 'update']),
      ...grant(['messageTemplate'], ['read', 'create', 'update']),
      // Approves and pays broker commissions (issue 18).
      ...grant(['commission'], ['read', 'update', 'approve', 'export']),
      ...grant(['bouncedCheques'], ['read']),
      // What receipts and cheques name (issue 25): the customers, their banks and the payment types. Read on
      // payment types and banks puts them first in the spec's landing order (entries 10 and 11), before procurement.
      ...grant(['customer', 'bank', 'paymentType'], ['read']),
    ],
  },
} as const satisfies Record<string, DemoRole>;

/**
 * The demo roles of the composed app (apps/server composes them from its registry and landing list): the
 * administrator holds every action of every entity, the settings clerk reads the landing order's reference data.
 */
export function demoRoles(composed: DemoComposition) {
  const { salesAgent, salesManager, userAdministrator, procurementOfficer, procurementManager, financeManager } = FIXED_ROLES;
  return {
    administrator: {
      name: 'Administrator',
      description: 'Every action on every entity.',
      privileges: composed.entities.flatMap((entity) => grant([entity.name], [...entity.actions, ...(entity.extraActions ?? [])])),
    },
    salesAgent,
    salesManager,
    userAdministrator,
    settingsClerk: {
      name: 'Settings Clerk',
      description: 'Reads the reference data and the company profile.',
      privileges: [...grant(referenceDataEntities(composed.landing), ['read']), ...grant(['companyProfile'], ['read'])],
    },
    procurementOfficer,
    procurementManager,
    financeManager,
  } as const satisfies Record<string, DemoRole>;
}

export type DemoRoles = ReturnType<typeof demoRoles>;

/** The demo users of the README: who they are, their department and role, where they land. */
export const DEMO_USERS = [
  { username: 'admin', fullName: 'Amina Admin', department: 'Management', role: 'administrator', landsOn: '/sales/leads' },
  { username: 'sales.agent', fullName: 'Samir Sales', department: 'Sales', role: 'salesAgent', landsOn: '/sales/leads' },
  { username: 'sales.manager', fullName: 'Mona Manager', department: 'Sales', role: 'salesManager', landsOn: '/sales/leads' },
  { username: 'nadia.sales', fullName: 'Nadia Nabil', department: 'Sales', role: 'salesAgent', landsOn: '/sales/leads' },
  // Issue 29: an agent who works in Arabic (the account's language), so the Arabic product is one sign-in away.
  { username: 'sales.agent.ar', fullName: 'سارة محمود', department: 'Sales', role: 'salesAgent', landsOn: '/sales/leads', language: 'ar' },
  { username: 'user.admin', fullName: 'Uma Users', department: 'IT', role: 'userAdministrator', landsOn: '/sales/users' },
  { username: 'settings.clerk', fullName: 'Selim Settings', department: 'Finance', role: 'settingsClerk', landsOn: '/settings/leads/sources' },
  { username: 'procurement.officer', fullName: 'Paula Procurement', department: 'Procurement', role: 'procurementOfficer', landsOn: '/procurement/purchaseRequest' },
  { username: 'procurement.manager', fullName: 'Pavel Purchasing', department: 'Procurement', role: 'procurementManager', landsOn: '/procurement/purchaseRequest' },
  { username: 'finance.manager', fullName: 'Fatma Finance', department: 'Finance', role: 'financeManager', landsOn: '/settings/leads/paymentTypes' },
  { username: 'guest', fullName: 'Guest User', department: 'Sales', role: null, landsOn: '/not-authorized' },
] as const satisfies readonly { username: string; fullName: string; department: string; role: keyof DemoRoles | null; landsOn: string; language?: 'ar' | 'en' }[];

export const DEMO_DEPARTMENTS = ['Sales', 'Finance', 'Procurement', 'Management', 'IT'] as const;

/** The privileges a demo user holds among the composed roles. */
export function demoPrivileges(username: string, roles: DemoRoles): readonly Privilege[] {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  return user.role ? roles[user.role].privileges : [];
}
