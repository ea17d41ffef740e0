import { resourceModule } from '@propdesk/records/server';
import { registerBoardRoutes, unitBoardHooks } from './routes.server.js';

/** The live inventory board, its event stream and the sales dashboard. */
export default resourceModule({
  id: 'unit-board',
  hooks: () => ({ units: unitBoardHooks }),
  routes: (app, { engine }) => {
    registerBoardRoutes(app, engine);
  },
});
