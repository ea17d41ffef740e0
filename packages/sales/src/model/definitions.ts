import { f, num, type FieldError, type ResourceDef } from '@propdesk/records/model';

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
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'maxHoldHours', 'maxActiveHoldsPerAgent', 'requiresApproval', 'approverDepartment'],
  formLayout: [['name', 'project'], ['maxHoldHours', 'maxActiveHoldsPerAgent'], ['requiresApproval', 'approverDepartment']],
  rule: (values) => (values.requiresApproval === true && !values.approverDepartment ? [{ field: 'approverDepartment', message: 'Choose who approves holds' }] : []),
};

export const SALES_RESOURCES: readonly ResourceDef[] = [leadValidityConfigs, holdRequestSetups];
