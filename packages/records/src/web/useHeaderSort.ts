import { useMemo, useRef } from 'react';
import type { GridSortModel } from '@mui/x-data-grid';
import type { ResourceDef } from '../model/index.js';
import { parseSortTerms, shiftSort, type ListState } from './listState.js';
import type { SetListState } from './useListUrlState.js';

/** The grid's sort arrow and header clicks; a header clicked with Shift adds its column as the next sort key. */
export function useHeaderSort(def: ResourceDef, state: ListState, setState: SetListState) {
  // The grid (MIT) shows one sort arrow: the first key's. The others are in the Sort menu and its chip.
  const sortModel = useMemo<GridSortModel>(() => {
    const [first] = parseSortTerms(state.sort);
    return first ? [{ field: first.field, sort: first.desc ? 'desc' : 'asc' }] : [];
  }, [state.sort]);
  // Read before the grid handles the click.
  const headerClick = useRef<{ shift: boolean; field: string | null }>({ shift: false, field: null });
  const noteHeaderClick = (event: React.MouseEvent | React.KeyboardEvent) => {
    const header = (event.target as HTMLElement).closest?.('[role="columnheader"]');
    headerClick.current = { shift: event.shiftKey, field: header?.getAttribute('data-field') ?? null };
  };
  // Shift-click would otherwise select the text between the last click and this header.
  const keepSelection = (event: React.MouseEvent) => {
    if (event.shiftKey && (event.target as HTMLElement).closest?.('[role="columnheader"]')) event.preventDefault();
  };
  const handleSortModelChange = (model: GridSortModel) => {
    const clicked = headerClick.current;
    headerClick.current = { shift: false, field: null };
    if (clicked.shift && clicked.field) {
      setState({ sort: shiftSort(state.sort, clicked.field) || def.defaultSort.join(','), page: 1 });
      return;
    }
    const [first] = model;
    setState({ sort: first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : def.defaultSort.join(','), page: 1 });
  };
  return { sortModel, noteHeaderClick, keepSelection, handleSortModelChange };
}
