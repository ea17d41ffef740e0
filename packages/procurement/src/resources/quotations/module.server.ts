import { resourceModule } from '@propdesk/records/server';
import { quotationLines } from '../quotation-lines/definition.js';
import { quotations } from './definition.js';
import { quotationHooks, quotationLineHooks, quotationRollups } from './lifecycle.server.js';

/** Quotations and their lines: the lifecycle and the totals kept from the lines. */
export default resourceModule({
  id: 'quotations',
  resources: [quotations, quotationLines],
  hooks: () => ({ quotations: quotationHooks, 'quotation-lines': quotationLineHooks }),
  rollups: quotationRollups,
});
