import { resourceModule } from '@propdesk/records/server';
import { eoiPaymentHooks } from './lifecycle.server.js';

/** EOI payments and refunds: paying an EOI issues its token. */
export default resourceModule({
  id: 'eoi-payments',
  hooks: ({ engine, notify }) => ({ 'eoi-payments': eoiPaymentHooks(engine, notify) }),
});
