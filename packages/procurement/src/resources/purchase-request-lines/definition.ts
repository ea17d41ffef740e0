import { f, type ResourceDef } from '@propdesk/records/model';
import { lineNo } from '../lines.js';

export const purchaseRequestLines: ResourceDef = {
  name: 'purchase-request-lines',
  table: 'purchase_request_lines',
  label: 'Purchase request lines',
  singular: 'Purchase request line',
  entity: 'PurchaseRequest',
  hasActive: false,
  labelField: 'description',
  fields: {
    request: f.ref('Purchase request', 'purchase-requests', { required: true, indexed: true }),
    lineNo,
    description: f.text('Description', { required: true, searchable: true, maxLength: 300 }),
    quantity: f.decimal('Quantity', { required: true, min: 0.0001, max: 1_000_000_000 }),
    unit: f.text('Unit', { required: true, maxLength: 20, default: 'pcs' }),
    estimatedUnitPrice: f.money('Estimated unit price', { max: 1_000_000_000 }),
    orderedQuantity: f.decimal('Ordered', { readOnly: true, default: 0 }),
    receivedQuantity: f.decimal('Received', { readOnly: true, default: 0 }),
  },
  defaultSort: ['lineNo', 'description'],
  listColumns: ['lineNo', 'description', 'quantity', 'unit', 'estimatedUnitPrice', 'orderedQuantity', 'receivedQuantity'],
};
