import type { DomainRoute } from '../manifest.js';
import type { GuardRequirement, LandingEntry } from '@propdesk/privileges';
import { SPEC_LANDING_ORDER } from '@propdesk/privileges';

/** Read on an entity: the guard of the spec's guarded routes. */
export const readOn = (entity: string): GuardRequirement => ({ entity, action: 'read' });

/**
 * The entries of the spec's landing order whose page is one of these routes (paths compare
 * case-insensitively, as the router matches them), so the order and spellings stay the
 * privileges package's.
 */
export function ownedLanding(routes: readonly DomainRoute[]): LandingEntry[] {
  const paths = new Set(routes.map((route) => route.path.toLowerCase()));
  return SPEC_LANDING_ORDER.filter((entry) => paths.has(entry.path.toLowerCase()));
}
