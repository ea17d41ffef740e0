import { resourceModule } from '@propdesk/records/server';
import { unitClaimMigrations, unitStatusHooks } from './claims.server.js';
import { registerUnitRoutes } from './routes.server.js';

/** A unit's one live claim (a settings resource the sales documents claim): the claims table, status events, block and unblock. */
export default resourceModule({
  id: 'unit-claims',
  lateMigrations: unitClaimMigrations,
  hooks: () => ({ units: unitStatusHooks }),
  routes: (app, { engine }) => registerUnitRoutes(app, engine),
});
