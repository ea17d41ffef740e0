import { engineScreenResource } from '@propdesk/records/web';
import { describeDomainModule, privilege } from '@propdesk/shell-ui/testing';
import { SETTINGS_RESOURCES } from '../model/definitions/index.js';
import { settingsModule } from './settingsModule.js';

/** The settings routes of spec section 2, with the entity of their read guard (null: "present with no guard"). */
const SPEC_ROUTES: Record<string, string | null> = {
  '/sales/users': 'user',
  '/sales/users/create': 'user',
  '/settings/leads/sources': 'source',
  '/settings/leads/sourceTypes': 'sourcetype',
  '/settings/leads/channels': 'channel',
  '/settings/leads/channelTypes': 'channeltype',
  '/settings/leads/walkinLocations': 'walkinlocation',
  '/settings/leads/leadStatuses': 'lead',
  '/settings/leads/projects': 'project',
  '/settings/leads/units': 'unit',
  '/settings/leads/unitTypes': 'unittype',
  '/settings/leads/paymentPlan': 'paymentplansetup',
  '/settings/leads/paymentPlan/create': 'user',
  '/settings/leads/unitOffer': 'Lead',
  '/settings/leads/salesTeams': 'salesteam',
  '/settings/leads/areas': 'area',
  '/settings/leads/brokers': 'broker',
  '/settings/leads/brokers/create': 'broker',
  '/settings/leads/brokers/ProjectTemplate': 'brokerprojecttemplate',
  '/settings/leads/brokers/ProjectTemplate/create': 'brokerprojecttemplate',
  '/settings/leads/brokers/ProjectTemplate/edit': 'brokerprojecttemplate',
  '/settings/leads/brokers/contracts': 'brokercontract',
  '/settings/leads/brokers/contracts/create': 'brokercontract',
  '/settings/leads/brokers/contracts/edit': 'brokercontract',
  '/settings/leads/paymentTypes': 'paymenttype',
  '/settings/leads/banks': 'bank',
  '/settings/leads/BlockTypes': 'blocktype',
  '/settings/roles': 'role',
  '/settings/CreateRole': 'role',
  '/settings/editRole': 'role',
  '/settings/general/sites': 'site',
  '/settings/general/departments': 'department',
  '/settings/general/usertypes': 'usertype',
  '/settings/general/nationalities': 'nationality',
  '/settings/general/countries': 'country',
  '/settings/general/paymentMethods': 'paymentmethod',
  '/settings/general/paymentStatuses': 'PaymentStatus',
  '/settings/leads/unitStatus': null,
  '/settings/leads/BouncedReasons': null,
  '/settings/general/locations': null,
  '/contractStatus/Action': null,
  '/contractStatus/Party': null,
  '/contractStatus/Step': null,
  '/contractStatus/Template': null,
  '/settings/general/leadActivityTypes': null,
};

/** Settings paths beyond the spec's routes: sidebar targets, and landing entry 27's spelling. */
const EXTRA_ROUTES: Record<string, string> = {
  '/settings/leads/channels/manage': 'channel',
  '/settings/leads/paymentStatuses': 'PaymentStatus',
  '/settings/leads/blocktype': 'blocktype',
  // The seller company every print names (issue 25), not in the spec.
  '/settings/general/companyProfile': 'companyProfile',
  // API keys (issue 27), not in the spec.
  '/settings/roles/api-keys': 'apiKey',
  // Signed webhooks to systems outside Propdesk (issue 27), not in the spec.
  '/settings/webhooks': 'webhook',
};

/** Items of the Settings › Leads group whose screens are sales records, routed by @propdesk/sales. */
const SALES_OWNED_PATHS = [
  '/settings/leads/EoiPayments',
  '/settings/leads/ReservationPayments',
  '/settings/leads/ContractPayments',
  '/settings/leads/Receipt',
  '/settings/leads/ReceiptItem',
  '/receipt/createNewReceipt',
  '/settings/leads/BouncedCheques',
];

const read = privilege;

describeDomainModule(settingsModule, {
  routes: SPEC_ROUTES, otherRoutes: EXTRA_ROUTES, trailRoots: ['Sales', 'Settings'],
  crumbs: {
    '/settings/leads/sources': { title: 'Sources', trail: ['Settings', 'Leads', 'Sources'] },
    '/sales/users': { title: 'Users', trail: ['Sales', 'Users'] },
  },
  samePage: [['/settings/leads/BlockTypes', '/settings/leads/blocktype']],
  resources: SETTINGS_RESOURCES.map((def) => def.name),
  engineScreenResource,
  // Every settings screen is built: the engine's, or the units grid.
  built: [...Object.keys(SPEC_ROUTES), ...Object.keys(EXTRA_ROUTES)],
  linkedElsewhere: SALES_OWNED_PATHS,
  sections: [['Leads', 'settings', 1], ['General', 'settings', 2], ['Roles', 'settings', 3], ['Company', 'settings', 4], ['Integrations', 'settings', 5], ['Users', 'sales', 6]],
  sidebar: [
    { name: 'shows the Leads group for read on unit only, with Units and the unguarded payment screens', privileges: [read('unit')], includes: ['Leads', 'Units', 'Unit Status', 'EOI Payments', 'Receipts', 'Bounced Reasons'], excludes: ['Sources', 'Bounced Cheques', 'General', 'Roles'] },
    { name: 'hides the Leads group without any of its entities, even with read on lead or bouncedCheques', privileges: [read('lead'), read('bouncedCheques'), read('channel')], excludes: ['Leads'] },
    { name: 'shows each Leads item for read on its own entity', privileges: [read('source'), read('PaymentStatus'), read('bouncedCheques')], includes: ['Leads', 'Sources', 'Payment Statuses', 'Bounced Cheques'], excludes: ['Units'] },
    { name: 'shows the General group for read on country only, with Countries, the unguarded items and Contract Management', privileges: [read('country')], equals: ['General', 'Countries', 'Locations', 'Lead Activity Types', 'Contract Management', 'Actions', 'Parties', 'Steps', 'Templates'] },
    { name: 'hides the General group for read on PaymentStatus alone (not one of its entities)', privileges: [read('PaymentStatus')], excludes: ['General'] },
    { name: 'shows the Roles group for read on user', privileges: [read('user')], equals: ['Roles', 'View All Roles', 'Create Role', 'Edit Role'] },
    { name: 'shows API keys in the Roles group for read on apiKey', privileges: [read('user'), read('apiKey')], equals: ['Roles', 'View All Roles', 'Create Role', 'Edit Role', 'API keys'] },
    { name: 'shows the Users section for read on user', privileges: [read('user')], mode: 'sales', equals: ['Users', 'All Users', 'Create User'] },
    { name: 'shows the Company group for read on companyProfile, with the Company Profile', privileges: [read('companyProfile')], equals: ['Company', 'Company Profile'] },
    { name: 'shows the Integrations group for read on webhook, with Webhooks', privileges: [read('webhook')], equals: ['Integrations', 'Webhooks'] },
    { name: 'hides the Roles group for read on role alone', privileges: [read('role')], equals: [] },
    { name: 'hides the Users section for read on role alone', privileges: [read('role')], mode: 'sales', equals: [] },
  ],
  landing: [2, ...Array.from({ length: 21 }, (_, i) => i + 3), 25, 26, 27],
  landingDeniedTo: [read('quotation')],
  modePrefixes: [
    { prefix: '/settings', mode: 'settings' },
    { prefix: '/contractStatus', mode: 'settings' },
  ],
});
