import { NOTIFICATION_ENTITIES } from '@propdesk/notifications-core/model';
import { demoRoles, entityRegistry, type EntityRegistry, type LandingEntry } from '@propdesk/privileges';
import { PROCUREMENT_ENTITIES } from '@propdesk/procurement/model';
import { procurementDomain } from '@propdesk/procurement/server';
import { landingOf } from '@propdesk/records/model';
import { Lifecycle, combineRowScopes, demoOrder, type ChangePublisher, type DomainContext, type DomainServer, type EngineContext, type Printer } from '@propdesk/records/server';
import { SALES_ENTITIES } from '@propdesk/sales/model';
import { salesDomain } from '@propdesk/sales/server';
import type { Database } from '@propdesk/server-kit';
import { SETTINGS_ENTITIES } from '@propdesk/settings/model';
import { settingsDomain } from '@propdesk/settings/server';
import { appRegistry } from './resources.js';

/** Every domain of the product, in the order their tables and routes are set up. */
export const DOMAINS: readonly DomainServer[] = [settingsDomain, salesDomain, procurementDomain];

/**
 * The order the domains' demos run in (issue 30): each after the demos it names, otherwise in the
 * domains' and their folders' order. An unknown name or a cycle fails here, when the server starts.
 */
export const DEMO_ORDER = demoOrder(DOMAINS);

/**
 * The privilege entities of the product, composed from every package's declarations (issue 30; the web
 * composes the same in apps/web's `entities.ts`): an entity declared twice stops the server at start.
 */
export const ENTITIES: EntityRegistry = entityRegistry([
  { owner: 'settings', entities: SETTINGS_ENTITIES },
  { owner: 'sales', entities: SALES_ENTITIES },
  { owner: 'procurement', entities: PROCUREMENT_ENTITIES },
  { owner: 'notifications-core', entities: NOTIFICATION_ENTITIES },
]);

/** The landing order as the definitions declare it (`landing`; the web's screens take the same places). */
export const LANDING: readonly LandingEntry[] = landingOf(appRegistry.resources);

/** The demo roles of this composition: the administrator over `ENTITIES`, the settings clerk over `LANDING`. */
export const DEMO_ROLES = demoRoles({ entities: ENTITIES.entities, landing: LANDING });

/**
 * The one engine of the app, with every domain's hooks and roll-ups in its lifecycle; `publishChanges`
 * (the app's: notifications-core's NOTIFY) tells open screens what each transaction changed.
 */
export function createEngine(
  db: Database,
  services: Omit<DomainContext, 'engine'>,
  options: { publishChanges?: ChangePublisher } = {},
): { engine: EngineContext; context: DomainContext; printers: Record<string, Printer> } {
  const lifecycle = new Lifecycle(appRegistry);
  const engine: EngineContext = {
    db,
    registry: appRegistry,
    rowScope: combineRowScopes(DOMAINS.map((domain) => domain.rowScope)),
    lifecycle,
    publishChanges: options.publishChanges,
  };
  const context: DomainContext = { ...services, engine };
  const printers: Record<string, Printer> = {};
  // Observers of every engine write (the settings domain's webhook events, issue 27), in domain order.
  const observers = DOMAINS.flatMap((domain) => (domain.observeChanges ? [domain.observeChanges(context)] : []));
  if (observers.length > 0)
    engine.observeChanges = async (tx, resource, op, ids) => {
      for (const observe of observers) await observe(tx, resource, op, ids);
    };
  for (const domain of DOMAINS) {
    lifecycle.addAll(domain.hooks?.(context) ?? {});
    for (const rollup of domain.rollups ?? []) lifecycle.addRollup(rollup);
    for (const [resource, printer] of Object.entries(domain.printers ?? {})) {
      if (printers[resource]) throw new Error(`Two domains print ${resource}`);
      printers[resource] = printer;
    }
  }
  return { engine, context, printers };
}
