import type { Database } from '@propdesk/server-kit';
import type { Registry } from '@propdesk/records/model';
import type { EngineContext } from '@propdesk/records/server';
import type { FastifyPluginAsync } from 'fastify';
import { runLeadExpiry } from './expiry.js';
import { activityHooks, leadHooks } from './hooks.js';
import { registerLeadRoutes } from './routes.js';
import { salesRowScope } from './scope.js';
import type { Notify } from './service.js';

/** What the sales server gets from the app: the database, the app's registry and the notifier. */
export type SalesServerOptions = {
  db: Database;
  /** The app's registry (with the sales resources); without it only the plugin's shell registers. */
  registry?: Registry;
  notify?: Notify;
  /** How often the validity job runs in this process (0 turns the schedule off; tests run it by hand). */
  expiryIntervalMs?: number;
};

export { dataMigrations, migrations } from './migrations.js';
export { leadScope, readsAllLeads, salesRowScope } from './scope.js';
export { runLeadExpiry } from './expiry.js';
export type { ExpiryResult } from './expiry.js';
export type { Notify } from './service.js';
export { salesDemoLeads } from './demo.js';

/** The hooks the records plugin runs for the sales resources. */
export function salesHooks(options: { db: Database; registry: Registry; notify?: Notify | undefined }) {
  const ctx: EngineContext = { db: options.db, registry: options.registry, rowScope: salesRowScope };
  return { leads: leadHooks(ctx, options.notify), 'lead-activities': activityHooks(ctx) };
}

/** The sales domain's routes beyond the engine's, and the validity job's schedule. */
export const salesPlugin: FastifyPluginAsync<SalesServerOptions> = async (app, options) => {
  if (!options.registry) return;
  const ctx: EngineContext & { db: Database } = { db: options.db, registry: options.registry, rowScope: salesRowScope };
  registerLeadRoutes(app, ctx, options.notify);
  const every = options.expiryIntervalMs ?? 5 * 60_000;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runLeadExpiry(ctx, options.notify)
        .catch((error: unknown) => app.log.error({ err: error }, 'lead validity job failed'))
        .finally(() => {
          running = false;
        });
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
