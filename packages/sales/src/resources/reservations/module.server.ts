import { resourceModule } from '@propdesk/records/server';
import { reservationJobs } from './jobs.server.js';
import { reservationBuyerHooks, reservationHooks } from './lifecycle.server.js';
import { reservationEarlyMigrations, reservationMigrations } from './revisions.server.js';
import { registerReservationRoutes } from './routes.server.js';
import { seedReservationDemo } from './demo.server.js';

/** Reservations, their buyers, setups and discount authorities: lifecycle, revisions, calls, the expiry job. */
export default resourceModule({
  id: 'reservations',
  migrations: reservationEarlyMigrations,
  lateMigrations: reservationMigrations,
  hooks: ({ engine, notify }) => ({ reservations: reservationHooks(engine, notify), 'reservation-buyers': reservationBuyerHooks() }),
  routes: (app, { engine, notify }) => registerReservationRoutes(app, engine, notify),
  jobs: ({ engine, notify }) => reservationJobs(engine, notify),
  // Reservations in every state across the three projects, with their setups and discount authorities. After
  // procurement's demo only so the demo's history (its notifications' order) stays as it was.
  demo: { after: ['procurement/purchase-orders'], run: (engine) => seedReservationDemo(engine).then(() => null) },
});
