import type { ResourceDef } from '../model/index.js';

const known = new Map<string, ResourceDef>();

/**
 * The resources the browser has loaded so far, by name. Each domain's page chunk registers the
 * definitions it carries (so nothing of a domain loads before its pages do); a page finds a
 * resource it refers to here, never by importing another domain.
 */
export function registerResources(defs: readonly ResourceDef[]): void {
  for (const def of defs) if (!known.has(def.name)) known.set(def.name, def);
}

export function findResource(name: string): ResourceDef | undefined {
  return known.get(name);
}

export function getResource(name: string): ResourceDef {
  const def = known.get(name);
  if (!def) throw new Error(`Unknown resource ${name}: register its definitions first`);
  return def;
}
