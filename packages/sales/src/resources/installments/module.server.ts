import { resourceModule } from '@propdesk/records/server';
import { installmentJobs } from './jobs.server.js';
import { ledgerMigrations } from './ledger.server.js';

/** The installment ledger: rows per schedule version, and the daily overdue job. */
export default resourceModule({
  id: 'installments',
  lateMigrations: ledgerMigrations,
  jobs: ({ engine, notify }) => installmentJobs(engine, notify),
});
