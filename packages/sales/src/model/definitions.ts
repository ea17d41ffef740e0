import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';
import { isNationalIdForm, isPassportForm } from './phones.js';

export { holdRequests, HOLD_STATES } from '../resources/hold-requests/definition.js';

/**
 * The sales domain's resources. They refer to settings' resources (projects, sources, channels,
 * departments) by name; the app's registry joins the domains.
 */
export const leadValidityConfigs: ResourceDef = {
  name: 'lead-validity-configs',
  table: 'lead_validity_configs',
  label: 'Lead Validity',
  singular: 'Lead validity rule',
  entity: 'LeadValidityConfig',
  labelField: 'name',
  route: '/sales/leads/create-lead-validity-config',
  fields: {
    name: f.name(),
    source: f.ref('Source', 'sources'),
    channel: f.ref('Channel', 'channels'),
    validityDays: f.integer('Days valid without activity', { required: true, min: 1, max: 365, default: 30 }),
    reminderDaysBefore: f.integer('Remind days before expiry', { required: true, min: 0, max: 60, default: 3 }),
    onExpiry: f.enum('On expiry', ['return_to_pool', 'reassign_to_manager'], { required: true, default: 'return_to_pool' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'source', 'channel', 'validityDays', 'reminderDaysBefore', 'onExpiry'],
  formLayout: [['name'], ['source', 'channel'], ['validityDays', 'reminderDaysBefore'], ['onExpiry']],
  rule: (values) => {
    const problems: FieldError[] = [];
    if (!values.source && !values.channel) problems.push({ field: 'source', message: 'Choose a source or a channel' });
    const days = num(values.validityDays);
    const reminder = num(values.reminderDaysBefore);
    if (days !== null && reminder !== null && reminder >= days) problems.push({ field: 'reminderDaysBefore', message: 'The reminder comes before the lead expires' });
    return problems;
  },
};

export const holdRequestSetups: ResourceDef = {
  name: 'hold-request-setups',
  table: 'hold_request_setups',
  label: 'Hold Request Setup',
  singular: 'Hold request setup',
  entity: 'holdrequestsetup',
  readOpen: true,
  labelField: 'name',
  route: '/settings/leads/holdRequestSetUp',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true, unique: true }),
    maxHoldHours: f.integer('Longest hold (hours)', { required: true, min: 1, max: 720, default: 48 }),
    maxActiveHoldsPerAgent: f.integer('Active holds per agent', { required: true, min: 1, max: 100, default: 3 }),
    requiresApproval: f.boolean('Needs approval', { default: true }),
    approverDepartment: f.ref('Approver department', 'departments'),
    maxExtensions: f.integer('Extensions per hold', { required: true, min: 0, max: 20, default: 2 }),
    maxTotalHours: f.integer('Longest hold with extensions (hours)', { required: true, min: 1, max: 2160, default: 168 }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'maxHoldHours', 'maxActiveHoldsPerAgent', 'requiresApproval', 'approverDepartment', 'maxExtensions', 'maxTotalHours'],
  formLayout: [['name', 'project'], ['maxHoldHours', 'maxActiveHoldsPerAgent'], ['requiresApproval', 'approverDepartment'], ['maxExtensions', 'maxTotalHours']],
  rule: (values) => {
    const problems: FieldError[] = [];
    if (values.requiresApproval === true && !values.approverDepartment) problems.push({ field: 'approverDepartment', message: 'Choose who approves holds' });
    const hours = num(values.maxHoldHours);
    const total = num(values.maxTotalHours);
    if (hours !== null && total !== null && total < hours) problems.push({ field: 'maxTotalHours', message: 'At least the longest hold' });
    return problems;
  },
};

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

/**
 * A lead (domain.md Sales: Lead). Who owns it (`assignedTo`), its validity and its customer link
 * are written only by the sales server (assignment, activities, expiry, conversion), never by a
 * plain PATCH; the server also applies the row scope (own + pool, team for managers, all for readAll).
 */
export const leads: ResourceDef = {
  name: 'leads',
  table: 'leads',
  label: 'Leads',
  singular: 'Lead',
  entity: 'lead',
  hasActive: false,
  // A lead merged into another is kept, archived, for its history: out of lists, duplicate checks and the validity job.
  archivedBy: 'mergedInto',
  labelField: 'fullName',
  // Twelve leads may share a name: pickers name the phone's ending and the agent.
  optionDetail: [{ field: 'phone', prefix: 'Phone ', last: 4 }, 'assignedTo'],
  route: '/sales/leads',
  landing: 1,
  fields: {
    fullName: f.text('Full name', { required: true, searchable: true, maxLength: 120 }),
    phone: f.phone('Phone', { required: true, searchable: true, indexed: true, e164: true }),
    phone2: f.phone('Second phone', { searchable: true, indexed: true, e164: true }),
    email: f.email('Email', { searchable: true }),
    nationality: f.ref('Nationality', 'nationalities'),
    source: f.ref('Source', 'sources', { required: true }),
    channel: f.ref('Channel', 'channels'),
    walkinLocation: f.ref('Walk-in location', 'walkin-locations'),
    broker: f.ref('Broker', 'brokers'),
    projects: f.refs('Projects of interest', 'projects'),
    unitType: f.ref('Unit type', 'unit-types'),
    budgetMin: f.money('Budget from', { min: 0 }),
    budgetMax: f.money('Budget to', { min: 0 }),
    status: f.ref('Status', 'lead-statuses'),
    assignedTo: f.ref('Agent', 'users', { readOnly: true }),
    salesTeam: f.ref('Sales team', 'sales-teams', { readOnly: true }),
    validUntil: datetime('Valid until', { readOnly: true, indexed: true }),
    nextFollowUpAt: datetime('Next follow-up', { indexed: true }),
    lastActivityAt: datetime('Last activity', { readOnly: true }),
    customer: f.ref('Customer', 'customers', { readOnly: true }),
    notes: f.longtext('Notes'),
    reminderSentFor: datetime('Reminder sent for', { readOnly: true, hidden: true }),
    mergedInto: f.ref('Merged into', 'leads', { readOnly: true, hidden: true }),
  },
  defaultSort: ['-createdOn'],
  listColumns: ['fullName', 'phone', 'email', 'status', 'source', 'channel', 'assignedTo', 'salesTeam', 'validUntil', 'nextFollowUpAt'],
  formLayout: [
    ['fullName'],
    ['phone', 'phone2'],
    ['email', 'nationality'],
    ['source', 'channel'],
    ['walkinLocation', 'broker'],
    ['projects'],
    ['unitType', 'status'],
    ['budgetMin', 'budgetMax'],
    ['nextFollowUpAt'],
    ['notes'],
  ],
  rule: (values) => {
    const problems: FieldError[] = [];
    const min = num(values.budgetMin);
    const max = num(values.budgetMax);
    if (min !== null && max !== null && min > max) problems.push({ field: 'budgetMax', message: 'The budget’s upper end is below its lower end' });
    return problems;
  },
};

