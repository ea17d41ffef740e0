import { resourceModule } from '@propdesk/records/server';
import { eoiJobs } from './jobs.server.js';
import { eoiSetupHooks } from './lifecycle.server.js';

/** EOI launches and the job that opens and closes their windows. */
export default resourceModule({
  id: 'eoi-setups',
  hooks: ({ engine }) => ({ 'eoi-setups': eoiSetupHooks(engine) }),
  jobs: ({ engine }) => eoiJobs(engine),
});
