import { resourceModule } from '@propdesk/records/server';
import { activityHooks, leadHooks } from './lifecycle.server.js';
import { dataMigrations, migrations } from './migrations.server.js';
import { registerLeadRoutes } from './routes.server.js';
import { leadJobs } from './jobs.server.js';

/** Leads, their activities, customers and the lead validity rules: hooks, calls and the validity job. */
export default resourceModule({
  id: 'leads',
  migrations,
  lateMigrations: dataMigrations,
  hooks: ({ engine, notify }) => ({ leads: leadHooks(engine, notify), 'lead-activities': activityHooks(engine) }),
  routes: (app, { engine, notify }) => registerLeadRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => leadJobs(engine, notify),
});
