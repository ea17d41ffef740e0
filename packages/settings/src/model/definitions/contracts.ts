import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

export const contractSteps: ResourceDef = {
  name: 'contract-steps',
  table: 'contract_steps',
  label: 'Contract Steps',
  singular: 'Contract step',
  entity: 'contractstep',
  readOpen: true,
  route: '/contractStatus/Step',
  fields: { name: f.name(), sortOrder: f.integer('Order', { required: true, min: 0, max: 999, default: 0 }), isFinal: f.boolean('Final step') },
  defaultSort: ['sortOrder', 'name'],
  listColumns: ['sortOrder', 'name', 'isFinal'],
  formLayout: [['name', 'sortOrder'], ['isFinal']],
};

export const contractActions: ResourceDef = {
  name: 'contract-actions',
  table: 'contract_actions',
  label: 'Contract Actions',
  singular: 'Contract action',
  entity: 'contractaction',
  readOpen: true,
  route: '/contractStatus/Action',
  fields: {
    name: f.name(),
    label: f.text('Button label', { required: true, maxLength: 60 }),
    fromStep: f.ref('From step', 'contract-steps', { required: true }),
    toStep: f.ref('To step', 'contract-steps', { required: true }),
    needsReason: f.boolean('Needs a reason'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'label', 'fromStep', 'toStep', 'needsReason'],
  formLayout: [['name', 'label'], ['fromStep', 'toStep'], ['needsReason']],
  rule: (values) => (values.fromStep && values.fromStep === values.toStep ? [{ field: 'toStep', message: 'An action moves to another step' }] : []),
};

export const contractParties: ResourceDef = {
  name: 'contract-parties',
  table: 'contract_parties',
  label: 'Contract Parties',
  singular: 'Contract party',
  entity: 'contractparty',
  readOpen: true,
  route: '/contractStatus/Party',
  fields: { name: f.name(), role: f.enum('Role', ['buyer', 'co_buyer', 'developer_signatory', 'witness', 'broker'], { required: true, default: 'buyer' }) },
  defaultSort: ['name'],
  listColumns: ['name', 'role'],
  formLayout: [['name', 'role']],
};

export const contractTemplates: ResourceDef = {
  name: 'contract-templates',
  table: 'contract_templates',
  label: 'Contract Templates',
  singular: 'Contract template',
  entity: 'contracttemplate',
  readOpen: true,
  route: '/contractStatus/Template',
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { help: 'Leave empty for a template every project may use.' }),
    body: f.longtext('Body', {
      required: true,
      maxLength: 100_000,
      help: 'Merge fields: {{customer.name}}, {{unit.code}}, {{project.name}}, {{netPrice}}, {{schedule}}, {{date}}',
    }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project'],
  formLayout: [['name', 'project'], ['body']],
};
