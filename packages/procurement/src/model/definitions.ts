import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

/** Request states (domain.md, Procurement): partially ordered and ordered follow from awards. */
export const REQUEST_STATES = ['draft', 'submitted', 'approved', 'rejected', 'partially_ordered', 'ordered', 'closed', 'cancelled'] as const;
export const QUOTATION_STATES = ['received', 'awarded', 'not_awarded', 'cancelled'] as const;
export const ORDER_STATES = ['draft', 'pending_approval', 'approved', 'issued', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export const PAYMENT_TERMS = ['immediate', 'net_15', 'net_30', 'net_60', 'net_90'] as const;

/** The words a person reads for each stored state (screens and printed documents). */
export const STATE_WORDS: Readonly<Record<string, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  partially_ordered: 'Partly ordered',
  ordered: 'Ordered',
  closed: 'Closed',
  cancelled: 'Cancelled',
  received: 'Received',
  awarded: 'Awarded',
  not_awarded: 'Not awarded',
  pending_approval: 'Waiting for approval',
  issued: 'Issued',
  partially_received: 'Partly received',
};

/** A state in a person's words ('partially_received' → 'Partly received'). */
export const stateWords = (state: string) => STATE_WORDS[state] ?? (state.charAt(0).toUpperCase() + state.slice(1)).replace(/_/g, ' ');


const lineNo = f.integer('Line', { min: 1, max: 1000, help: 'Order of the line on the document' });

