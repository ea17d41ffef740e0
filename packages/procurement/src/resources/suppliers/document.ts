import { CRUD_ACTIONS } from '@propdesk/privileges';
import { defineDocument } from '@propdesk/records/model';
import { suppliers } from './definition.js';
import { supplierLinks } from './links.js';

/** Suppliers: the folder's face (issue 30). */
export const supplierDocument = defineDocument({
  folder: 'suppliers',
  definitions: [suppliers],
  links: supplierLinks,
  entities: [
    { name: 'supplier', label: 'Suppliers', group: 'procurement', order: 40, actions: CRUD_ACTIONS },
  ],
});
