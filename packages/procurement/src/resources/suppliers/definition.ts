import { f, type ResourceDef } from '@propdesk/records/model';
import { PAYMENT_TERMS } from '../../model/states.js';

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
