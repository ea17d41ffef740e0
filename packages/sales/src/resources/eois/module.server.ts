import { resourceModule } from '@propdesk/records/server';
import { eoiHooks, eoiMigrations } from './lifecycle.server.js';

/** Expressions of interest: numbering, preferences, their tokens (a counter per launch). */
export default resourceModule({
  id: 'eois',
  lateMigrations: eoiMigrations,
  hooks: ({ engine }) => ({ eois: eoiHooks(engine) }),
});
