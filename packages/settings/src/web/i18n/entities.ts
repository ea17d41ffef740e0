import { defineCatalog, type Catalog } from '@propdesk/i18n';
import { ENTITY_REGISTRY } from '@propdesk/privileges';

/**
 * The privileges registry's entities by their names (`lead`, `LeadValidityConfig`...): English is the
 * registry's own label, so English reads exactly as before; Arabic in `entities.ar.ts`.
 */
export const entityCatalog: Catalog = defineCatalog<string>(
  'settings-entities',
  Object.fromEntries(ENTITY_REGISTRY.map((entity) => [entity.name, entity.label])),
  () => import('./entities.ar.js'),
);
