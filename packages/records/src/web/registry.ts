import { createRegistry, type Registry, type ResourceDef } from '../model/index.js';

let current: Registry | null = null;

/**
 * The app's resource registry on the web side: apps/web sets it once from every domain's
 * definitions, so a page finds the resources it refers to by name without importing their domain.
 */
export function setWebRegistry(registry: Registry): void {
  current = registry;
}

/** The registry, or one built from `fallback` when the app set none (a package tested alone). */
export function webRegistry(fallback: readonly ResourceDef[] = []): Registry {
  if (!current) current = createRegistry(fallback);
  return current;
}
