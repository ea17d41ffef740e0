import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { sidebarRules } from '@propdesk/privileges';
import { declareResources, registerValidationWords } from '@propdesk/records/web';
import { domainModule, type DomainModule } from '@propdesk/shell-ui';
import { SETTINGS_RESOURCES } from '../model/definitions/index.js';
import { settingsValidationCatalog } from '../model/i18n/validation.js';
import { leadsSettings } from './leadsSettings.js';
import { ROLE_CREATE_ROUTE, ROLE_EDIT_ROUTE } from '../model/links.js';

const resource = declareResources(SETTINGS_RESOURCES);
// The words of settings' own rules (a plan's percentages, a webhook's events), found by their English in a form's errors.
registerValidationWords(settingsValidationCatalog);
const roles = (name: 'roleList' | 'roleEditor') => () => import('./roles/roleExtensions.js').then((m) => m[name]);
const company = () => import('./company/companyExtensions.js').then((m) => m.companyExtras);
const apiKeys = () => import('./apiKeys/apiKeyExtensions.js').then((m) => m.apiKeyScreen);
const webhooks = () => import('./webhooks/webhookExtensions.js').then((m) => m.webhookExtras);
const users = (name: 'userList' | 'userCreate') => () => import('./users/userExtensions.js').then((m) => m[name]);

/**
 * The settings domain: lead and general reference data, contract configuration, roles and users,
 * each screen declared once (route, guard, breadcrumb and sidebar item from its definition).
 */
export const settingsModule: DomainModule = domainModule({
  id: 'settings',
  // Arabic only for those who read it: each file is a chunk of its own (docs/i18n-glossary.md).
  definitionWords: { ar: () => import('../i18n/definitions.ar.js') },
  manifestWords: { ar: () => import('../i18n/manifest.ar.js') },
  // Sales screens under /settings (customers, hold requests) claim 'sales' with longer prefixes in @propdesk/sales.
  modePrefixes: [
    { prefix: '/settings', mode: 'settings' },
    { prefix: '/contractStatus', mode: 'settings' },
  ],
  sections: [
    leadsSettings,
    {
      id: 'settings.general',
      label: 'General',
      icon: PublicOutlined,
      mode: 'settings',
      order: 2,
      visible: sidebarRules.settingsGeneralGroup,
      // Landing entry 22 spells the countries page /settings/general/Countries: the same route (case-insensitive).
      trail: ['Settings', 'General'],
      items: [
        resource('nationalities'),
        resource('sites'),
        resource('departments'),
        resource('user-types'),
        resource('countries'),
        resource('payment-methods'),
        resource('payment-statuses'),
        resource('locations'),
        resource('lead-activity-types'),
        {
          // The contractStatus routes, shown by the spec with no guard (their definitions are readOpen).
          id: 'settings.general.contractManagement',
          label: 'Contract Management',
          icon: GavelOutlined,
          trail: ['Settings', 'Contract Management'],
          items: [
            resource('contract-actions', { navLabel: 'Actions' }),
            resource('contract-parties', { navLabel: 'Parties' }),
            resource('contract-steps', { navLabel: 'Steps' }),
            resource('contract-templates', { navLabel: 'Templates' }),
          ],
        },
      ],
    },
    {
      id: 'settings.roles',
      label: 'Roles',
      icon: AdminPanelSettingsOutlined,
      mode: 'settings',
      order: 3,
      // The spec shows the Roles group for read on user; its routes ask read on role, its items no more than the group.
      visible: sidebarRules.rolesGroup,
      trail: ['Settings', 'Roles'],
      items: [
        resource('roles', { navLabel: 'View All Roles', visible: 'always', extend: roles('roleList') }),
        resource('roles', { path: ROLE_CREATE_ROUTE, mode: 'create', title: 'Create Role', visible: 'always', extend: roles('roleEditor') }),
        resource('roles', { path: ROLE_EDIT_ROUTE, mode: 'edit', title: 'Edit Role', visible: 'always', extend: roles('roleEditor') }),
        // Issue 27: API keys, shown to those who may read them.
        resource('api-keys', { navLabel: 'API keys', extend: apiKeys }),
      ],
    },
    {
      // Not in the spec: the seller company every print names (issue 25), its own group so the spec's
      // General group keeps its rule; shown for read on companyProfile, as its one item.
      id: 'settings.company',
      label: 'Company',
      icon: BusinessOutlined,
      mode: 'settings',
      order: 4,
      visible: (checker) => checker.can('companyProfile', 'read'),
      trail: ['Settings', 'Company'],
      items: [resource('company-profile', { navLabel: 'Company Profile', extend: company })],
    },
    {
      // Not in the spec: signed webhooks to systems outside Propdesk (issue 27), shown for read on webhook.
      id: 'settings.integrations',
      label: 'Integrations',
      icon: WebhookOutlined,
      mode: 'settings',
      order: 5,
      visible: (checker) => checker.can('webhook', 'read'),
      trail: ['Settings', 'Integrations'],
      items: [resource('webhooks', { navLabel: 'Webhooks', extend: webhooks })],
    },
    {
      // Users live in settings with roles (domain.md), at the spec's /sales paths and in the Sales sidebar.
      id: 'sales.users',
      label: 'Users',
      icon: ManageAccountsOutlined,
      mode: 'sales',
      order: 6,
      visible: sidebarRules.users,
      trail: ['Sales', 'Users'],
      items: [
        resource('users', { navLabel: 'All Users', extend: users('userList') }),
        resource('users', { mode: 'create', title: 'Create User', extend: users('userCreate') }),
      ],
    },
  ],
});
