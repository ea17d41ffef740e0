import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

const general = (title: string) => `/settings/general/${title}`;

export const countries: ResourceDef = {
  name: 'countries',
  table: 'countries',
  label: 'Countries',
  singular: 'Country',
  entity: 'country',
  codeField: 'isoCode',
  route: general('countries'),
  landing: { order: 22, path: '/settings/general/Countries' },
  fields: {
    name: f.name(),
    isoCode: f.text('ISO code', { required: true, unique: true, searchable: true, maxLength: 2, help: 'ISO 3166-1 alpha-2, e.g. EG' }),
    phoneCode: f.text('Phone code', { maxLength: 8, help: 'e.g. +20' }),
    currency: f.text('Currency', { maxLength: 3, help: 'ISO 4217, e.g. EGP' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'isoCode', 'phoneCode', 'currency'],
  formLayout: [['name', 'isoCode'], ['phoneCode', 'currency']],
};

export const nationalities: ResourceDef = {
  name: 'nationalities',
  table: 'nationalities',
  label: 'Nationalities',
  singular: 'Nationality',
  entity: 'nationality',
  codeField: 'isoCode',
  route: general('nationalities'),
  landing: 18,
  fields: { name: f.name(), isoCode: f.text('ISO code', { unique: true, searchable: true, maxLength: 2 }) },
  defaultSort: ['name'],
  listColumns: ['name', 'isoCode'],
  formLayout: [['name', 'isoCode']],
};

export const areas: ResourceDef = {
  name: 'areas',
  table: 'areas',
  label: 'Areas',
  singular: 'Area',
  entity: 'area',
  route: '/settings/leads/areas',
  landing: 9,
  fields: { name: f.name(), city: f.text('City', { searchable: true, maxLength: 80 }), country: f.ref('Country', 'countries') },
  defaultSort: ['name'],
  listColumns: ['name', 'city', 'country'],
  formLayout: [['name'], ['city', 'country']],
};

export const sites: ResourceDef = {
  name: 'sites',
  table: 'sites',
  label: 'Sites',
  singular: 'Site',
  entity: 'site',
  route: general('sites'),
  landing: 19,
  fields: { name: f.name(), address: f.text('Address', { maxLength: 300, searchable: true }), area: f.ref('Area', 'areas') },
  defaultSort: ['name'],
  listColumns: ['name', 'area', 'address'],
  formLayout: [['name', 'area'], ['address']],
};

export const userTypes: ResourceDef = {
  name: 'user-types',
  table: 'user_types',
  label: 'User Types',
  singular: 'User type',
  entity: 'usertype',
  route: general('usertypes'),
  landing: 21,
  fields: { name: f.name() },
  defaultSort: ['name'],
  listColumns: ['name'],
};

export const locations: ResourceDef = {
  name: 'locations',
  table: 'locations',
  label: 'Locations',
  singular: 'Location',
  entity: 'location',
  readOpen: true,
  route: general('locations'),
  fields: { name: f.name(), site: f.ref('Site', 'sites'), kind: f.enum('Kind', ['sales_center', 'event', 'kiosk'], { required: true, default: 'sales_center' }) },
  defaultSort: ['name'],
  listColumns: ['name', 'site', 'kind'],
  formLayout: [['name'], ['site', 'kind']],
};

export const leadActivityTypes: ResourceDef = {
  name: 'lead-activity-types',
  table: 'lead_activity_types',
  label: 'Lead Activity Types',
  singular: 'Lead activity type',
  entity: 'leadactivitytype',
  readOpen: true,
  route: general('leadActivityTypes'),
  fields: {
    name: f.name(),
    icon: f.enum('Icon', ['call', 'meeting', 'visit', 'message', 'email', 'note'], { required: true, default: 'note' }),
    requiresOutcome: f.boolean('Needs an outcome'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'icon', 'requiresOutcome'],
  formLayout: [['name', 'icon'], ['requiresOutcome']],
};
