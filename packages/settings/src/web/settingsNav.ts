import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { sidebarRules } from '@propdesk/privileges';
import type { NavItem, NavSection } from '@propdesk/shell-ui';

const { readOn } = sidebarRules;

/** A Settings item that needs read on its own entity (spec section 6); `entity` omitted: always visible. */
const item = (id: string, label: string, path: string, entity?: string): NavItem =>
  entity ? { id, label, path, visible: readOn(entity) } : { id, label, path };

/**
 * The Settings sidebar (Leads, General with Contract Management, Roles) and the Users section of
 * the Sales sidebar, with the visibility rules of spec section 6 taken from `sidebarRules`.
 * The payment, receipt and bounced-cheque items point to screens of @propdesk/sales.
 */
export const settingsNav: readonly NavSection[] = [
  {
    id: 'settings.leads',
    label: 'Leads',
    icon: TuneOutlined,
    mode: 'settings',
    order: 1,
    visible: sidebarRules.settingsLeadsGroup,
    children: [
      item('settings.leads.sources', 'Sources', '/settings/leads/sources', 'source'),
      item('settings.leads.sourceTypes', 'Source Types', '/settings/leads/sourceTypes', 'sourcetype'),
      item('settings.leads.channels', 'Channels', '/settings/leads/channels', 'channel'),
      item('settings.leads.manageChannels', 'Manage Channels', '/settings/leads/channels/manage', 'channel'),
      item('settings.leads.channelTypes', 'Channel Types', '/settings/leads/channelTypes', 'channeltype'),
      item('settings.leads.walkinLocations', 'Walk-in Locations', '/settings/leads/walkinLocations', 'walkinlocation'),
      item('settings.leads.leadStatuses', 'Lead Statuses', '/settings/leads/leadStatuses', 'lead'),
      item('settings.leads.projects', 'Projects', '/settings/leads/projects', 'project'),
      item('settings.leads.units', 'Units', '/settings/leads/units', 'unit'),
      item('settings.leads.unitTypes', 'Unit Types', '/settings/leads/unitTypes', 'unittype'),
      item('settings.leads.unitStatus', 'Unit Status', '/settings/leads/unitStatus'),
      item('settings.leads.blockTypes', 'Block Types', '/settings/leads/BlockTypes', 'blocktype'),
      item('settings.leads.paymentPlans', 'Payment Plans', '/settings/leads/paymentPlan', 'paymentplansetup'),
      item('settings.leads.unitOffers', 'Unit Offers', '/settings/leads/unitOffer', 'Lead'),
      item('settings.leads.salesTeams', 'Sales Teams', '/settings/leads/salesTeams', 'salesteam'),
      item('settings.leads.areas', 'Areas', '/settings/leads/areas', 'area'),
      item('settings.leads.brokers', 'Brokers', '/settings/leads/brokers', 'broker'),
      item('settings.leads.brokerTemplates', 'Broker Project Templates', '/settings/leads/brokers/ProjectTemplate', 'brokerprojecttemplate'),
      item('settings.leads.brokerContracts', 'Broker Contracts', '/settings/leads/brokers/contracts', 'brokercontract'),
      item('settings.leads.paymentTypes', 'Payment Types', '/settings/leads/paymentTypes', 'paymenttype'),
      item('settings.leads.banks', 'Banks', '/settings/leads/banks', 'bank'),
      item('settings.leads.paymentStatuses', 'Payment Statuses', '/settings/leads/paymentStatuses', 'PaymentStatus'),
      item('settings.leads.eoiPayments', 'EOI Payments', '/settings/leads/EoiPayments'),
      item('settings.leads.reservationPayments', 'Reservation Payments', '/settings/leads/ReservationPayments'),
      item('settings.leads.contractPayments', 'Contract Payments', '/settings/leads/ContractPayments'),
      item('settings.leads.receipts', 'Receipts', '/settings/leads/Receipt'),
      item('settings.leads.receiptItems', 'Receipt Items', '/settings/leads/ReceiptItem'),
      item('settings.leads.createReceipt', 'Create Receipt', '/receipt/createNewReceipt'),
      item('settings.leads.bouncedCheques', 'Bounced Cheques', '/settings/leads/BouncedCheques', 'bouncedCheques'),
      item('settings.leads.bouncedReasons', 'Bounced Reasons', '/settings/leads/BouncedReasons'),
    ],
  },
  {
    id: 'settings.general',
    label: 'General',
    icon: PublicOutlined,
    mode: 'settings',
    order: 2,
    visible: sidebarRules.settingsGeneralGroup,
    children: [
      item('settings.general.nationalities', 'Nationalities', '/settings/general/nationalities', 'nationality'),
      item('settings.general.sites', 'Sites', '/settings/general/sites', 'site'),
      item('settings.general.departments', 'Departments', '/settings/general/departments', 'department'),
      item('settings.general.userTypes', 'User Types', '/settings/general/usertypes', 'usertype'),
      item('settings.general.countries', 'Countries', '/settings/general/countries', 'country'),
      item('settings.general.paymentMethods', 'Payment Methods', '/settings/general/paymentMethods', 'paymentmethod'),
      item('settings.general.paymentStatuses', 'Payment Statuses', '/settings/general/paymentStatuses', 'PaymentStatus'),
      item('settings.general.locations', 'Locations', '/settings/general/locations'),
      item('settings.general.leadActivityTypes', 'Lead Activity Types', '/settings/general/leadActivityTypes'),
      {
        id: 'settings.general.contractManagement',
        label: 'Contract Management',
        icon: GavelOutlined,
        children: [
          item('settings.general.contractActions', 'Actions', '/contractStatus/Action'),
          item('settings.general.contractParties', 'Parties', '/contractStatus/Party'),
          item('settings.general.contractSteps', 'Steps', '/contractStatus/Step'),
          item('settings.general.contractTemplates', 'Templates', '/contractStatus/Template'),
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
    // The spec shows the Roles group for read on user; its routes ask read on role.
    visible: sidebarRules.rolesGroup,
    children: [
      item('settings.roles.all', 'View All Roles', '/settings/roles'),
      item('settings.roles.create', 'Create Role', '/settings/CreateRole'),
      item('settings.roles.edit', 'Edit Role', '/settings/editRole'),
    ],
  },
  {
    id: 'sales.users',
    label: 'Users',
    icon: ManageAccountsOutlined,
    mode: 'sales',
    order: 6,
    visible: sidebarRules.users,
    children: [
      { id: 'sales.users.all', label: 'All Users', path: '/sales/users', visible: sidebarRules.users },
      { id: 'sales.users.create', label: 'Create User', path: '/sales/users/create', visible: sidebarRules.users },
    ],
  },
];
