import type { PrivilegeChecker } from '@propdesk/privileges';
import type { NavItem } from '../manifest.js';

/**
 * Filters a nav tree by the visibility rules. A leaf shows by its rule (none means always).
 * A group with its own rule shows by that rule; without one it shows when a child shows.
 * A group left with no visible child and no path of its own is dropped either way: an empty
 * group opens onto nothing.
 */
export function visibleNav<T extends NavItem>(items: readonly T[], can: PrivilegeChecker): T[] {
  const result: T[] = [];
  for (const item of items) {
    if (!item.children) {
      if (!item.visible || item.visible(can)) result.push(item);
      continue;
    }
    const children = visibleNav(item.children, can);
    const byRule = item.visible ? item.visible(can) : children.length > 0;
    if (byRule && (children.length > 0 || item.path)) result.push({ ...item, children });
  }
  return result;
}

/** True when the item's path (or one of its descendants') is the current path. */
export function isActiveItem(item: NavItem, pathname: string): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, '');
  if (item.path && item.path.toLowerCase() === here) return true;
  return (item.children ?? []).some((child) => isActiveItem(child, pathname));
}
