import { resourceModule } from '@propdesk/records/server';
import { printMigrations } from '../../print/index.server.js';
import { contractHooks } from './lifecycle.server.js';
import { contractPrinter } from './print.server.js';
import { registerContractRoutes } from './routes.server.js';

/** Contracts: made from confirmed reservations, moved through the configured steps, printed (and each print kept). */
export default resourceModule({
  id: 'contracts',
  lateMigrations: printMigrations,
  hooks: ({ engine }) => ({ contracts: contractHooks(engine) }),
  routes: (app, { engine }) => registerContractRoutes(app, engine),
  printers: { contracts: contractPrinter },
});
