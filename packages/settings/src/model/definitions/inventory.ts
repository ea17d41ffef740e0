import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

export const UNIT_STATUSES = ['available', 'on_hold', 'reserved', 'contracted', 'sold', 'blocked'] as const;
export const UNIT_CATEGORIES = ['apartment', 'duplex', 'penthouse', 'villa', 'townhouse', 'chalet', 'office', 'retail', 'clinic'] as const;

export const projects: ResourceDef = {
  name: 'projects',
  table: 'projects',
  label: 'Projects',
  singular: 'Project',
  entity: 'project',
  codeField: 'code',
  route: '/settings/leads/projects',
  landing: 5,
  fields: {
    name: f.name(),
    code: f.text('Code', { required: true, unique: true, searchable: true, maxLength: 10, help: 'Short and unique, e.g. PH' }),
    area: f.ref('Area', 'areas'),
    site: f.ref('Site', 'sites'),
    address: f.text('Address', { maxLength: 300 }),
    launchDate: f.date('Launch date'),
    deliveryDate: f.date('Delivery date'),
    status: f.enum('Status', ['planned', 'launched', 'under_construction', 'delivered'], { required: true, default: 'planned' }),
    currency: f.text('Currency', { required: true, default: 'EGP', maxLength: 3, help: 'ISO 4217, e.g. EGP' }),
    description: f.longtext('Description'),
  },
  defaultSort: ['name'],
  listColumns: ['code', 'name', 'area', 'status', 'launchDate', 'deliveryDate'],
  formLayout: [['name', 'code'], ['area', 'site'], ['address'], ['launchDate', 'deliveryDate'], ['status', 'currency'], ['description']],
  rule: (values) =>
    typeof values.launchDate === 'string' && typeof values.deliveryDate === 'string' && values.deliveryDate < values.launchDate
      ? [{ field: 'deliveryDate', message: 'Delivery comes after the launch' }]
      : [],
};

export const blockTypes: ResourceDef = {
  name: 'block-types',
  table: 'block_types',
  label: 'Block Types',
  singular: 'Block type',
  entity: 'blocktype',
  route: '/settings/leads/BlockTypes',
  landing: { order: 27, path: '/settings/leads/blocktype' },
  fields: { name: f.name() },
  defaultSort: ['name'],
  listColumns: ['name'],
};

export const unitTypes: ResourceDef = {
  name: 'unit-types',
  table: 'unit_types',
  label: 'Unit Types',
  singular: 'Unit type',
  entity: 'unittype',
  route: '/settings/leads/unitTypes',
  landing: 15,
  fields: { name: f.name(), category: f.enum('Category', UNIT_CATEGORIES, { required: true, default: 'apartment' }) },
  defaultSort: ['name'],
  listColumns: ['name', 'category'],
  formLayout: [['name', 'category']],
};

export const unitStatuses: ResourceDef = {
  name: 'unit-statuses',
  table: 'unit_statuses',
  label: 'Unit Statuses',
  singular: 'Unit status',
  entity: 'unitstatus',
  readOpen: true,
  readOnly: true,
  hasActive: false,
  route: '/settings/leads/unitStatus',
  fields: {
    name: f.name('Status'),
    label: f.text('Label', { required: true }),
    color: f.color('Colour', { required: true }),
    sortOrder: f.integer('Order', { required: true, min: 0, max: 99 }),
    description: f.longtext('Meaning'),
  },
  defaultSort: ['sortOrder'],
  listColumns: ['sortOrder', 'label', 'name', 'color', 'description'],
};

export const units: ResourceDef = {
  name: 'units',
  table: 'units',
  label: 'Units',
  singular: 'Unit',
  entity: 'unit',
  labelField: 'code',
  // One code in several projects (A-0402 in three): pickers name the project and block.
  optionDetail: ['project', { field: 'block', prefix: 'Block ' }],
  route: '/settings/leads/units',
  landing: 14,
  deactivateOnly: false,
  fields: {
    code: f.text('Code', { required: true, unique: ['project'], searchable: true, maxLength: 30, key: true }),
    project: f.ref('Project', 'projects', { required: true }),
    block: f.text('Block', { required: true, maxLength: 20, indexed: true }),
    blockType: f.ref('Block type', 'block-types'),
    floor: f.integer('Floor', { required: true, min: -3, max: 200 }),
    unitType: f.ref('Unit type', 'unit-types'),
    areaM2: f.decimal('Area (m²)', { scale: 2, min: 0, max: 100_000 }),
    gardenM2: f.decimal('Garden (m²)', { scale: 2, min: 0, max: 100_000 }),
    bedrooms: f.integer('Bedrooms', { min: 0, max: 20 }),
    bathrooms: f.integer('Bathrooms', { min: 0, max: 20 }),
    view: f.text('View', { maxLength: 60 }),
    basePrice: f.money('Base price', { protected: true }),
    status: f.enum('Status', UNIT_STATUSES, { default: 'available', readOnly: true, indexed: true, help: 'Changed by holds, reservations and contracts, or by block/unblock.' }),
  },
  defaultSort: ['project', 'block', 'floor', 'code'],
  listColumns: ['code', 'project', 'block', 'floor', 'unitType', 'areaM2', 'basePrice', 'status'],
  formLayout: [['project', 'code'], ['block', 'blockType', 'floor'], ['unitType', 'bedrooms', 'bathrooms'], ['areaM2', 'gardenM2', 'view'], ['basePrice']],
  statusField: 'status',
  actions: {
    block: { label: 'Block', from: ['available'], to: 'blocked', privilege: 'block', reason: 'required', confirm: 'Block {code}? Nobody can hold or reserve it until it is unblocked.' },
    unblock: { label: 'Unblock', from: ['blocked'], to: 'available', privilege: 'block', reason: 'required' },
  },
};
