import type { Crumb, DomainRoute, LazyPage } from '../manifest.js';
import type { GuardRequirement, LandingEntry } from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges';

/** One screen of the domain: its route (path, guard, lazy page) and its breadcrumb. */
export type Screen = DomainRoute & { crumb: Crumb };

/** Read on an entity: the guard of the spec's guarded routes. */
export const readOn = (entity: string): GuardRequirement => ({ entity, action: 'read' });

/** Builds a screen; `guard` omitted for the spec's routes "present with no guard". */
export function screen(path: string, crumb: Crumb, page: LazyPage, guard?: GuardRequirement): Screen {
  return guard ? { path, crumb, page, guard } : { path, crumb, page };
}

/** The routes of the screens, without their crumbs. */
export function toRoutes(screens: readonly Screen[]): DomainRoute[] {
  return screens.map(({ crumb: _crumb, ...route }) => route);
}

/** The breadcrumb of every screen path. */
export function toCrumbs(screens: readonly Screen[]): Record<string, Crumb> {
  return Object.fromEntries(screens.map((entry) => [entry.path, entry.crumb]));
}

/**
 * The entries of the spec's landing order whose page is one of these routes (paths compare
 * case-insensitively, as the router matches them), so the order and spellings stay the
 * privileges package's.
 */
export function ownedLanding(routes: readonly DomainRoute[]): LandingEntry[] {
  const paths = new Set(routes.map((route) => route.path.toLowerCase()));
  return SPEC_LANDING_ORDER.filter((entry) => paths.has(entry.path.toLowerCase()));
}
