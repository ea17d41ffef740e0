import { resourceModule } from '@propdesk/records/server';
import { reservationJobs } from './jobs.server.js';
import { reservationBuyerHooks, reservationHooks } from './lifecycle.server.js';
import { reservationMigrations } from './revisions.server.js';
import { registerReservationRoutes } from './routes.server.js';

/** Reservations, their buyers, setups and discount authorities: lifecycle, revisions, calls, the expiry job. */
export default resourceModule({
  id: 'reservations',
  lateMigrations: reservationMigrations,
  hooks: ({ engine, notify }) => ({ reservations: reservationHooks(engine, notify), 'reservation-buyers': reservationBuyerHooks() }),
  routes: (app, { engine, notify }) => registerReservationRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => reservationJobs(engine, notify),
});
