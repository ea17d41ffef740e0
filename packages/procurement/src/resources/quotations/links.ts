import { linksOf } from '@propdesk/records/model';
import { quotations } from './definition.js';

/** Quotations (`/procurement/Quotations`): a quotation's view, the create form. */
export const quotationLinks = linksOf(quotations);
