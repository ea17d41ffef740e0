import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import { customScreen } from '@propdesk/shell-ui';
import type { SalesScreens } from '../../web/manifest.js';
import { SALES_RESOURCES } from '../manifest.js';
import { ADD_CUSTOMER_ROUTE, ADD_LEAD_ROUTE, CREATE_CUSTOMER_ROUTE, WALK_IN_LEAD_ROUTE } from './links.js';
import { prefetchUrgentCounts } from './urgentCounts.web.js';
import { withSalesWords } from '../../web/i18n/preload.js';
import { loadCustomerExtras } from '../collections/screens.web.js';

const resource = declareResources(SALES_RESOURCES);
const leadForms = () => withSalesWords(import('./leadForms.web.js'));

/**
 * The lead screens: the list and board, the lead forms, activities, validity config, and converting a
 * lead; and the customers' list and create form, at the spec's /settings/leads paths (Sales mode,
 * salesModule's prefixes), with no guard.
 */
export const leadScreens: SalesScreens = [
  {
    section: 'leads',
    items: [
      // The list's urgent counts start with its code (the landing page of most sales users).
      resource('leads', {
        navLabel: 'All Leads',
        custom: () => withSalesWords(import('./LeadsPage.web.js')).then((m) => m.LeadsPage),
        prefetch: prefetchUrgentCounts,
      }),
      // The engine's create page of a lead with the duplicate check and its heading in the page's language (leadForms.web.tsx); the walk-in form is its short layout.
      resource('leads', {
        path: ADD_LEAD_ROUTE,
        title: 'Add New Lead',
        custom: () => leadForms().then((m) => m.AddLeadPage),
        visible: sidebarRules.addLead,
      }),
      // A sidebar target with no route in the spec; guarded as its sidebar item is shown (create on lead).
      resource('leads', {
        path: WALK_IN_LEAD_ROUTE,
        title: 'Add Lead (Sales Form)',
        guard: { entity: 'lead', action: 'create' },
        custom: () => leadForms().then((m) => m.WalkInLeadPage),
      }),
      // The form to log an activity with the user's recent ones under it; `?record=` still opens the engine's view.
      resource('lead-activities', {
        title: 'Add Lead Activity',
        visible: sidebarRules.addLeadActivity,
        custom: () => withSalesWords(import('./AddActivityPage.web.js')).then((m) => m.AddActivityPage),
      }),
      // "Lead submenu items need read on lead" (spec section 6), although the route asks read on LeadValidityConfig.
      resource('lead-validity-configs', { title: 'Lead Validity Config', visible: sidebarRules.leadList }),
    ],
    pages: [
      customScreen(ADD_CUSTOMER_ROUTE, 'Add Customer', () => withSalesWords(import('./ConvertLeadPage.web.js')).then((m) => m.ConvertLeadPage), {
        resource: 'customers',
      }),
    ],
  },
  {
    section: 'customers',
    items: [
      // The customer's view lists their leads, EOIs, holds, reservations and payments (the portfolio panel), and their statement of account.
      resource('customers', { guard: null, extend: loadCustomerExtras }),
      resource('customers', { path: CREATE_CUSTOMER_ROUTE, mode: 'create', title: 'Create Customer', guard: null }),
    ],
  },
];
