import type { PrivilegeChecker } from '@propdesk/privileges';
import { normalizePath, type ComposedShell } from '../compose/composeModules.js';
import type { NavItem, SidebarMode } from '../manifest.js';
import { visibleNav } from './navVisibility.js';

/** An area of the product (a sidebar mode) and the first page of it the user may open. */
export type Area = { mode: SidebarMode; label: string; path: string };

export const AREA_ORDER: readonly SidebarMode[] = ['sales', 'procurement', 'settings'];
const AREA_LABELS: Readonly<Record<SidebarMode, string>> = { sales: 'Sales', settings: 'Settings', procurement: 'Procurement' };

function leaves(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [...(item.path && !item.children?.length ? [item.path] : []), ...leaves(item.children ?? [])]);
}

/**
 * The areas the user has privileges in, each with the first item of its sidebar (in the sidebar's order
 * and visibility rules) whose route's guard (or, unguarded, what it reads) lets them in: a page that
 * shows them something, never an unguarded placeholder nor a page that answers 423. The spec's sidebar modes follow the path, so this
 * is how the menus reach an area the landing page is not in (the finance manager's Sales).
 */
export function reachableAreas(composed: ComposedShell, can: PrivilegeChecker): Area[] {
  const routes = new Map(composed.routes.map((route) => [normalizePath(route.path), route]));
  const areas: Area[] = [];
  for (const mode of AREA_ORDER) {
    const path = leaves(visibleNav(composed.nav[mode], can)).find((candidate) => {
      const route = routes.get(normalizePath(candidate.split('?')[0]!));
      const needs = route?.guard ?? route?.reads;
      return needs !== undefined && route?.kind !== 'placeholder' && can.can(needs.entity, needs.action ?? 'read');
    });
    if (path) areas.push({ mode, label: AREA_LABELS[mode], path });
  }
  return areas;
}
