import { normalizePath } from '../compose/composeModules.js';
import type { Crumb } from '../manifest.js';

export type EditMode = 'lead' | 'user' | 'eoi' | 'payment';

export const EDIT_LABELS: Readonly<Record<EditMode, string>> = {
  lead: 'Edit Lead',
  user: 'Edit User',
  eoi: 'Edit EOI',
  payment: 'Edit Payment',
};

/** Reads `{ editMode }` from navigation state, ignoring anything else. */
export function editModeOf(state: unknown): EditMode | null {
  if (typeof state !== 'object' || state === null || !('editMode' in state)) return null;
  const mode = (state as { editMode: unknown }).editMode;
  return typeof mode === 'string' && mode in EDIT_LABELS ? (mode as EditMode) : null;
}

/**
 * The crumb of a path: the exact path, else the longest known prefix (case-insensitive, on a
 * segment boundary), else none (the bar then shows just Home). An edit mode replaces the last
 * label of the trail.
 */
export function resolveCrumb(pathname: string, crumbs: ReadonlyMap<string, Crumb>, editMode: EditMode | null = null): Crumb | null {
  const path = normalizePath(pathname);
  let crumb = crumbs.get(path) ?? null;
  if (!crumb) {
    let bestLength = -1;
    for (const [known, candidate] of crumbs) {
      if (known !== '/' && path.startsWith(`${known}/`) && known.length > bestLength) {
        bestLength = known.length;
        crumb = candidate;
      }
    }
  }
  if (!crumb || !editMode) return crumb;
  const trail = crumb.trail.length > 0 ? [...crumb.trail.slice(0, -1), EDIT_LABELS[editMode]] : [EDIT_LABELS[editMode]];
  return { title: crumb.title, trail };
}
