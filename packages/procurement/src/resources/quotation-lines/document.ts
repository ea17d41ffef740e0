import { defineDocument } from '@propdesk/records/model';
import { quotationLines } from './definition.js';

/** A quotation’s lines (entity quotation, declared by quotations): the folder's face (issue 30). */
export const quotationLineDocument = defineDocument({
  folder: 'quotation-lines',
  definitions: [quotationLines],
});
