import { use, useMemo } from 'react';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowSelectionModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import type { RecordRow, ResourceDef } from '../model/index.js';
import { countText } from './format.js';
import { ListEmpty } from './ListEmpty.js';
import { PAGE_SIZES, type ListState } from './listState.js';
import { useHeaderSort } from './useHeaderSort.js';
import type { SetListState } from './useListUrlState.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { gridLocaleText } from './i18n/gridLocale.js';
import { recordsCatalog } from './i18n/catalog.js';

export type ListGridProps = {
  def: ResourceDef;
  state: ListState;
  setState: SetListState;
  rows: RecordRow[];
  columns: GridColDef<RecordRow>[];
  columnNames: readonly string[];
  visibility: GridColumnVisibilityModel;
  total: number;
  totalExact: boolean;
  /** The server has answered once (until then there is no count to show). */
  answered: boolean;
  loading: boolean;
  reservedHeight: number | undefined;
  /** A phone's list: no check boxes. */
  phone: boolean;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  filtered: boolean;
  mayCreate: boolean;
  onClearFilters: () => void;
  onOpen: (id: string) => void;
};

/** The list's grid: server paging and sorting, the URL's columns, widths and density, row selection. */
export function ListGrid({ def, state, setState, rows, columns, columnNames, visibility, total, totalExact, answered, loading, reservedHeight, phone, selection, onSelectionChange, filtered, mayCreate, onClearFilters, onOpen }: ListGridProps) {
  const { sortModel, noteHeaderClick, keepSelection, handleSortModelChange } = useHeaderSort(def, state, setState);
  const paginationMeta = useMemo(() => ({ hasNextPage: !totalExact || state.page * state.pageSize < total }), [totalExact, state.page, state.pageSize, total]);
  // Until the first answer there is no count to show: "Loading…", never "0–0 of 0".
  const t = useT(recordsCatalog);
  const language = useLanguage();
  // MUI X's Arabic grid words load with the first Arabic list (the grid suspends until then).
  const gridWords = gridLocaleText(language);
  if (gridWords instanceof Promise) use(gridWords);
  const gridText = gridWords instanceof Promise ? null : gridWords;
  const localeText = useMemo(
    () => ({
      // MUI X's own Arabic words for the grid's menus and pager, with ours for the count.
      ...gridText,
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        !answered ? t('loading') : t('rowsOf', { from: countText(from), to: countText(to), count: totalExact ? countText(count) : t('moreThan', { count: countText(Math.max(total, to)) }) }),
    }),
    [totalExact, total, answered, gridText, t],
  );

  return (
    <Box sx={{ width: '100%', minWidth: 0 }} onClickCapture={noteHeaderClick} onKeyDownCapture={noteHeaderClick} onMouseDownCapture={keepSelection}>
      <DataGrid<RecordRow>
        aria-label={def.label}
        rows={rows}
        columns={columns}
        // Beyond the server's count cap the total is unknown: the pager says "more than 1,000".
        rowCount={totalExact ? total : -1}
        paginationMeta={paginationMeta}
        localeText={localeText}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        paginationModel={{ page: state.page - 1, pageSize: state.pageSize }}
        onPaginationModelChange={(model) => setState({ page: model.page + 1, pageSize: model.pageSize })}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortModelChange={handleSortModelChange}
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={(model) => setState({ columns: columnNames.filter((name) => model[name] !== false) }, { replace: true })}
        onColumnWidthChange={(params) => setState({ widths: { ...state.widths, [params.colDef.field]: Math.round(params.width) } }, { replace: true })}
        density={state.density}
        onDensityChange={(density) => setState({ density }, { replace: true })}
        checkboxSelection={!phone}
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
        onRowClick={(params) => onOpen(String(params.id))}
        onCellKeyDown={(params, event) => {
          if (event.key === 'Enter' && params.field !== '__check__') {
            event.preventDefault();
            onOpen(String(params.id));
          }
        }}
        showToolbar
        slotProps={{
          // Export and search are the list's own (server-side, every matching row): the grid's page-only ones would mislead.
          toolbar: { showQuickFilter: false, csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } },
          // The first load shows skeleton rows (and "Loading…" in the footer), later ones a progress bar over the rows.
          loadingOverlay: { variant: answered ? 'linear-progress' : 'skeleton', noRowsVariant: 'skeleton' },
        }}
        autoHeight
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' }, ...(reservedHeight ? { minHeight: reservedHeight } : {}) }}
        slots={{ noRowsOverlay: () => <ListEmpty def={def} filtered={filtered} mayCreate={mayCreate} onClearFilters={onClearFilters} /> }}
      />
    </Box>
  );
}
