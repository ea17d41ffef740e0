import { resourceModule } from '@propdesk/records/server';
import { receiptHooks } from './lifecycle.server.js';
import { receiptPrinter } from './print.server.js';

/** Receipts and their items: allocation to installments under row locks, void, the printed receipt. */
export default resourceModule({
  id: 'receipts',
  hooks: ({ engine }) => ({ receipts: receiptHooks(engine) }),
  printers: { receipts: receiptPrinter },
});
