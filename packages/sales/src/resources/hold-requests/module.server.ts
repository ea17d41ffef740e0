import { resourceModule } from '@propdesk/records/server';
import { holdJobs } from './jobs.server.js';
import { holdRequestHooks } from './lifecycle.server.js';
import { registerHoldRoutes } from './routes.server.js';
import { seedHoldDemo } from './demo.server.js';

/** Hold requests and their setup per project: the lifecycle, the extension calls, the expiry job. */
export default resourceModule({
  id: 'hold-requests',
  hooks: ({ engine, notify }) => ({ 'hold-requests': holdRequestHooks(engine, notify) }),
  routes: (app, { engine, notify }) => registerHoldRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => holdJobs(engine, notify),
  // Holds in every state in each project, after the reservations: one converts into a reservation.
  demo: { after: ['reservations'], run: (engine) => seedHoldDemo(engine).then(() => null) },
});
