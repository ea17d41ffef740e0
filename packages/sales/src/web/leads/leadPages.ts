import { resourceScreen } from '@propdesk/records/web';
import { createElement } from 'react';
import { SALES_RESOURCES } from '../../model/definitions.js';
import { ConvertLeadPage } from '../customers/ConvertLeadPage.js';
import { LeadForm } from './LeadForm.js';
import { LeadsPage } from './LeadsPage.js';

// Named as the engine's screens are (resource first), so the module's tests know them as built screens.
const AddLead = Object.assign(() => createElement(LeadForm, { variant: 'full' }), { displayName: 'ResourceScreen(leads, add)' });
const WalkIn = Object.assign(() => createElement(LeadForm, { variant: 'walkin' }), { displayName: 'ResourceScreen(leads, walk-in)' });
const List = Object.assign(LeadsPage, { displayName: 'ResourceScreen(leads, list and board)' });
const Convert = Object.assign(ConvertLeadPage, { displayName: 'ResourceScreen(customers, from a lead)' });

/** The lead screens. */
export const leadPages = {
  list: List,
  add: AddLead,
  addSalesForm: WalkIn,
  addActivity: resourceScreen('lead-activities', SALES_RESOURCES),
  validityConfig: resourceScreen('lead-validity-configs', SALES_RESOURCES),
  addCustomer: Convert,
};

export type LeadPage = keyof typeof leadPages;
