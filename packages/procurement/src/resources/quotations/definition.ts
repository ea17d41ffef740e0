import { f, type ResourceDef } from '@propdesk/records/model';
import { QUOTATION_STATES } from '../../model/states.js';

export const quotations: ResourceDef = {
  name: 'quotations',
  table: 'quotations',
  label: 'Quotations',
  singular: 'Quotation',
  entity: 'quotation',
  hasActive: false,
  labelField: 'reference',
  codeField: 'number',
  route: '/procurement/Quotations',
  landing: 30,
  numbering: { prefix: 'QT', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    reference: f.text("Supplier's reference", { required: true, searchable: true, maxLength: 60 }),
    request: f.ref('Purchase request', 'purchase-requests', {
      required: true,
      indexed: true,
      // Quotations answer requests still open for ordering.
      pickWhere: { status: ['approved', 'partially_ordered'] },
      pickMessage: 'Choose an approved purchase request that is still open for ordering',
    }),
    supplier: f.ref('Supplier', 'suppliers', { required: true }),
    quotedOn: f.date('Quoted on'),
    validUntil: f.date('Valid until', { required: true }),
    leadTimeDays: f.integer('Lead time (days)', { min: 0, max: 3650 }),
    notes: f.longtext('Notes', { maxLength: 2000 }),
    status: f.enum('Status', QUOTATION_STATES, { default: 'received', readOnly: true, indexed: true }),
    total: f.money('Total', { readOnly: true }),
    attachmentName: f.text('Attachment', { readOnly: true, maxLength: 200 }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'reference', 'request', 'supplier', 'validUntil', 'leadTimeDays', 'status', 'total'],
  formLayout: [['reference', 'supplier'], ['request'], ['quotedOn', 'validUntil'], ['leadTimeDays'], ['notes']],
  rule: (values) =>
    typeof values.quotedOn === 'string' && typeof values.validUntil === 'string' && values.validUntil < values.quotedOn
      ? [{ field: 'validUntil', message: 'Must not be before the quotation date' }]
      : [],
  statusField: 'status',
  editableStates: ['received'],
  actions: {
    cancel: { label: 'Cancel', from: ['received'], to: 'cancelled', reason: 'optional', confirm: 'Cancel quotation {number} from {supplier} for good? A cancelled quotation cannot be restored.' },
  },
  children: { lines: { resource: 'quotation-lines', parentField: 'quotation' } },
};
