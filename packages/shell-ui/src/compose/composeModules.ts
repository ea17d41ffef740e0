import type { LandingEntry } from '@propdesk/privileges';
import type { Crumb, DomainModule, DomainRoute, NavSection, SidebarMode } from '../manifest.js';

/** Everything the shell builds from the domain manifests, merged once at start-up. */
export type ComposedShell = {
  routes: readonly DomainRoute[];
  /** Top-level sidebar sections per mode, sorted by `order`. */
  nav: Readonly<Record<SidebarMode, readonly NavSection[]>>;
  /** Breadcrumbs keyed by lower-cased path (no trailing slash). */
  crumbs: ReadonlyMap<string, Crumb>;
  /** Landing entries of every module, sorted by `order`. */
  landing: readonly LandingEntry[];
  /** Mode prefixes, longest first, lower-cased. */
  modePrefixes: readonly { prefix: string; mode: SidebarMode }[];
};

/** The comparison form of a path: lower case, no trailing slash (except the root). */
export function normalizePath(path: string): string {
  const lower = path.trim().toLowerCase();
  const withSlash = lower.startsWith('/') ? lower : `/${lower}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/**
 * Merges the domain manifests. Paths compare case-insensitively, as the router matches them,
 * so two modules declaring `/sales/leads` and `/Sales/Leads` is a start-up error; so are two
 * landing pages at one place of the order. The landing list is the modules' entries sorted.
 */
export function composeModules(modules: readonly DomainModule[]): ComposedShell {
  const seen = new Map<string, string>();
  const routes: DomainRoute[] = [];
  const nav: Record<SidebarMode, NavSection[]> = { sales: [], settings: [], procurement: [] };
  const crumbs = new Map<string, Crumb>();
  const landing: LandingEntry[] = [];
  const modePrefixes: { prefix: string; mode: SidebarMode }[] = [];

  for (const module of modules) {
    for (const route of module.routes) {
      const key = normalizePath(route.path);
      const owner = seen.get(key);
      if (owner) throw new Error(`Duplicate route path ${route.path} (in ${owner} and ${module.id})`);
      seen.set(key, module.id);
      routes.push(route);
    }
    for (const section of module.nav) nav[section.mode].push(section);
    for (const [path, crumb] of Object.entries(module.crumbs)) crumbs.set(normalizePath(path), crumb);
    for (const entry of module.landing) {
      const taken = landing.find((each) => each.order === entry.order);
      if (taken) throw new Error(`Two landing pages at place ${entry.order}: ${taken.path} and ${entry.path} (${module.id})`);
      landing.push(entry);
    }
    for (const entry of module.modePrefixes) modePrefixes.push({ prefix: normalizePath(entry.prefix), mode: entry.mode });
  }

  for (const mode of Object.keys(nav) as SidebarMode[]) nav[mode].sort((a, b) => a.order - b.order);
  landing.sort((a, b) => a.order - b.order);
  modePrefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  return { routes, nav, crumbs, landing, modePrefixes };
}
