import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { sidebarRules } from '@propdesk/privileges';
import type { NavSection } from '@propdesk/shell-ui';

/**
 * The Sales sidebar (spec section 2), with the visibility rules of spec section 6 taken from
 * `sidebarRules`. Users (order 6) is contributed by @propdesk/settings. Customer, Reservations,
 * Contracts and Hold Requests need no privilege in the sidebar. The view, create and edit pages
 * of the spec's other sidebar targets (/Reservations/view, /Reservations/payments/create, ...)
 * are routed so a link to them lands, but they are opened from their list screens, not listed here.
 */
export const salesNav: readonly NavSection[] = [
  {
    id: 'sales.leads',
    label: 'Leads',
    icon: PersonSearchOutlined,
    mode: 'sales',
    order: 1,
    children: [
      { id: 'sales.leads.all', label: 'All Leads', path: '/sales/leads', visible: sidebarRules.leadList },
      { id: 'sales.leads.add', label: 'Add New Lead', path: '/sales/leads/addlead', visible: sidebarRules.addLead },
      {
        id: 'sales.leads.addSalesForm',
        label: 'Add Lead (Sales Form)',
        path: '/sales/leads/addLeadFSales',
        visible: sidebarRules.addLeadSalesForm,
      },
      { id: 'sales.leads.addActivity', label: 'Add Lead Activity', path: '/sales/leads/addActivity', visible: sidebarRules.addLeadActivity },
      // "Lead submenu items need read on lead" (spec section 6), although the route asks read on LeadValidityConfig.
      {
        id: 'sales.leads.validityConfig',
        label: 'Lead Validity Config',
        path: '/sales/leads/create-lead-validity-config',
        visible: sidebarRules.leadList,
      },
    ],
  },
  {
    id: 'sales.eoi',
    label: 'EOI',
    icon: HowToRegOutlined,
    mode: 'sales',
    order: 2,
    visible: sidebarRules.salesGroup,
    children: [
      { id: 'sales.eoi.create', label: 'Create EOI', path: '/sales/eoi/create', visible: sidebarRules.eoiCreate },
      { id: 'sales.eoi.list', label: 'EOI List', path: '/sales/eoi/list', visible: sidebarRules.eoiList },
      { id: 'sales.eoi.setup', label: 'EOI Setup', path: '/sales/eoi/setup', visible: sidebarRules.eoiSetupList },
      { id: 'sales.eoi.setupCreate', label: 'Create EOI Setup', path: '/sales/eoi/setup/create', visible: sidebarRules.eoiSetupCreate },
      // EOI payments have one screen, under /settings/leads; following this link switches to the Settings sidebar.
      { id: 'sales.eoi.payments', label: 'EOI Payments', path: '/settings/leads/EoiPayments', visible: sidebarRules.eoiPayments },
      { id: 'sales.eoi.bulkDeals', label: 'Bulk Deals', path: '/sales/eoi/bulkdeals', visible: sidebarRules.bulkDeals },
    ],
  },
  {
    id: 'sales.customers',
    label: 'Customer',
    icon: PeopleOutlined,
    mode: 'sales',
    order: 3,
    children: [
      { id: 'sales.customers.all', label: 'Customers', path: '/settings/leads/Customers' },
      { id: 'sales.customers.create', label: 'Create Customer', path: '/settings/leads/CreateCustomer' },
    ],
  },
  {
    id: 'sales.reservations',
    label: 'Reservations',
    icon: EventAvailableOutlined,
    mode: 'sales',
    order: 4,
    children: [
      { id: 'sales.reservations.all', label: 'All Reservations', path: '/Reservations' },
      { id: 'sales.reservations.create', label: 'Create Reservation', path: '/Reservations/Create' },
      { id: 'sales.reservations.modify', label: 'Modify Reservation', path: '/Reservations/Modify' },
      { id: 'sales.reservations.payments', label: 'Reservation Payments', path: '/Reservations/payments' },
    ],
  },
  {
    id: 'sales.contracts',
    label: 'Contracts',
    icon: DescriptionOutlined,
    mode: 'sales',
    order: 5,
    children: [
      { id: 'sales.contracts.all', label: 'All Contracts', path: '/sales/contracts' },
      { id: 'sales.contracts.create', label: 'Create Contract', path: '/sales/contracts/create' },
      { id: 'sales.contracts.payments', label: 'Contract Payments', path: '/sales/contracts/payments' },
    ],
  },
  {
    id: 'sales.holdRequests',
    label: 'Hold Requests',
    icon: PauseCircleOutlined,
    mode: 'sales',
    order: 7,
    children: [
      { id: 'sales.holdRequests.all', label: 'Hold Requests', path: '/settings/leads/holdRequests' },
      { id: 'sales.holdRequests.create', label: 'Create Hold Request', path: '/settings/leads/holdRequests/create' },
      { id: 'sales.holdRequests.setup', label: 'Hold Request Setup', path: '/settings/leads/holdRequestSetUp' },
    ],
  },
];
