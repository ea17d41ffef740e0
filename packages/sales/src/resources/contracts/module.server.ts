import { resourceModule } from '@propdesk/records/server';
import { printMigrations } from '../../print/index.server.js';
import { contractHooks } from './lifecycle.server.js';
import { contractPrinter } from './print.server.js';
import { registerContractRoutes } from './routes.server.js';
import { seedContractDemo } from './demo.server.js';

/** Contracts: made from confirmed reservations, moved through the configured steps, printed (and each print kept). */
export default resourceModule({
  id: 'contracts',
  lateMigrations: printMigrations,
  hooks: ({ engine }) => ({ contracts: contractHooks(engine) }),
  routes: (app, { engine }) => registerContractRoutes(app, engine),
  printers: { contracts: contractPrinter },
  // Contracts from new confirmed reservations, their ledgers, a few receipts (after the holds' reservation: numbers as before).
  demo: { after: ['reservations', 'hold-requests'], run: (engine) => seedContractDemo(engine).then(() => null) },
});
