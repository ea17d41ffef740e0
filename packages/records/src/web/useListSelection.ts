import { useState } from 'react';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { RecordRow } from '../model/index.js';

/** The rows ticked on the page, or "all matching" (every row of the filter, on every page). */
export function useListSelection(rows: RecordRow[]) {
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [allMatching, setAllMatching] = useState(false);
  // The header checkbox selects the page as "every row but these" (type 'exclude'): the page's rows.
  const selectedIds = selection.type === 'include' ? [...selection.ids].map(String) : rows.map((row) => row.id).filter((id) => !selection.ids.has(id));
  const clearSelection = () => {
    setSelection({ type: 'include', ids: new Set() });
    setAllMatching(false);
  };
  const changeSelection = (model: GridRowSelectionModel) => {
    setSelection(model);
    setAllMatching(false);
  };
  return { selection, selectedIds, allMatching, selectAllMatching: () => setAllMatching(true), changeSelection, clearSelection };
}
