import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { sidebarRules } from '@propdesk/privileges';
import { declareResources } from '@propdesk/records/web';
import { customScreen, type SectionDeclaration } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../resources/manifest.js';
import { prefetchUrgentCounts } from './urgentCounts.js';

const resource = declareResources(SALES_RESOURCES);
const leadForms = () => import('./leadForms.js');

/** The lead screens: the list and board, the lead forms, activities, validity config, and converting a lead. */
export const leadScreens: SectionDeclaration = {
  id: 'sales.leads', label: 'Leads', icon: PersonSearchOutlined, mode: 'sales', order: 1,
  trail: ['Sales', 'Leads'],
  items: [
    // The list's urgent counts start with its code (the landing page of most sales users).
    resource('leads', {
      navLabel: 'All Leads',
      custom: () => import('./LeadsPage.js').then((m) => m.LeadsPage),
      prefetch: prefetchUrgentCounts,
    }),
    // The engine's form of a lead with the duplicate check (leadForms.tsx); the walk-in form is its short layout.
    resource('leads', {
      path: '/sales/leads/addlead',
      title: 'Add New Lead',
      mode: 'create',
      extend: () => leadForms().then((m) => m.addLeadPage),
      visible: sidebarRules.addLead,
    }),
    // A sidebar target with no route in the spec; guarded as its sidebar item is shown (create on lead).
    resource('leads', {
      path: '/sales/leads/addLeadFSales',
      title: 'Add Lead (Sales Form)',
      guard: { entity: 'lead', action: 'create' },
      mode: 'create',
      extend: () => leadForms().then((m) => m.walkInLeadPage),
    }),
    // The form to log an activity with the user's recent ones under it; `?record=` still opens the engine's view.
    resource('lead-activities', {
      title: 'Add Lead Activity',
      visible: sidebarRules.addLeadActivity,
      custom: () => import('./AddActivityPage.js').then((m) => m.AddActivityPage),
    }),
    // "Lead submenu items need read on lead" (spec section 6), although the route asks read on LeadValidityConfig.
    resource('lead-validity-configs', { title: 'Lead Validity Config', visible: sidebarRules.leadList }),
  ],
  pages: [
    customScreen('/sales/leads/addcustomer', 'Add Customer', () => import('../customers/ConvertLeadPage.js').then((m) => m.ConvertLeadPage), {
      resource: 'customers',
    }),
  ],
};
