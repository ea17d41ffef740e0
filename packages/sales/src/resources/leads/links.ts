import { linksOf, withQuery } from '@propdesk/records/model';
import { customers, leads } from '../../model/definitions.js';

/** The lead screens' paths besides the list (the spec's create form, the walk-in form, converting a lead). */
export const ADD_LEAD_ROUTE = '/sales/leads/addlead';
export const WALK_IN_LEAD_ROUTE = '/sales/leads/addLeadFSales';
export const ADD_CUSTOMER_ROUTE = '/sales/leads/addcustomer';
export const CREATE_CUSTOMER_ROUTE = '/settings/leads/CreateCustomer';

/** Leads: the list (`/sales/leads`), a lead's view, the create form. */
export const leadLinks = linksOf(leads, ADD_LEAD_ROUTE);
/** The leads list filtered and sorted (`where` as the list's filter tree). */
export const leadsWhereLink = (where: unknown, sort: string) => withQuery(leadLinks.route, { where: JSON.stringify(where), sort });
/** A lead made a customer: the Add Customer page with the lead. */
export const customerFromLeadLink = (leadId: string) => withQuery(ADD_CUSTOMER_ROUTE, { lead: leadId });

/** Customers (at the spec's `/settings/leads/Customers`, Sales mode): a customer's view, the create form. */
export const customerLinks = linksOf(customers, CREATE_CUSTOMER_ROUTE);
