import { resourceModule } from '@propdesk/records/server';
import { eois } from './definition.js';
import { eoiHooks, eoiMigrations } from './lifecycle.server.js';

/** Expressions of interest: numbering, preferences, their tokens (a counter per launch). */
export default resourceModule({
  id: 'eois',
  resources: [eois],
  lateMigrations: eoiMigrations,
  hooks: ({ engine }) => ({ eois: eoiHooks(engine) }),
});