export const suppliers: ResourceDef = {
  name: 'suppliers',
  table: 'suppliers',
  label: 'Suppliers',
  singular: 'Supplier',
  entity: 'supplier',
  codeField: 'taxId',
  route: '/procurement/suppliers',
  fields: {
    name: f.name('Supplier name'),
    taxId: f.text('Tax ID', { unique: true, searchable: true, maxLength: 40 }),
    contactName: f.text('Contact', { searchable: true, maxLength: 120 }),
    email: f.email('Email', { searchable: true }),
    phone: f.phone('Phone'),
    paymentTerms: f.enum('Payment terms', PAYMENT_TERMS, { required: true, default: 'net_30' }),
    address: f.text('Address', { maxLength: 300 }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'taxId', 'contactName', 'email', 'phone', 'paymentTerms', 'active'],
  formLayout: [['name', 'taxId'], ['contactName', 'paymentTerms'], ['email', 'phone'], ['address']],
};

export const purchaseRequests: ResourceDef = {
  name: 'purchase-requests',
  table: 'purchase_requests',
  label: 'Purchase Requests',
  singular: 'Purchase request',
  entity: 'PurchaseRequest',
  hasActive: false,
  labelField: 'title',
  codeField: 'number',
  route: '/procurement/purchaseRequest',
  numbering: { prefix: 'PR', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { required: true, searchable: true, maxLength: 160 }),
    requester: f.ref('Requester', 'users', { help: 'Empty: whoever creates the request' }),
    department: f.ref('Department', 'departments'),
    project: f.ref('Project', 'projects'),
    site: f.ref('Site', 'sites'),
    neededBy: f.date('Needed by', { indexed: true }),
    justification: f.longtext('Justification', { maxLength: 2000 }),
    status: f.enum('Status', REQUEST_STATES, { default: 'draft', readOnly: true, indexed: true }),
    estimatedTotal: f.money('Estimated total', { readOnly: true }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'title', 'requester', 'department', 'project', 'neededBy', 'status', 'estimatedTotal'],
  formLayout: [['title'], ['requester', 'department'], ['project', 'site'], ['neededBy'], ['justification']],
  statusField: 'status',
  editableStates: ['draft'],
  actions: {
    submit: { label: 'Submit', from: ['draft'], to: 'submitted', confirm: 'Submit {number} ({title}) for approval? It can no longer be edited while it waits.' },
    approve: { label: 'Approve', from: ['submitted'], to: 'approved', privilege: 'approve', reason: 'optional', confirm: 'Approve {number} ({title}, estimated {estimatedTotal})? Your approval is recorded under your name.' },
    reject: { label: 'Reject', from: ['submitted'], to: 'rejected', privilege: 'approve', reason: 'required', confirm: 'Reject {number} ({title})? Your reason is kept in its history; it can be reopened as a draft.' },
    reopen: { label: 'Reopen as draft', from: ['rejected'], to: 'draft' },
    close: { label: 'Close', from: ['partially_ordered', 'ordered'], to: 'closed', confirm: 'Close {number} ({title})? Nothing more can be ordered against it.' },
    cancel: { label: 'Cancel', from: ['draft', 'submitted', 'approved', 'rejected'], to: 'cancelled', reason: 'optional', confirm: 'Cancel {number} ({title}) for good? A cancelled request cannot be reopened.' },
  },
  children: { lines: { resource: 'purchase-request-lines', parentField: 'request' } },
};

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

export const purchaseOrders: ResourceDef = {
  name: 'purchase-orders',
  table: 'purchase_orders',
  label: 'Purchase Orders',
  singular: 'Purchase order',
  entity: 'poheader',
  hasActive: false,
  labelField: 'title',
  codeField: 'number',
  route: '/procurement/purchaseOrder',
  numbering: { prefix: 'PO', field: 'number' },
  fields: {
    number: f.text('Number', { readOnly: true, unique: true, searchable: true, maxLength: 20 }),
    title: f.text('Title', { required: true, searchable: true, maxLength: 160 }),
    supplier: f.ref('Supplier', 'suppliers', { required: true }),
    request: f.ref('Purchase request', 'purchase-requests', { indexed: true }),
    quotation: f.ref('Quotation', 'quotations'),
    project: f.ref('Project', 'projects'),
    deliveryDate: f.date('Delivery date'),
    notes: f.longtext('Notes', { maxLength: 2000 }),
    status: f.enum('Status', ORDER_STATES, { default: 'draft', readOnly: true, indexed: true }),
    subtotal: f.money('Subtotal', { readOnly: true }),
    taxTotal: f.money('Tax', { readOnly: true }),
    total: f.money('Total', { readOnly: true }),
    issuedOn: f.date('Issued on', { readOnly: true }),
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'title', 'supplier', 'project', 'deliveryDate', 'status', 'total'],
  formLayout: [['title'], ['supplier', 'project'], ['request', 'quotation'], ['deliveryDate'], ['notes']],
  statusField: 'status',
  editableStates: ['draft'],
  actions: {
    submit: { label: 'Submit for approval', from: ['draft'], to: 'pending_approval', confirm: 'Submit {number} ({total} to {supplier}) for approval? It can no longer be edited while it waits.' },
    approve: { label: 'Approve', from: ['pending_approval'], to: 'approved', privilege: 'approve', reason: 'optional', confirm: 'Approve {number} for {total} to {supplier}? Your approval is recorded under your name.' },
    reject: { label: 'Return to draft', from: ['pending_approval'], to: 'draft', privilege: 'approve', reason: 'required', confirm: 'Return {number} to draft? Your reason is kept in its history; it must be submitted for approval again.' },
    issue: { label: 'Issue to supplier', from: ['approved'], to: 'issued', confirm: 'Issue {number} to {supplier} for {total}? Once issued it can no longer be edited or cancelled.' },
    close: { label: 'Close', from: ['received'], to: 'closed', confirm: 'Close {number}? Nothing more can be received against it.' },
    cancel: { label: 'Cancel', from: ['draft', 'pending_approval', 'approved'], to: 'cancelled', reason: 'optional', confirm: 'Cancel {number} ({total} to {supplier}) for good? A cancelled order cannot be reopened.' },
  },
  children: { lines: { resource: 'purchase-order-lines', parentField: 'order' } },
};

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

/** Who approves a purchase order of which amount: every tier whose threshold the total exceeds, in level order. */
export const approvalTiers: ResourceDef = {
  name: 'approval-tiers',
  table: 'approval_tiers',
  label: 'Approval Tiers',
  singular: 'Approval tier',
  entity: 'approvalTier',
  route: '/procurement/approvalTiers',
  fields: {
    name: f.name('Tier name'),
    level: f.integer('Level', { required: true, unique: true, min: 1, max: 20, help: 'Tiers approve in this order' }),
    aboveAmount: f.money('Applies above', { required: true, help: 'Orders whose total exceeds this amount need this tier' }),
    role: f.ref('Approver role', 'roles', { required: true }),
  },
  defaultSort: ['level'],
  listColumns: ['level', 'name', 'aboveAmount', 'role', 'active'],
  formLayout: [['name', 'level'], ['aboveAmount', 'role']],
};

/** The procurement resources, in dependency order. */
export const PROCUREMENT_RESOURCES: readonly ResourceDef[] = [
  suppliers,
  purchaseRequests,
  purchaseRequestLines,
  quotations,
  quotationLines,
  purchaseOrders,
  purchaseOrderLines,
  approvalTiers,
];
