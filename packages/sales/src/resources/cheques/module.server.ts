import { resourceModule } from '@propdesk/records/server';
import { chequeHooks, chequeMigrations } from './lifecycle.server.js';
import { registerChequeRoutes } from './routes.server.js';
import { chequeJobs } from './upgrade.server.js';
import { seedChequeDemo } from './demo.server.js';

/** The cheque register: cheques that cover until they clear, deposits from their date, bounces that reverse their receipt's allocations, replacements. */
export default resourceModule({
  id: 'cheques',
  lateMigrations: chequeMigrations,
  hooks: ({ engine, notify }) => ({ cheques: chequeHooks(engine, notify) }),
  routes: (app, { engine }) => registerChequeRoutes(app, engine),
  jobs: ({ engine }) => chequeJobs(engine),
  // Post-dated cheques on the contract demo's sales in every state, some bounced and replaced.
  demo: { after: ['contracts'], run: (engine) => seedChequeDemo(engine).then(() => null) },
});
