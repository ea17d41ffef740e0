import { f, type FieldDef, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const HOLD_STATES = ['pending', 'approved', 'rejected', 'released', 'converted', 'expired'] as const;
export type HoldState = (typeof HOLD_STATES)[number];
/** A hold that waits for its approval. */
export const PENDING_HOLD_STATE = 'pending' satisfies HoldState;
/** A hold that holds its unit (approved, not yet released, converted or expired). */
export const ACTIVE_HOLD_STATE = 'approved' satisfies HoldState;

/**
 * A request to hold a unit for a customer or lead (domain.md Sales: Hold request). Approval claims
 * the unit (one live claim per unit, `unit_claims`) and puts it on hold until `expiresAt`, counted
 * from approval; reject, release and expiry release the claim. The requester, project, decision and
 * expiry are the server's (read-only here); the project's Hold Request Setup bounds hours, active
 * holds per agent, extensions and total hours.
 */
export const holdRequests: ResourceDef = {
  name: 'hold-requests',
  table: 'hold_requests',
  label: 'Hold Requests',
  singular: 'Hold request',
  entity: 'holdRequest',
  hasActive: false,
  // Named by number (their reasons repeat: "Client visit" three times), with the unit and the customer or lead.
  labelField: 'number',
  codeField: 'number',
  optionDetail: ['unit', 'customer', 'lead'],
  route: '/settings/leads/holdRequests',
  numbering: { prefix: 'HLD', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    unit: f.ref('Unit', 'units', { required: true, indexed: true, pickMatch: { field: 'project', target: 'project' } }),
    project: f.ref('Project', 'projects', { indexed: true, help: 'Narrows the units to one project; the unit’s project is kept.' }),
    customer: f.ref('Customer', 'customers', { indexed: true }),
    lead: f.ref('Lead', 'leads', { indexed: true }),
    hours: f.integer('Hours', { required: true, min: 1, max: 720, default: 24, help: 'At most the project’s longest hold; counted from approval.' }),
    reason: f.text('Reason', { required: true, searchable: true, maxLength: 300 }),
    requestedBy: f.ref('Requested by', 'users', { readOnly: true, indexed: true }),
    status: f.enum('Status', HOLD_STATES, { default: 'pending', readOnly: true, indexed: true }),
    approvedBy: f.ref('Approved by', 'users', { readOnly: true }),
    approvedAt: datetime('Approved at', { readOnly: true }),
    expiresAt: datetime('Expires at', { readOnly: true, indexed: true }),
    totalHours: f.integer('Total hours', { readOnly: true, help: 'Approved hours including extensions.' }),
    extensions: f.integer('Extensions', { readOnly: true, default: 0 }),
    extensionHours: f.integer('Extension asked (hours)', { readOnly: true, help: 'An extension the holder asked for, waiting for approval.' }),
    reminderSentAt: datetime('Reminder sent at', { readOnly: true, hidden: true }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'unit', 'project', 'customer', 'lead', 'hours', 'requestedBy', 'status', 'expiresAt', 'extensions'],
  formLayout: [['project', 'unit'], ['customer', 'lead'], ['hours'], ['reason']],
  statusField: 'status',
  editableStates: ['pending'],
  actions: {
    approve: { label: 'Approve', from: ['pending'], to: 'approved', privilege: 'approve', reason: 'optional', confirm: 'Approve {number}? The unit {unit} is held for {hours} hours from now.' },
    reject: { label: 'Reject', from: ['pending'], to: 'rejected', privilege: 'approve', reason: 'required', confirm: 'Reject {number}? Your reason is sent to the requester.' },
    release: { label: 'Release', from: ['pending', 'approved'], to: 'released', reason: 'optional', confirm: 'Release {number}? The unit {unit} becomes available to everyone.' },
    // Offered only while the holder's extension waits (`extensionHours` holds the hours asked).
    extend: {
      label: 'Approve extension',
      from: ['approved'],
      to: 'approved',
      privilege: 'approve',
      reason: 'optional',
      confirm: 'Approve the {extensionHours} more hours asked for {number}? The unit {unit} stays on hold that much longer.',
      when: { field: 'extensionHours', filled: true, otherwise: 'no extension has been asked for' },
    },
    declineExtension: {
      label: 'Decline extension',
      from: ['approved'],
      to: 'approved',
      privilege: 'approve',
      reason: 'required',
      confirm: 'Decline the {extensionHours} more hours asked for {number}? The hold keeps its time; your reason goes to the holder.',
      when: { field: 'extensionHours', filled: true, otherwise: 'no extension has been asked for' },
    },
  },
  rule: (values) => (!values.customer && !values.lead ? [{ field: 'customer', message: 'Choose a customer or a lead' }] : []),
};
