import { resourceModule } from '@propdesk/records/server';
import { registerCollectionSettingRoutes } from './routes.server.js';

/** Each project's collection settings (bounce charge, reminders), and the bounce charge's first address. */
export default resourceModule({
  id: 'collection-settings',
  routes: (app, { engine }) => registerCollectionSettingRoutes(app, engine),
});
