import { f, num, type FieldDef, type FieldError, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

export const EOI_SETUP_STATES = ['open', 'closed'] as const;

/**
 * An EOI launch of a project (domain.md Sales: EOI setup): its window, the EOI amount (one for the
 * launch, and per unit type where it differs), the most EOIs one customer may hold, whether EOIs are
 * refundable, and the prefix of its priority tokens. The `sales.eoi-window` job closes it when the
 * window ends, expiring the EOIs that were never paid.
 */
export const eoiSetups: ResourceDef = {
  name: 'eoi-setups',
  table: 'eoi_setups',
  label: 'EOI Setups',
  singular: 'EOI setup',
  entity: 'eoiSetup',
  route: '/sales/eoi/setup',
  fields: {
    name: f.text('Launch name', { required: true, unique: ['project'], searchable: true, maxLength: 120 }),
    project: f.ref('Project', 'projects', { required: true, indexed: true }),
    opensAt: datetime('Window opens', { required: true }),
    closesAt: datetime('Window closes', { required: true, indexed: true }),
    amount: f.money('EOI amount', { required: true, min: 0, help: 'For every unit type not listed below.' }),
    amounts: f.rows(
      'Amount per unit type',
      {
        unitType: f.text('Unit type', { required: true, maxLength: 120, help: 'A unit type’s name, as in Unit Types.' }),
        amount: f.money('Amount', { required: true, min: 0 }),
      },
      { maxRows: 40 },
    ),
    maxEoisPerCustomer: f.integer('Most EOIs per customer', { required: true, min: 1, max: 100, default: 2 }),
    refundable: f.boolean('Refundable', { default: true }),
    tokenPrefix: f.text('Token prefix', { required: true, maxLength: 10, default: 'T', help: 'Tokens read T-0001, T-0002, … in the order EOIs are paid.' }),
    paymentPlan: f.ref('Payment plan', 'payment-plans', { help: 'The plan bulk deals give the reservations.', pickMatch: { field: 'project', target: 'project', orEmpty: true } }),
    approverDepartment: f.ref('Refund approvers', 'departments', { help: 'The department asked to approve refunds.' }),
    status: f.enum('Status', EOI_SETUP_STATES, { default: 'open', readOnly: true, indexed: true }),
    closedAt: datetime('Closed at', { readOnly: true }),
  },
  defaultSort: ['-opensAt'],
  listColumns: ['name', 'project', 'opensAt', 'closesAt', 'amount', 'maxEoisPerCustomer', 'refundable', 'tokenPrefix', 'status'],
  formLayout: [['name', 'project'], ['opensAt', 'closesAt'], ['amount', 'maxEoisPerCustomer'], ['refundable', 'tokenPrefix'], ['paymentPlan', 'approverDepartment'], ['amounts']],
  statusField: 'status',
  editableStates: ['open'],
  actions: {
    close: { label: 'Close window', from: ['open'], to: 'closed', privilege: 'update', reason: 'optional', confirm: 'Close {name} now? Its unpaid EOIs expire.' },
  },
  rule: (values) => {
    const problems: FieldError[] = [];
    if (typeof values.opensAt === 'string' && typeof values.closesAt === 'string' && values.opensAt && values.closesAt && new Date(values.closesAt) <= new Date(values.opensAt)) {
      problems.push({ field: 'closesAt', message: 'The window closes after it opens' });
    }
    if (typeof values.tokenPrefix === 'string' && values.tokenPrefix !== '' && !/^[A-Za-z0-9]+$/.test(values.tokenPrefix)) {
      problems.push({ field: 'tokenPrefix', message: 'Letters and digits only' });
    }
    const seen = new Set<string>();
    (Array.isArray(values.amounts) ? (values.amounts as Record<string, unknown>[]) : []).forEach((row, index) => {
      const name = String(row?.unitType ?? '').trim().toLowerCase();
      if (name && seen.has(name)) problems.push({ field: `amounts.${index}.unitType`, message: 'This unit type is listed twice' });
      seen.add(name);
      if ((num(row?.amount) ?? 0) < 0) problems.push({ field: `amounts.${index}.amount`, message: 'Not below zero' });
    });
    return problems;
  },
};
