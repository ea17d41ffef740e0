import { resourceModule } from '@propdesk/records/server';
import { activityHooks, leadHooks } from '../../server/hooks.js';
import { dataMigrations, migrations } from '../../server/migrations.js';
import { registerLeadRoutes } from '../../server/routes.js';
import { salesJobs } from '../../server/jobs.js';

/** Leads, their activities, customers and the lead validity rules: hooks, calls and the validity job. */
export default resourceModule({
  id: 'leads',
  migrations,
  lateMigrations: dataMigrations,
  hooks: ({ engine, notify }) => ({ leads: leadHooks(engine, notify), 'lead-activities': activityHooks(engine) }),
  routes: (app, { engine, notify }) => registerLeadRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => salesJobs(engine, notify),
});
