import { ACTIONS, CRUD_ACTIONS, type EntityDeclaration } from '@propdesk/privileges';

/**
 * The privilege entities of the settings screens (users, the leads and general reference data, roles, API
 * keys, webhooks), as the spec spells them, with their place in their group (the Roles matrix's rows; the
 * sales and procurement documents declare theirs in their `document.ts`). The apps compose the registry
 * from every package's declarations (`entityRegistry` of @propdesk/privileges).
 */
export const SETTINGS_ENTITIES: readonly EntityDeclaration[] = [
  { name: 'user', label: 'Users', group: 'sales', order: 160, actions: CRUD_ACTIONS },
  { name: 'source', label: 'Sources', group: 'settings-leads', order: 10, actions: CRUD_ACTIONS },
  { name: 'sourcetype', label: 'Source types', group: 'settings-leads', order: 20, actions: CRUD_ACTIONS },
  { name: 'project', label: 'Projects', group: 'settings-leads', order: 30, actions: CRUD_ACTIONS },
  { name: 'channel', label: 'Channels', group: 'settings-leads', order: 40, actions: CRUD_ACTIONS },
  { name: 'channeltype', label: 'Channel types', group: 'settings-leads', order: 50, actions: CRUD_ACTIONS },
  { name: 'salesteam', label: 'Sales teams', group: 'settings-leads', order: 60, actions: CRUD_ACTIONS },
  { name: 'area', label: 'Areas', group: 'settings-leads', order: 70, actions: CRUD_ACTIONS },
  { name: 'paymentType', label: 'Payment types', group: 'settings-leads', order: 80, actions: CRUD_ACTIONS },
  { name: 'bank', label: 'Banks', group: 'settings-leads', order: 90, actions: CRUD_ACTIONS },
  { name: 'broker', label: 'Brokers', group: 'settings-leads', order: 100, actions: CRUD_ACTIONS },
  { name: 'walkinlocation', label: 'Walk-in locations', group: 'settings-leads', order: 110, actions: CRUD_ACTIONS },
  { name: 'unit', label: 'Units', group: 'settings-leads', order: 120, actions: ACTIONS, extraActions: ['block'] },
  { name: 'unittype', label: 'Unit types', group: 'settings-leads', order: 130, actions: CRUD_ACTIONS },
  { name: 'paymentplansetup', label: 'Payment plans', group: 'settings-leads', order: 140, actions: CRUD_ACTIONS },
  { name: 'brokerprojecttemplate', label: 'Broker project templates', group: 'settings-leads', order: 150, actions: CRUD_ACTIONS },
  { name: 'brokercontract', label: 'Broker contracts', group: 'settings-leads', order: 160, actions: ACTIONS },
  { name: 'blocktype', label: 'Block types', group: 'settings-leads', order: 170, actions: CRUD_ACTIONS },
  // Screens the spec leaves unguarded: any signed-in user reads them; writes need these entities.
  { name: 'unitstatus', label: 'Unit statuses', group: 'settings-leads', order: 190, actions: ['read', 'update'] },
  { name: 'bouncedreason', label: 'Bounced reasons', group: 'settings-leads', order: 200, actions: CRUD_ACTIONS },
  { name: 'nationality', label: 'Nationalities', group: 'settings-general', order: 10, actions: CRUD_ACTIONS },
  { name: 'site', label: 'Sites', group: 'settings-general', order: 20, actions: CRUD_ACTIONS },
  { name: 'department', label: 'Departments', group: 'settings-general', order: 30, actions: CRUD_ACTIONS },
  { name: 'usertype', label: 'User types', group: 'settings-general', order: 40, actions: CRUD_ACTIONS },
  { name: 'country', label: 'Countries', group: 'settings-general', order: 50, actions: CRUD_ACTIONS },
  { name: 'paymentmethod', label: 'Payment methods', group: 'settings-general', order: 60, actions: CRUD_ACTIONS },
  { name: 'PaymentStatus', label: 'Payment statuses', group: 'settings-general', order: 70, actions: CRUD_ACTIONS },
  { name: 'location', label: 'Locations', group: 'settings-general', order: 80, actions: CRUD_ACTIONS },
  { name: 'leadactivitytype', label: 'Lead activity types', group: 'settings-general', order: 90, actions: CRUD_ACTIONS },
  { name: 'contractaction', label: 'Contract actions', group: 'settings-general', order: 100, actions: CRUD_ACTIONS },
  { name: 'contractparty', label: 'Contract parties', group: 'settings-general', order: 110, actions: CRUD_ACTIONS },
  { name: 'contractstep', label: 'Contract steps', group: 'settings-general', order: 120, actions: CRUD_ACTIONS },
  { name: 'contracttemplate', label: 'Contract templates', group: 'settings-general', order: 130, actions: CRUD_ACTIONS },
  // Not named by the spec: the seller company every print names (issue 25); created once, never deleted.
  { name: 'companyProfile', label: 'Company profile', group: 'settings-general', order: 140, actions: ['read', 'create', 'update'] },
  { name: 'role', label: 'Roles', group: 'settings-roles', order: 10, actions: CRUD_ACTIONS },
  // Not named by the spec: API keys (issue 27). Made and revoked, never edited; the key's roles say what it may do.
  { name: 'apiKey', label: 'API keys', group: 'settings-roles', order: 20, actions: ['read', 'create', 'delete'] },
  // Not named by the spec: signed webhooks to systems outside Propdesk (issue 27); administrators' only.
  { name: 'webhook', label: 'Webhooks', group: 'system', order: 20, actions: CRUD_ACTIONS },
];
