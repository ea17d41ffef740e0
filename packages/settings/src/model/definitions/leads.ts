import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

const leads = (title: string) => `/settings/leads/${title}`;

export const sourceTypes: ResourceDef = {
  name: 'source-types',
  table: 'source_types',
  label: 'Source Types',
  singular: 'Source type',
  entity: 'sourcetype',
  route: leads('sourceTypes'),
  landing: 4,
  fields: { name: f.name(), description: f.longtext('Description', { searchable: true }) },
  defaultSort: ['name'],
  listColumns: ['name', 'description'],
};

export const sources: ResourceDef = {
  name: 'sources',
  table: 'sources',
  label: 'Sources',
  singular: 'Source',
  entity: 'source',
  route: leads('sources'),
  landing: 3,
  fields: {
    name: f.name(),
    sourceType: f.ref('Source type', 'source-types', { required: true }),
    description: f.longtext('Description', { searchable: true }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'sourceType', 'description'],
  formLayout: [['name', 'sourceType'], ['description']],
};

export const channelTypes: ResourceDef = {
  name: 'channel-types',
  table: 'channel_types',
  label: 'Channel Types',
  singular: 'Channel type',
  entity: 'channeltype',
  route: leads('channelTypes'),
  landing: 7,
  fields: { name: f.name() },
  defaultSort: ['name'],
  listColumns: ['name'],
};

export const channels: ResourceDef = {
  name: 'channels',
  table: 'channels',
  label: 'Channels',
  singular: 'Channel',
  entity: 'channel',
  route: leads('channels'),
  landing: 6,
  fields: { name: f.name(), channelType: f.ref('Channel type', 'channel-types', { required: true }) },
  defaultSort: ['name'],
  listColumns: ['name', 'channelType'],
  formLayout: [['name', 'channelType']],
};

export const walkinLocations: ResourceDef = {
  name: 'walkin-locations',
  table: 'walkin_locations',
  label: 'Walk-in Locations',
  singular: 'Walk-in location',
  entity: 'walkinlocation',
  route: leads('walkinLocations'),
  landing: 13,
  fields: { name: f.name(), project: f.ref('Project', 'projects'), address: f.text('Address', { searchable: true, maxLength: 300 }) },
  defaultSort: ['name'],
  listColumns: ['name', 'project', 'address'],
  formLayout: [['name', 'project'], ['address']],
};

export const leadStatuses: ResourceDef = {
  name: 'lead-statuses',
  table: 'lead_statuses',
  label: 'Lead Statuses',
  singular: 'Lead status',
  entity: 'lead',
  route: leads('leadStatuses'),
  fields: {
    name: f.name(),
    color: f.color('Colour', { default: '#1a73e8', required: true }),
    sortOrder: f.integer('Order', { min: 0, max: 999, default: 0, required: true }),
    category: f.enum('Category', ['open', 'won', 'lost'], { required: true, default: 'open' }),
    isDefault: f.boolean('Default for new leads', { help: 'Exactly one status is the default.' }),
  },
  defaultSort: ['sortOrder', 'name'],
  listColumns: ['sortOrder', 'name', 'category', 'color', 'isDefault'],
  formLayout: [['name', 'category'], ['color', 'sortOrder'], ['isDefault']],
};
