import { resourceModule } from '@propdesk/records/server';
import { quotationHooks, quotationLineHooks, quotationRollups } from './lifecycle.server.js';

/** Quotations and their lines: the lifecycle and the totals kept from the lines. */
export default resourceModule({
  id: 'quotations',
  hooks: () => ({ quotations: quotationHooks, 'quotation-lines': quotationLineHooks }),
  rollups: quotationRollups,
});
