import { resourceModule } from '@propdesk/records/server';
import { quotationHooks, quotationLineHooks, quotationRollups } from './lifecycle.server.js';
import { registerQuotationRoutes } from './routes.server.js';

/** Quotations and their lines: the lifecycle, the totals kept from the lines, the supplier's PDF. */
export default resourceModule({
  id: 'quotations',
  hooks: () => ({ quotations: quotationHooks, 'quotation-lines': quotationLineHooks }),
  rollups: quotationRollups,
  routes: (app, { engine }) => registerQuotationRoutes(app, engine),
});