/** One logged contact with a lead (`/api/leads/{id}/activities`); logging one moves the lead's validity. */
export const leadActivities: ResourceDef = {
  name: 'lead-activities',
  table: 'lead_activities',
  label: 'Lead Activities',
  singular: 'Lead activity',
  entity: 'lead',
  hasActive: false,
  labelField: 'outcome',
  route: '/sales/leads/addActivity',
  fields: {
    lead: f.ref('Lead', 'leads', { required: true }),
    type: f.ref('Type', 'lead-activity-types', { required: true }),
    at: datetime('When', { required: true }),
    outcome: f.text('Outcome', { searchable: true, maxLength: 200 }),
    notes: f.longtext('Notes', { searchable: true }),
    nextFollowUpAt: datetime('Next follow-up'),
  },
  defaultSort: ['-at'],
  listColumns: ['at', 'lead', 'type', 'outcome', 'nextFollowUpAt', 'createdBy'],
  formLayout: [['lead'], ['type', 'at'], ['outcome'], ['notes'], ['nextFollowUpAt']],
};

/** A customer (domain.md Sales: Customer): made from a lead (linked both ways) or directly. */
export const customers: ResourceDef = {
  name: 'customers',
  table: 'customers',
  label: 'Customers',
  singular: 'Customer',
  entity: 'customer',
  labelField: 'fullName',
  // Namesakes are told apart by the endings of their phone and national ID (or passport).
  optionDetail: [
    { field: 'phone', prefix: 'Phone ', last: 4 },
    { field: 'nationalId', prefix: 'ID ', last: 4 },
    { field: 'passportNo', prefix: 'Passport ', last: 4 },
  ],
  route: '/settings/leads/Customers',
  fields: {
    kind: f.enum('Kind', ['individual', 'company'], { required: true, default: 'individual' }),
    fullName: f.text('Name', { required: true, searchable: true, maxLength: 160 }),
    companyName: f.text('Company name', { searchable: true, maxLength: 160 }),
    nationalId: f.text('National ID', { unique: true, searchable: true, maxLength: 20, help: '14 digits (Egyptian national ID).' }),
    passportNo: f.text('Passport number', { unique: true, searchable: true, maxLength: 12 }),
    nationality: f.ref('Nationality', 'nationalities'),
    birthDate: f.date('Birth date'),
    phone: f.phone('Phone', { required: true, searchable: true, indexed: true, e164: true }),
    phone2: f.phone('Second phone', { searchable: true, e164: true }),
    email: f.email('Email', { searchable: true }),
    email2: f.email('Second email'),
    address: f.text('Address', { maxLength: 300 }),
    country: f.ref('Country', 'countries'),
    lead: f.ref('From lead', 'leads', { readOnly: true }),
    // Customer messages (issue 28): the language they are written in, and the customer's opt-outs per channel.
    language: f.enum('Language', ['ar', 'en'], { required: true, default: 'en', help: 'The language of the e-mails and SMS the customer receives.' }),
    emailOptOut: f.boolean('No e-mails', { help: 'The customer asked not to receive e-mails (reminders, receipts, statements).' }),
    smsOptOut: f.boolean('No SMS', { help: 'The customer asked not to receive SMS.' }),
  },
  defaultSort: ['fullName'],
  listColumns: ['fullName', 'kind', 'nationalId', 'passportNo', 'nationality', 'phone', 'email', 'lead'],
  formLayout: [['kind', 'fullName'], ['companyName'], ['nationalId', 'passportNo'], ['nationality', 'birthDate'], ['phone', 'phone2'], ['email', 'email2'], ['address', 'country'], ['language', 'emailOptOut', 'smsOptOut']],
  rule: (values) => {
    const problems: FieldError[] = [];
    if (typeof values.nationalId === 'string' && values.nationalId !== '' && !isNationalIdForm(values.nationalId)) {
      problems.push({ field: 'nationalId', message: 'A national ID is 14 digits starting with 2 or 3' });
    }
    if (typeof values.passportNo === 'string' && values.passportNo !== '' && !isPassportForm(values.passportNo)) {
      problems.push({ field: 'passportNo', message: 'A passport number is 6 to 9 letters and digits' });
    }
    if (values.kind === 'individual' && !values.nationalId && !values.passportNo) problems.push({ field: 'nationalId', message: 'Enter a national ID or a passport number' });
    if (values.kind === 'company' && !values.companyName) problems.push({ field: 'companyName', message: 'Enter the company’s name' });
    return problems;
  },
};

