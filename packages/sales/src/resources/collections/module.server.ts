import { resourceModule } from '@propdesk/records/server';
import { collectionMigrations } from './dashboard.server.js';
import { registerCollectionRoutes } from './routes.server.js';

/** The collections dashboard and customers' statements of account (reads over the ledgers; no resource of its own). */
export default resourceModule({
  id: 'collections',
  lateMigrations: collectionMigrations,
  routes: (app, { engine }) => registerCollectionRoutes(app, engine),
});
