import type { ReactNode } from 'react';
import { ACTIONS, CRUD_ACTIONS, entityRegistry, type EntityRegistry } from '@propdesk/privileges';
import { SETTINGS_ENTITIES } from '../model/entities.js';
import { EntityRegistryProvider } from '../web/roles/entityRegistry.js';

/**
 * The settings package's entities with a few of the other domains' (the app composes them all: apps/web),
 * as the Roles matrix's tests need them: lead with its own actions, a sales setup and a procurement document.
 */
export const TEST_REGISTRY: EntityRegistry = entityRegistry([
  { owner: 'settings', entities: SETTINGS_ENTITIES },
  {
    owner: 'test',
    entities: [
      { name: 'lead', label: 'Leads', group: 'sales', order: 10, actions: ACTIONS, extraActions: ['readAll', 'assign'] },
      { name: 'LeadValidityConfig', label: 'Lead validity configuration', group: 'sales', order: 20, actions: CRUD_ACTIONS },
      { name: 'PurchaseRequest', label: 'Purchase requests', group: 'procurement', order: 10, actions: ACTIONS },
    ],
  },
]);

/** Renders inside the test registry, as apps/web renders the app inside the composed one. */
export const withRegistry = (node: ReactNode) => <EntityRegistryProvider value={TEST_REGISTRY}>{node}</EntityRegistryProvider>;
