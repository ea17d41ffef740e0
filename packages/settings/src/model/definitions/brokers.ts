import type { FieldError, ResourceDef } from '@propdesk/records/model';
import { f, num } from '@propdesk/records/model';

export const brokers: ResourceDef = {
  name: 'brokers',
  table: 'brokers',
  label: 'Brokers',
  singular: 'Broker',
  entity: 'broker',
  codeField: 'licenseNo',
  route: '/settings/leads/brokers',
  landing: 12,
  fields: {
    name: f.name('Broker name'),
    companyName: f.text('Company name', { searchable: true, maxLength: 160 }),
    licenseNo: f.text('Licence number', { required: true, unique: true, searchable: true, maxLength: 40 }),
    taxId: f.text('Tax ID', { maxLength: 40 }),
    phone: f.phone('Phone'),
    email: f.email('Email', { searchable: true }),
    address: f.text('Address', { maxLength: 300 }),
    country: f.ref('Country', 'countries'),
    defaultCommissionPct: f.percent('Default commission'),
    status: f.enum('Status', ['active', 'suspended'], { required: true, default: 'active' }),
    bankName: f.text('Bank', { protected: true, maxLength: 120 }),
    bankAccountNo: f.text('Account number', { protected: true, maxLength: 40 }),
    iban: f.text('IBAN', { protected: true, maxLength: 34 }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'companyName', 'licenseNo', 'phone', 'email', 'status', 'defaultCommissionPct'],
  formLayout: [['name', 'companyName'], ['licenseNo', 'taxId'], ['phone', 'email'], ['address', 'country'], ['defaultCommissionPct', 'status'], ['bankName', 'bankAccountNo', 'iban']],
};

export const brokerProjectTemplates: ResourceDef = {
  name: 'broker-project-templates',
  table: 'broker_project_templates',
  label: 'Broker Project Templates',
  singular: 'Broker project template',
  entity: 'brokerprojecttemplate',
  route: '/settings/leads/brokers/ProjectTemplate',
  landing: { order: 25, path: '/settings/leads/brokers/ProjectTemplate/create' },
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true }),
    commissionType: f.enum('Commission', ['percent', 'fixed', 'tiered'], { required: true, default: 'percent' }),
    // Each commission type shows only its own fields (the definition says so, not the page): the
    // server refuses a value in a field its type hides.
    pct: f.percent('Percentage', { showWhen: { field: 'commissionType', in: ['percent'] } }),
    amount: f.money('Fixed amount', { showWhen: { field: 'commissionType', in: ['fixed'] } }),
    // Stored as before (jsonb `[{ upTo, pct }]`, numbers), now edited as a table and checked cell by cell.
    tiers: f.rows(
      'Tiers',
      {
        upTo: f.integer('Sales up to', { min: 1, max: 100_000, emptyText: 'No limit' }),
        pct: f.percent('Commission', { required: true }),
      },
      { maxRows: 20, showWhen: { field: 'commissionType', in: ['tiered'] }, help: 'Sales counted up to a number get its commission; leave the last tier\'s "Sales up to" empty for every sale above.' },
    ),
    payableOn: f.enum('Payable on', ['contract_signed', 'down_payment_collected', 'share_collected', 'fully_paid'], { required: true, default: 'contract_signed' }),
    payableSharePct: f.percent('Share of the price collected', { min: 0.01, max: 100, showWhen: { field: 'payableOn', in: ['share_collected'] }, help: 'Payable once this share of the net price is collected in cleared money.' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'commissionType', 'pct', 'amount', 'payableOn'],
  formLayout: [['name', 'project'], ['commissionType', 'payableOn'], ['pct', 'amount'], ['payableSharePct'], ['tiers']],
  rule: (values) => {
    const problems: FieldError[] = [];
    if (values.commissionType === 'percent' && num(values.pct) === null) problems.push({ field: 'pct', message: 'A percentage commission needs its percentage' });
    if (values.commissionType === 'fixed' && num(values.amount) === null) problems.push({ field: 'amount', message: 'A fixed commission needs its amount' });
    if (values.commissionType === 'tiered') problems.push(...tierProblems(values.tiers));
    if (values.payableOn === 'share_collected' && num(values.payableSharePct) === null) problems.push({ field: 'payableSharePct', message: 'Say what share of the price makes it payable' });
    return problems;
  },
};

/** Tiers go up: each "sales up to" above the one before, and only the last may be empty ("every sale above"). */
function tierProblems(value: unknown): FieldError[] {
  const tiers = Array.isArray(value) ? (value as { upTo?: unknown }[]) : [];
  if (tiers.length === 0) return [{ field: 'tiers', message: 'A tiered commission needs at least one tier' }];
  const problems: FieldError[] = [];
  let previous = 0;
  tiers.forEach((tier, index) => {
    const upTo = num(tier?.upTo);
    if (upTo === null) {
      if (index < tiers.length - 1) problems.push({ field: `tiers.${index}.upTo`, message: 'Only the last tier may be open-ended' });
      return;
    }
    if (upTo <= previous) problems.push({ field: `tiers.${index}.upTo`, message: `Must be above ${previous}` });
    previous = Math.max(previous, upTo);
  });
  return problems;
}

export const brokerContracts: ResourceDef = {
  name: 'broker-contracts',
  table: 'broker_contracts',
  label: 'Broker Contracts',
  singular: 'Broker contract',
  entity: 'brokercontract',
  labelField: 'contractNo',
  route: '/settings/leads/brokers/contracts',
  landing: 26,
  fields: {
    contractNo: f.text('Contract number', { required: true, unique: true, searchable: true, maxLength: 40 }),
    broker: f.ref('Broker', 'brokers', { required: true }),
    template: f.ref('Project template', 'broker-project-templates', { required: true }),
    startDate: f.date('Starts', { required: true }),
    endDate: f.date('Ends'),
    status: f.enum('Status', ['draft', 'active', 'expired', 'terminated'], { required: true, default: 'draft' }),
  },
  defaultSort: ['-startDate'],
  listColumns: ['contractNo', 'broker', 'template', 'startDate', 'endDate', 'status'],
  formLayout: [['contractNo', 'status'], ['broker', 'template'], ['startDate', 'endDate']],
  rule: (values) =>
    typeof values.startDate === 'string' && typeof values.endDate === 'string' && values.endDate < values.startDate ? [{ field: 'endDate', message: 'Ends after it starts' }] : [],
};
