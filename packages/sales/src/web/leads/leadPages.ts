import { resourceScreen } from '@propdesk/records/web';
import { placeholderPage } from '@propdesk/shell-ui';
import { SALES_RESOURCES } from '../../model/definitions.js';

/** The lead screens; each is a placeholder until its issue is built. */
export const leadPages = {
  list: placeholderPage(
    'Leads',
    'All sales leads with their source, channel, status, assigned agent, validity and next follow-up, ready to search, assign and follow up.',
  ),
  add: placeholderPage(
    'Add New Lead',
    'Records a new lead: name, phones and email (warning when they already belong to an open lead), nationality, source, channel, broker, projects of interest, unit type and budget.',
  ),
  addSalesForm: placeholderPage(
    'Add Lead (Sales Form)',
    'The quick walk-in form a sales agent fills in at the sales centre to capture a lead in a few fields.',
  ),
  addActivity: placeholderPage(
    'Add Lead Activity',
    'Logs an activity on a lead (type, time, outcome, notes and next follow-up), which moves the lead’s validity date.',
  ),
  validityConfig: resourceScreen('lead-validity-configs', SALES_RESOURCES),
  addCustomer: placeholderPage(
    'Add Customer',
    'Turns a lead into a customer, keeping the link between the two.',
  ),
};

export type LeadPage = keyof typeof leadPages;
