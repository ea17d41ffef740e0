import { f, type ResourceDef } from '@propdesk/records/model';
import { lineNo } from '../lines.js';

export const purchaseOrderLines: ResourceDef = {
  name: 'purchase-order-lines',
  table: 'purchase_order_lines',
  label: 'Purchase order lines',
  singular: 'Purchase order line',
  entity: 'poheader',
  hasActive: false,
  labelField: 'description',
  fields: {
    order: f.ref('Purchase order', 'purchase-orders', { required: true, indexed: true }),
    lineNo,
    requestLine: f.ref('Request line', 'purchase-request-lines', { indexed: true }),
    description: f.text('Description', { required: true, searchable: true, maxLength: 300 }),
    quantity: f.decimal('Quantity', { required: true, min: 0.0001, max: 1_000_000_000 }),
    unit: f.text('Unit', { required: true, maxLength: 20, default: 'pcs' }),
    unitPrice: f.money('Unit price', { required: true, max: 1_000_000_000 }),
    taxPct: f.percent('Tax', { default: 0 }),
    lineTotal: f.money('Line total', { readOnly: true }),
    receivedQuantity: f.decimal('Received', { readOnly: true, default: 0 }),
  },
  defaultSort: ['lineNo', 'description'],
  listColumns: ['lineNo', 'description', 'quantity', 'unit', 'unitPrice', 'taxPct', 'lineTotal', 'receivedQuantity'],
};
