import type { LandingEntry } from '@propdesk/privileges';
import type { ResourceDef } from './definition.js';

/** The page a definition's `landing` names: its route, or the path it gives. */
export function landingPathOf(def: ResourceDef): string | undefined {
  if (def.landing === undefined) return undefined;
  return typeof def.landing === 'number' ? def.route : def.landing.path;
}

/**
 * The landing entries the definitions declare (their `landing`), in the spec's order, each read on the
 * definition's entity; two definitions at one place, or one without a page, are errors.
 */
export function landingOf(definitions: readonly ResourceDef[]): LandingEntry[] {
  const entries: LandingEntry[] = [];
  for (const def of definitions) {
    if (def.landing === undefined) continue;
    const path = landingPathOf(def);
    if (!path) throw new Error(`${def.name}: a landing place needs a route or a path`);
    const order = typeof def.landing === 'number' ? def.landing : def.landing.order;
    const taken = entries.find((entry) => entry.order === order);
    if (taken) throw new Error(`${def.name}: landing place ${order} is already ${taken.path}`);
    entries.push({ order, path, entity: def.entity });
  }
  return entries.sort((a, b) => a.order - b.order);
}
