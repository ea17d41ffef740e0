import { f } from '@propdesk/records/model';

/** The line number every document line has (its order on the document). */
export const lineNo = f.integer('Line', { min: 1, max: 1000, help: 'Order of the line on the document' });
