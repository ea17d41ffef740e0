import { normalizePath, type ComposedShell } from '../compose/composeModules.js';
import type { SidebarMode } from '../manifest.js';

/**
 * The sidebar mode for a path: the mode of the longest prefix the path starts with
 * (case-insensitive; the spec says "starts with", so '/settings/leads/Receipt' also covers
 * '/settings/leads/ReceiptItem'), otherwise Sales.
 */
export function sidebarModeFor(pathname: string, modePrefixes: ComposedShell['modePrefixes']): SidebarMode {
  const path = normalizePath(pathname);
  let best: { prefix: string; mode: SidebarMode } | undefined;
  for (const entry of modePrefixes) {
    if (path.startsWith(entry.prefix) && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.mode ?? 'sales';
}
