import type { FieldError, ResourceDef } from '@propdesk/records/model';
import { planProblems, type Frequency, type PlanTerms } from '@propdesk/finance';
import { f, num } from '@propdesk/records/model';

export const FREQUENCIES = ['monthly', 'quarterly', 'semi_annual', 'annual'] as const;

/** The plan's terms as the schedule generator reads them, from form text or JSON numbers. */
export function planTerms(values: Readonly<Record<string, unknown>>): PlanTerms {
  return {
    downPaymentPct: num(values.downPaymentPct) ?? 0,
    years: num(values.years) ?? 0,
    frequency: (typeof values.frequency === 'string' ? values.frequency : 'quarterly') as Frequency,
    deliveryPct: num(values.deliveryPct) ?? 0,
    deliveryAfterMonths: num(values.deliveryAfterMonths) ?? 0,
    maintenancePct: num(values.maintenancePct) ?? 0,
    discountPct: num(values.discountPct) ?? 0,
  };
}

/** The same check as the schedule generator's: the percentages add up, with something left for installments. */
export function paymentPlanProblems(values: Readonly<Record<string, unknown>>): FieldError[] {
  return planProblems(planTerms(values));
}

export const paymentPlans: ResourceDef = {
  name: 'payment-plans',
  table: 'payment_plans',
  label: 'Payment Plans',
  singular: 'Payment plan',
  entity: 'paymentplansetup',
  route: '/settings/leads/paymentPlan',
  landing: 16,
  optionDetail: ['project'],
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { help: 'Leave empty for a plan every project may use.' }),
    downPaymentPct: f.percent('Down payment', { required: true, default: 10 }),
    years: f.integer('Years of installments', { required: true, min: 0, max: 30, default: 5 }),
    frequency: f.enum('Installment frequency', FREQUENCIES, { required: true, default: 'quarterly' }),
    deliveryPct: f.percent('On delivery', { required: true, default: 0 }),
    deliveryAfterMonths: f.integer('Delivery after (months)', { required: true, min: 0, max: 360, default: 36 }),
    maintenancePct: f.percent('Maintenance', { required: true, default: 0 }),
    discountPct: f.percent('Discount', { required: true, default: 0 }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'downPaymentPct', 'years', 'frequency', 'deliveryPct', 'maintenancePct', 'discountPct'],
  formLayout: [['name', 'project'], ['downPaymentPct', 'years', 'frequency'], ['deliveryPct', 'deliveryAfterMonths'], ['maintenancePct', 'discountPct']],
  rule: paymentPlanProblems,
};

export const unitOffers: ResourceDef = {
  name: 'unit-offers',
  table: 'unit_offers',
  label: 'Unit Offers',
  singular: 'Unit offer',
  entity: 'Lead',
  route: '/settings/leads/unitOffer',
  landing: 17,
  optionDetail: ['project'],
  fields: {
    name: f.name(),
    project: f.ref('Project', 'projects', { required: true }),
    unitType: f.ref('Unit type', 'unit-types'),
    discountPct: f.percent('Discount %'),
    discountAmount: f.money('Discount amount'),
    paymentPlan: f.ref('Payment plan', 'payment-plans', { pickMatch: { field: 'project', target: 'project', orEmpty: true } }),
    validFrom: f.date('Valid from', { required: true }),
    validTo: f.date('Valid to', { required: true }),
  },
  defaultSort: ['-validFrom'],
  listColumns: ['name', 'project', 'unitType', 'discountPct', 'discountAmount', 'validFrom', 'validTo'],
  formLayout: [['name', 'project'], ['unitType', 'paymentPlan'], ['discountPct', 'discountAmount'], ['validFrom', 'validTo']],
  rule: (values) => {
    const problems: FieldError[] = [];
    const pct = num(values.discountPct);
    const amount = num(values.discountAmount);
    if ((pct === null) === (amount === null)) problems.push({ field: 'discountPct', message: 'Give either a percentage or an amount' });
    if (typeof values.validFrom === 'string' && typeof values.validTo === 'string' && values.validTo < values.validFrom) problems.push({ field: 'validTo', message: 'Ends after it starts' });
    return problems;
  },
};

export const paymentTypes: ResourceDef = {
  name: 'payment-types',
  table: 'payment_types',
  label: 'Payment Types',
  singular: 'Payment type',
  entity: 'paymentType',
  route: '/settings/leads/paymentTypes',
  landing: 10,
  fields: { name: f.name(), kind: f.enum('Kind', ['eoi', 'reservation', 'down_payment', 'installment', 'delivery', 'maintenance', 'other'], { required: true, default: 'other' }) },
  defaultSort: ['name'],
  listColumns: ['name', 'kind'],
  formLayout: [['name', 'kind']],
};

export const banks: ResourceDef = {
  name: 'banks',
  table: 'banks',
  label: 'Banks',
  singular: 'Bank',
  entity: 'bank',
  codeField: 'code',
  route: '/settings/leads/banks',
  landing: 11,
  fields: {
    name: f.name(),
    code: f.text('Code', { unique: true, searchable: true, maxLength: 12 }),
    swift: f.text('SWIFT', { maxLength: 11, searchable: true }),
    branch: f.text('Branch', { maxLength: 120 }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'code', 'swift', 'branch'],
  formLayout: [['name', 'code'], ['swift', 'branch']],
};

export const paymentStatuses: ResourceDef = {
  name: 'payment-statuses',
  table: 'payment_statuses',
  label: 'Payment Statuses',
  singular: 'Payment status',
  entity: 'PaymentStatus',
  route: '/settings/general/paymentStatuses',
  fields: { name: f.name(), color: f.color('Colour', { default: '#607d8b', required: true }), isPaid: f.boolean('Counts as paid') },
  defaultSort: ['name'],
  listColumns: ['name', 'color', 'isPaid'],
  formLayout: [['name', 'color'], ['isPaid']],
};

export const paymentMethods: ResourceDef = {
  name: 'payment-methods',
  table: 'payment_methods',
  label: 'Payment Methods',
  singular: 'Payment method',
  entity: 'paymentmethod',
  route: '/settings/general/paymentMethods',
  landing: 23,
  fields: {
    name: f.name(),
    kind: f.enum('Kind', ['cash', 'cheque', 'bank_transfer', 'card', 'pos'], { required: true, default: 'cash' }),
    requiresReference: f.boolean('Needs a reference'),
    requiresBank: f.boolean('Needs a bank'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'kind', 'requiresReference', 'requiresBank'],
  formLayout: [['name', 'kind'], ['requiresReference', 'requiresBank']],
};

export const bouncedReasons: ResourceDef = {
  name: 'bounced-reasons',
  table: 'bounced_reasons',
  label: 'Bounced Reasons',
  singular: 'Bounced reason',
  entity: 'bouncedreason',
  readOpen: true,
  route: '/settings/leads/BouncedReasons',
  fields: { name: f.name(), description: f.longtext('Description', { searchable: true }) },
  defaultSort: ['name'],
  listColumns: ['name', 'description'],
};
