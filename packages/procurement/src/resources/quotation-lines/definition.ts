import { f, type ResourceDef } from '@propdesk/records/model';
import { lineNo } from '../lines.js';

export const quotationLines: ResourceDef = {
  name: 'quotation-lines',
  table: 'quotation_lines',
  label: 'Quotation lines',
  singular: 'Quotation line',
  entity: 'quotation',
  hasActive: false,
  labelField: 'description',
  fields: {
    quotation: f.ref('Quotation', 'quotations', { required: true, indexed: true }),
    lineNo,
    requestLine: f.ref('Request line', 'purchase-request-lines', { indexed: true }),
    description: f.text('Description', { required: true, searchable: true, maxLength: 300 }),
    quantity: f.decimal('Quantity', { required: true, min: 0.0001, max: 1_000_000_000 }),
    unitPrice: f.money('Unit price', { required: true, max: 1_000_000_000 }),
    taxPct: f.percent('Tax', { default: 0 }),
    leadTimeDays: f.integer('Lead time (days)', { min: 0, max: 3650 }),
  },
  defaultSort: ['lineNo', 'description'],
  listColumns: ['lineNo', 'description', 'quantity', 'unitPrice', 'taxPct', 'leadTimeDays'],
};
