import type { LazyPage } from '@propdesk/shell-ui';
import type { LeadPage } from './leadPages.js';
import { readOn, type Screen, screen } from '@propdesk/shell-ui';
import { prefetchUrgentCounts } from './urgentCounts.js';

const page = (name: LeadPage): LazyPage => () => import('./leadPages.js').then((m) => ({ Component: m.leadPages[name] }));
const crumb = (title: string) => ({ title, trail: ['Sales', 'Leads', title] });

export const leadScreens: readonly Screen[] = [
  // The list's urgent counts start with its code (the landing page of most sales users).
  { ...screen('/sales/leads', { title: 'Leads', trail: ['Sales', 'Leads'] }, page('list'), readOn('lead')), prefetch: prefetchUrgentCounts },
  screen('/sales/leads/addlead', crumb('Add New Lead'), page('add'), readOn('lead')),
  // A sidebar target with no route in the spec; guarded as its sidebar item is shown (create on lead).
  screen('/sales/leads/addLeadFSales', crumb('Add Lead (Sales Form)'), page('addSalesForm'), { entity: 'lead', action: 'create' }),
  screen('/sales/leads/addActivity', crumb('Add Lead Activity'), page('addActivity'), readOn('lead')),
  screen('/sales/leads/create-lead-validity-config', crumb('Lead Validity Config'), page('validityConfig'), readOn('LeadValidityConfig')),
  screen('/sales/leads/addcustomer', crumb('Add Customer'), page('addCustomer')),
];
