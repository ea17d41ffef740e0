import { resourceModule } from '@propdesk/records/server';
import { eoiPayments } from './definition.js';
import { eoiPaymentHooks } from './lifecycle.server.js';

/** EOI payments and refunds: paying an EOI issues its token. */
export default resourceModule({
  id: 'eoi-payments',
  resources: [eoiPayments],
  hooks: ({ engine, notify }) => ({ 'eoi-payments': eoiPaymentHooks(engine, notify) }),
});
