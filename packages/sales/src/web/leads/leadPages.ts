import { createElement } from 'react';
import { LeadForm } from './LeadForm.js';

/** Add New Lead: the full lead form. */
export function AddLeadPage() {
  return createElement(LeadForm, { variant: 'full' });
}

/** Add Lead (Sales Form): the walk-in form. */
export function WalkInLeadPage() {
  return createElement(LeadForm, { variant: 'walkin' });
}
