import { resourceModule } from '@propdesk/records/server';
import { chequeHooks, chequeMigrations } from './lifecycle.server.js';
import { registerChequeRoutes } from './routes.server.js';

/** The cheque register: deposits, clearing, bounces that reverse their receipt's allocations, replacements. */
export default resourceModule({
  id: 'cheques',
  lateMigrations: chequeMigrations,
  hooks: ({ engine, notify }) => ({ cheques: chequeHooks(engine, notify) }),
  routes: (app, { engine }) => registerChequeRoutes(app, engine),
});
