import { useEffect } from 'react';
import { onSignOut } from '@propdesk/api-client';
import type { ListState } from './listState.js';

/** The grid's own heights in px at the standard density (toolbar, column headers, a row, footer, borders). */
const GRID_PX = { toolbar: 52, header: 56, row: 52, footer: 53, borders: 2 };
const DENSITY_FACTOR = { compact: 0.7, standard: 1, comfortable: 1.3 } as const;

/** The auto-height grid's height with `rows` rows at `density` (headers and rows scale with it). */
function gridHeight(rows: number, density: keyof typeof DENSITY_FACTOR): number {
  const factor = DENSITY_FACTOR[density];
  return Math.round(GRID_PX.toolbar + GRID_PX.header * factor + Math.max(rows, 2) * Math.floor(GRID_PX.row * factor) + GRID_PX.footer + GRID_PX.borders);
}

/** Rows each list showed last in this tab, so its next first load reserves that height. */
const lastRowCounts = new Map<string, number>();
// How many rows the last user saw is theirs: a sign-out forgets it.
onSignOut(() => lastRowCounts.clear());

/**
 * The grid holds the height of the rows it shows, and until the first page arrives the height
 * that page will take (as many rows as this list showed last time in this tab, else a full
 * page): nothing below it jumps when the rows come, nor in the frame the grid takes to lay them out.
 */
export function useReservedHeight(resource: string, state: ListState, shownRows: number | undefined, failed: boolean): number | undefined {
  useEffect(() => {
    if (shownRows !== undefined) lastRowCounts.set(resource, shownRows);
  }, [shownRows, resource]);
  const expectedRows = shownRows !== undefined ? shownRows : failed ? null : Math.min(state.pageSize, lastRowCounts.get(resource) ?? state.pageSize);
  return expectedRows === null ? undefined : gridHeight(expectedRows, state.density);
}
