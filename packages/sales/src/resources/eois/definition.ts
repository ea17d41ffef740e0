import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const EOI_STATES = ['draft', 'submitted', 'paid', 'allocated', 'refunded', 'cancelled', 'expired'] as const;
export type EoiState = (typeof EOI_STATES)[number];

/**
 * An expression of interest (domain.md Sales: EOI): a customer's place in a launch. Payments
 * (`eoi-payments`) are taken once it is submitted; when they reach the amount due it becomes `paid`
 * and takes the launch's next priority token (gap-free, in the order EOIs became paid). A bulk deal
 * turns it into a reservation (`allocated`); refunds through approval end in `refunded`; the
 * launch's window closing expires it while unpaid. Preferences are ranked rows: the first that a
 * unit meets wins in a bulk deal.
 */
export const eois: ResourceDef = {
  name: 'eois',
  table: 'eois',
  label: 'EOIs',
  singular: 'EOI',
  entity: 'eoi',
  hasActive: false,
  labelField: 'title',
  optionDetail: ['number', 'tokenLabel', 'status'],
  codeField: 'number',
  route: '/sales/eoi/list',
  numbering: { prefix: 'EOI', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { searchable: true, maxLength: 160, help: 'Empty: the customer and the launch.' }),
    setup: f.ref('Launch', 'eoi-setups', { required: true, indexed: true, pickWhere: { status: ['open'] }, pickMessage: 'The launch’s window is closed' }),
    project: f.ref('Project', 'projects', { readOnly: true, indexed: true }),
    customer: f.ref('Customer', 'customers', { indexed: true, help: 'Or choose a lead: its customer is used, or made from it.' }),
    lead: f.ref('Lead', 'leads', { indexed: true }),
    customerIdNumber: f.text('National ID or passport (new customer)', { maxLength: 20, help: 'Only when the customer is made from the lead now.' }),
    preferences: f.rows(
      'Preferences (ranked)',
      {
        unitType: f.text('Unit type', { maxLength: 120 }),
        block: f.text('Block', { maxLength: 20 }),
        floorFrom: f.integer('Floor from', { min: -3, max: 200 }),
        floorTo: f.integer('Floor to', { min: -3, max: 200 }),
        budget: f.money('Budget', { min: 0 }),
      },
      { maxRows: 5 },
    ),
    amountDue: f.money('Amount due', { readOnly: true }),
    paidAmount: f.money('Paid', { readOnly: true, default: 0 }),
    refundedAmount: f.money('Refunded', { readOnly: true, default: 0 }),
    token: f.integer('Token', { readOnly: true, indexed: true }),
    tokenLabel: f.text('Priority token', { readOnly: true, searchable: true, maxLength: 20, key: true }),
    paidAt: datetime('Paid at', { readOnly: true }),
    status: f.enum('Status', EOI_STATES, { default: 'draft', readOnly: true, indexed: true }),
    unit: f.ref('Allocated unit', 'units', { readOnly: true }),
    reservation: f.ref('Reservation', 'reservations', { readOnly: true }),
    refundDue: f.boolean('In the refund queue', { readOnly: true, help: 'Left without a unit by a bulk deal.' }),
    notes: f.longtext('Notes'),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'setup', 'customer', 'tokenLabel', 'amountDue', 'paidAmount', 'refundedAmount', 'status', 'unit', 'refundDue'],
  formLayout: [['setup', 'title'], ['customer', 'lead'], ['customerIdNumber'], ['preferences'], ['notes']],
  statusField: 'status',
  editableStates: ['draft', 'submitted'],
  actions: {
    submit: { label: 'Submit', from: ['draft'], to: 'submitted', reason: 'optional', confirm: 'Submit {number}? Payments can then be taken.' },
    cancel: { label: 'Cancel', from: ['draft', 'submitted'], to: 'cancelled', reason: 'required', confirm: 'Cancel {number}? Any money paid goes to a refund.' },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    if (!values.customer && !values.lead) problems.push({ field: 'customer', message: 'Choose a customer or a lead' });
    (Array.isArray(values.preferences) ? (values.preferences as Record<string, unknown>[]) : []).forEach((row, index) => {
      const from = num(row?.floorFrom);
      const to = num(row?.floorTo);
      if (from !== null && to !== null && to < from) problems.push({ field: `preferences.${index}.floorTo`, message: 'Not below “floor from”' });
      if (!row?.unitType && !row?.block && from === null && to === null && num(row?.budget) === null) problems.push({ field: `preferences.${index}.unitType`, message: 'Say what this preference wants' });
    });
    return problems;
  },
};
