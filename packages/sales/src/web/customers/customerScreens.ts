import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { declareResources } from '@propdesk/records/web';
import type { SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';

const customers = declareResources(SALES_RESOURCES);

/** Customers: the engine's list and create form, at the spec's /settings/leads paths (Sales mode, salesModule's prefixes), with no guard. */
export const customerScreens: SectionDeclaration = {
  id: 'sales.customers', label: 'Customer', icon: PeopleOutlined, mode: 'sales', order: 3,
  trail: ['Sales', 'Customers'],
  items: [
    // The customer's view lists their leads, EOIs, holds, reservations and payments (the portfolio panel), and their statement of account.
    customers('customers', { guard: null, extend: async () => (await import('../collections/customerExtras.js')).customerExtras }),
    customers('customers', { path: '/settings/leads/CreateCustomer', mode: 'create', title: 'Create Customer', guard: null }),
  ],
};
