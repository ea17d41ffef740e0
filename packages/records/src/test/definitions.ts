import type { ResourceDef } from '../model/index.js';

/** A small registry that exercises every kind of field the engine knows. */
export const sourceTypes: ResourceDef = {
  name: 'source-types',
  table: 'source_types',
  label: 'Source Types',
  singular: 'Source type',
  entity: 'sourcetype',
  route: '/settings/leads/sourceTypes',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    description: { kind: 'longtext', label: 'Description', searchable: true },
  },
  defaultSort: ['name'],
  listColumns: ['name', 'description'],
};

export const sources: ResourceDef = {
  name: 'sources',
  table: 'sources',
  label: 'Sources',
  singular: 'Source',
  entity: 'source',
  route: '/settings/leads/sources',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    sourceType: { kind: 'reference', label: 'Source type', ref: 'source-types', required: true },
    description: { kind: 'longtext', label: 'Description' },
  },
  defaultSort: ['name'],
  listColumns: ['name', 'sourceType', 'description'],
};

export const projects: ResourceDef = {
  name: 'projects',
  table: 'projects',
  label: 'Projects',
  singular: 'Project',
  entity: 'project',
  codeField: 'code',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, unique: true, searchable: true },
    code: { kind: 'text', label: 'Code', required: true, unique: true, searchable: true, maxLength: 10 },
    status: { kind: 'enum', label: 'Status', options: ['planned', 'launched', 'delivered'], default: 'planned', required: true },
    launchDate: { kind: 'date', label: 'Launch date' },
    deliveryDate: { kind: 'date', label: 'Delivery date' },
    sources: { kind: 'references', label: 'Sources', ref: 'sources' },
  },
  defaultSort: ['name'],
  listColumns: ['code', 'name', 'status', 'launchDate'],
  rule: (values) =>
    typeof values.launchDate === 'string' && typeof values.deliveryDate === 'string' && values.deliveryDate < values.launchDate
      ? [{ field: 'deliveryDate', message: 'Delivery comes after launch' }]
      : [],
};

export const units: ResourceDef = {
  name: 'units',
  table: 'units',
  label: 'Units',
  singular: 'Unit',
  entity: 'unit',
  labelField: 'code',
  fields: {
    code: { kind: 'text', label: 'Code', required: true, unique: ['project'], searchable: true },
    project: { kind: 'reference', label: 'Project', ref: 'projects', required: true },
    floor: { kind: 'integer', label: 'Floor', min: -3, max: 200 },
    areaM2: { kind: 'decimal', label: 'Area (m²)', scale: 2 },
    basePrice: { kind: 'money', label: 'Base price', protected: true },
    status: { kind: 'enum', label: 'Status', options: ['available', 'reserved'], default: 'available', readOnly: true },
    corner: { kind: 'boolean', label: 'Corner', default: false },
  },
  defaultSort: ['project', 'code'],
  listColumns: ['code', 'project', 'floor', 'areaM2', 'basePrice', 'status'],
  statusField: 'status',
  actions: { reserve: { label: 'Reserve', from: ['available'], to: 'reserved', reason: 'required' } },
};

/** A document: numbered per year, with lines edited together and a workflow. */
export const orders: ResourceDef = {
  name: 'orders',
  table: 'orders',
  label: 'Orders',
  singular: 'Order',
  entity: 'poheader',
  hasActive: false,
  labelField: 'number',
  numbering: { prefix: 'PO', field: 'number' },
  fields: {
    number: { kind: 'text', label: 'Number', readOnly: true, unique: true, searchable: true },
    supplier: { kind: 'text', label: 'Supplier', required: true },
    status: { kind: 'enum', label: 'Status', options: ['draft', 'submitted', 'approved'], default: 'draft', readOnly: true },
  },
  defaultSort: ['-number'],
  listColumns: ['number', 'supplier', 'status'],
  statusField: 'status',
  actions: { submit: { label: 'Submit', from: ['draft'], to: 'submitted' }, approve: { label: 'Approve', from: ['submitted'], to: 'approved', privilege: 'approve' } },
  children: { lines: { resource: 'order-lines', parentField: 'order' } },
};

export const orderLines: ResourceDef = {
  name: 'order-lines',
  table: 'order_lines',
  label: 'Order lines',
  singular: 'Order line',
  entity: 'poheader',
  hasActive: false,
  labelField: 'description',
  fields: {
    order: { kind: 'reference', label: 'Order', ref: 'orders', required: true },
    description: { kind: 'text', label: 'Description', required: true },
    quantity: { kind: 'decimal', label: 'Quantity', required: true, min: 0.0001 },
    unitPrice: { kind: 'money', label: 'Unit price', required: true },
  },
  defaultSort: ['description'],
  listColumns: ['description', 'quantity', 'unitPrice'],
};
