import { resourceModule } from '@propdesk/records/server';
import { unitBoardNotifyMigrations } from './notify.server.js';
import { registerBoardRoutes } from './routes.server.js';

/** The live inventory board, its event stream and the sales dashboard; the triggers that announce a board's changes. */
export default resourceModule({
  id: 'unit-board',
  lateMigrations: unitBoardNotifyMigrations,
  routes: (app, { engine }) => {
    registerBoardRoutes(app, engine);
  },
});
