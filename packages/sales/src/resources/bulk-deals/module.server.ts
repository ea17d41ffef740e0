import { resourceModule } from '@propdesk/records/server';
import { bulkDealHooks } from './lifecycle.server.js';

/** Bulk deals: a launch's paid EOIs matched to units in token order, published as reservations. */
export default resourceModule({
  id: 'bulk-deals',
  hooks: ({ engine, notify }) => ({ 'bulk-deals': bulkDealHooks(engine, notify) }),
});
