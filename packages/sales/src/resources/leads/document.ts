import { ACTIONS, CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { customers, leadActivities, leadValidityConfigs, leads } from '../../model/definitions.js';
import { leadLinks } from './links.js';

/** Leads, their activities, validity rules and customers: the folder's face (issue 30). */
export const leadDocument = defineDocument({
  folder: 'leads',
  definitions: [leadValidityConfigs, leads, leadActivities, customers],
  links: leadLinks,
  entities: [
    { name: 'lead', label: 'Leads', group: 'sales', order: 10, actions: ACTIONS, extraActions: ['readAll', 'assign'] },
    { name: 'LeadValidityConfig', label: 'Lead validity configuration', group: 'sales', order: 20, actions: CRUD_ACTIONS },
    { name: 'customer', label: 'Customers', group: 'sales', order: 170, actions: CRUD_ACTIONS },
  ],
});
