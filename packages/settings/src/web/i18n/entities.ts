import { defineCatalog, type Catalog } from '@propdesk/i18n';
import type { EntityRegistry } from '@propdesk/privileges';

const catalogs = new WeakMap<EntityRegistry, Catalog>();

/**
 * The registry's entities by their names (`lead`, `LeadValidityConfig`...): English is the registry's own
 * label, so English reads exactly as before; Arabic in `entities.ar.ts`. One catalog per composed registry.
 */
export function entityCatalogOf(registry: EntityRegistry): Catalog {
  let catalog = catalogs.get(registry);
  if (!catalog) {
    catalog = defineCatalog<string>('settings-entities', Object.fromEntries(registry.entities.map((entity) => [entity.name, entity.label])), () => import('./entities.ar.js'));
    catalogs.set(registry, catalog);
  }
  return catalog;
}
