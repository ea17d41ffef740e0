import { resourceModule } from '@propdesk/records/server';
import { commissionHooks, commissionMigrations } from './lifecycle.server.js';
import { registerCommissionRoutes } from './routes.server.js';
import { seedCommissionDemo } from './demo.server.js';

/**
 * Broker commissions: accrued when a contract is made with a broker, payable on the template's
 * trigger, approved and paid by finance, reversed or clawed back when the sale or its trigger is
 * undone; the broker's statement on screen and in PDF. Subscribes to contracts, receipts and cheques.
 */
export default resourceModule({
  id: 'commissions',
  lateMigrations: commissionMigrations,
  hooks: ({ engine, notify }) => commissionHooks(engine, notify),
  routes: (app, { engine, notify }) => registerCommissionRoutes(app, engine, notify),
  // Broker commissions in every state on new sales through the demo brokers.
  demo: { after: ['contracts', 'cheques'], run: (engine) => seedCommissionDemo(engine).then(() => null) },
});
