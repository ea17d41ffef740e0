import { linksOf } from '@propdesk/records/model';
import { suppliers } from './definition.js';

/** Suppliers (`/procurement/suppliers`): a supplier's view, the create form. */
export const supplierLinks = linksOf(suppliers);
