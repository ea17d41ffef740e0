import { createContext, useContext } from 'react';
import type { EntityRegistry } from '@propdesk/privileges';

/**
 * The app's entity registry, composed by apps/web from every package's declarations (settings cannot import
 * the sales or procurement ones): the Roles matrix's rows. apps/web provides it around its router.
 */
const EntityRegistryContext = createContext<EntityRegistry | null>(null);

export const EntityRegistryProvider = EntityRegistryContext.Provider;

export function useEntityRegistry(): EntityRegistry {
  const registry = useContext(EntityRegistryContext);
  if (!registry) throw new Error('The Roles matrix needs the app’s entity registry: wrap the app in EntityRegistryProvider');
  return registry;
}
