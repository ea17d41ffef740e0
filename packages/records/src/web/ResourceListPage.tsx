import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Search from '@mui/icons-material/Search';
import { onSignOut } from '@propdesk/api-client';
import { isKeyField, isNumberKind, labelFieldOf, type FieldDef, type RecordRow, type ResourceDef, type SavedView } from '../model/index.js';
import { serverError, useListRecordsQuery, useSavedViewsQuery } from './api.js';
import { BulkBar } from './BulkBar.js';
import { ExportMenu } from './ExportMenu.js';
import { FilterBuilder, countConditions } from './FilterBuilder.js';
import { countText, formatValue } from './format.js';
import { BASE_COLUMNS, describeFilter } from './filterText.js';
import { PhoneLinks } from './PhoneLinks.js';
import { useReferenceLabels } from './useReferenceLabels.js';
import { keyColumnWidth } from './columnWidth.js';
import { ImportDialog } from './ImportDialog.js';
import {
  PAGE_SIZES,
  defaultListState,
  effectiveWhere,
  fixedFilterNode,
  fromViewState,
  listParams,
  parseSortTerms,
  readListState,
  shiftSort,
  toViewState,
  writeListState,
  type ActiveFilter,
  type FixedFilter,
  type ListState,
} from './listState.js';
import { SortMenu } from './SortMenu.js';
import { ViewsMenu } from './ViewsMenu.js';
import { inSentence } from './nouns.js';

export type ResourceListPageProps = {
  def: ResourceDef;
  canCreate: boolean;
  canUpdate: boolean;
  onOpen: (id: string) => void;
  onCreate: () => void;
  /** Something a screen adds above the list (e.g. the units grid switch). */
  header?: React.ReactNode;
  /** The screen's own filter, on every query and not removable (see `FixedFilter`). */
  fixedFilter?: FixedFilter;
};

const SEARCH_DELAY_MS = 300;

/** The narrowest a column of these kinds gets (px), so its value is never cut. */
const MIN_WIDTH: Partial<Record<FieldDef['kind'], number>> = { money: 160, phone: 180, date: 120, datetime: 170 };

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

const rank = (order: readonly string[], name: string) => {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

/** Every list of the product: server paging, sorting and filtering, with its whole state in the URL. */
export function ResourceListPage({ def, canCreate, canUpdate, onOpen, onCreate, header, fixedFilter }: ResourceListPageProps) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(def, search), [def, search]);
  const [query, setQuery] = useState(state.q);
  const [filterOpen, setFilterOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [allMatching, setAllMatching] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(max-width:599.95px)');
  const views = useSavedViewsQuery(def.name);
  const appliedDefault = useRef(false);

  const setState = useCallback(
    (change: Partial<ListState>, options: { replace?: boolean } = {}) => {
      const next = { ...state, ...change };
      setSearch(writeListState(def, next, new URLSearchParams(search)), { replace: options.replace ?? false });
    },
    [def, search, setSearch, state],
  );

  // A user's default view opens when the list is opened without any state in the URL.
  useEffect(() => {
    if (appliedDefault.current || !views.data) return;
    appliedDefault.current = true;
    const fallback = views.data.find((view) => view.isDefault);
    if (fallback && [...search.keys()].length === 0) setSearch(writeListState(def, fromViewState(def, fallback)), { replace: true });
  }, [views.data, search, setSearch, def]);

  useEffect(() => setQuery(state.q), [state.q]);
  useEffect(() => {
    if (query === state.q) return undefined;
    const timer = setTimeout(() => setState({ q: query, page: 1 }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, state.q, setState]);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        searchInput.current?.focus();
      } else if (event.key === 'n' && canCreate && !def.readOnly) {
        event.preventDefault();
        onCreate();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [canCreate, def.readOnly, onCreate]);

  const filterNames = useReferenceLabels(def, state.where);
  const params = listParams(state, fixedFilter);
  const fixedNode = useMemo(() => fixedFilterNode(fixedFilter), [fixedFilter]);
  const { data, isFetching, isLoading, error, refetch } = useListRecordsQuery({ resource: def.name, params });
  const rows = useMemo(() => data?.data ?? [], [data]);
  useEffect(() => {
    if (data) lastRowCounts.set(def.name, data.data.length);
  }, [data, def.name]);
  // The grid holds the height of the rows it shows, and until the first page arrives the height
  // that page will take (as many rows as this list showed last time in this tab, else a full
  // page): nothing below it jumps when the rows come, nor in the frame the grid takes to lay them out.
  const expectedRows = data ? rows.length : error ? null : Math.min(state.pageSize, lastRowCounts.get(def.name) ?? state.pageSize);
  const reservedHeight = expectedRows === null ? undefined : gridHeight(expectedRows, state.density);

  const present = useMemo(() => {
    // Protected fields the user may not read are absent from every row: no column for them.
    const sample = rows[0];
    return (name: string) => !sample || name in sample || def.fields[name]?.kind === 'reference' || def.fields[name]?.kind === 'references';
  }, [rows, def]);

  const allColumns = useMemo(() => {
    const own = Object.entries(def.fields).filter(([name, field]) => !field.hidden && !(field.protected && !present(name)));
    const base = Object.entries(BASE_COLUMNS).filter(([name]) => name !== 'active' || def.hasActive !== false);
    return [...own, ...base] as [string, FieldDef][];
  }, [def, present]);

  const shown = useMemo(() => {
    const list = state.columns ?? def.listColumns;
    return phone ? list.slice(0, 2) : list;
  }, [state.columns, def.listColumns, phone]);

  // Key columns (HLD-2026-00003, a cheque's number) are as wide as their longest value and header: never cut.
  const keyWidths = useMemo(() => {
    const widths = new Map<string, number>();
    for (const [name, field] of allColumns) {
      if (!isKeyField(def, name)) continue;
      // A numbered document's number has a known shape, so the width holds before the rows arrive.
      const shape = def.numbering?.field === name ? [`${def.numbering.prefix}-0000-00000`] : [];
      widths.set(name, keyColumnWidth(field.label, [...shape, ...rows.map((row) => formatValue(field, row[name], row.refLabels?.[name]))]));
    }
    return widths;
  }, [allColumns, def, rows]);

  const columns = useMemo<GridColDef<RecordRow>[]>(
    () =>
      // The view's columns first, in its order; the rest follow, hidden, for the columns panel.
      [...allColumns].sort(([a], [b]) => rank(shown, a) - rank(shown, b)).map(([name, field]) => ({
        field: name,
        headerName: field.label,
        sortable: field.sortable ?? !['json', 'references', 'longtext'].includes(field.kind),
        flex: state.widths[name] || keyWidths.has(name) ? undefined : name === labelFieldOf(def) ? 1.4 : 1,
        width: state.widths[name] ?? keyWidths.get(name),
        // An amount with its currency (12,700,000.00 EGP), a phone with its links (+201001234567 and
        // WhatsApp), a date with its year (24 Nov 2026, 14:30) and a key column are never cut.
        minWidth: keyWidths.get(name) ?? MIN_WIDTH[field.kind] ?? 110,
        // Numbers are formatted text (146,000.00 EGP), right-aligned as numbers read.
        type: 'string',
        ...(isNumberKind(field.kind) ? { align: 'right' as const, headerAlign: 'right' as const } : {}),
        valueGetter: (_value, row) => formatValue(field, row[name], row.refLabels?.[name]),
        renderCell:
          field.kind === 'phone'
            ? (cell) => (typeof cell.row[name] === 'string' && cell.row[name] ? <PhoneLinks value={cell.row[name]} /> : null)
            : field.kind === 'color'
            ? (cell) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
                  <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: String(cell.row[name] ?? 'transparent'), border: 1, borderColor: 'divider' }} />
                  <span>{String(cell.row[name] ?? '')}</span>
                </Stack>
              )
            : name === 'active'
              ? (cell) => (cell.row.active === false ? <Chip size="small" label="Inactive" /> : <span>Active</span>)
              : undefined,
      })),
    [allColumns, def, state.widths, shown, keyWidths],
  );

  const visibility = useMemo<GridColumnVisibilityModel>(() => Object.fromEntries(allColumns.map(([name]) => [name, shown.includes(name)])), [allColumns, shown]);
  // The grid (MIT) shows one sort arrow: the first key's. The others are in the Sort menu and its chip.
  const sortModel = useMemo<GridSortModel>(() => {
    const [first] = parseSortTerms(state.sort);
    return first ? [{ field: first.field, sort: first.desc ? 'desc' : 'asc' }] : [];
  }, [state.sort]);
  const sortable = useMemo(
    () => columns.filter((column) => column.sortable).map((column) => [column.field, column.headerName ?? column.field] as const),
    [columns],
  );
  const sortLabels = new Map(sortable);
  const sortTerms = parseSortTerms(state.sort);
  // A header clicked with Shift adds its column as the next sort key (read before the grid handles the click).
  const headerClick = useRef<{ shift: boolean; field: string | null }>({ shift: false, field: null });
  const noteHeaderClick = (event: React.MouseEvent | React.KeyboardEvent) => {
    const header = (event.target as HTMLElement).closest?.('[role="columnheader"]');
    headerClick.current = { shift: event.shiftKey, field: header?.getAttribute('data-field') ?? null };
  };
  // Shift-click would otherwise select the text between the last click and this header.
  const keepSelection = (event: React.MouseEvent) => {
    if (event.shiftKey && (event.target as HTMLElement).closest?.('[role="columnheader"]')) event.preventDefault();
  };
  const customSort = state.sort !== def.defaultSort.join(',');
  const totalExact = data?.totalExact !== false;
  const total = data?.total ?? 0;
  const paginationMeta = useMemo(() => ({ hasNextPage: !totalExact || state.page * state.pageSize < total }), [totalExact, state.page, state.pageSize, total]);
  // Until the first answer there is no count to show: "Loading…", never "0–0 of 0".
  const answered = data !== undefined;
  const localeText = useMemo(
    () => ({
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        !answered ? 'Loading…' : `${from}–${to} of ${totalExact ? countText(count) : countText(Math.max(total, to), false)}`,
    }),
    [totalExact, total, answered],
  );

  // The header checkbox selects the page as "every row but these" (type 'exclude'): the page's rows.
  const selectedIds = selection.type === 'include' ? [...selection.ids].map(String) : rows.map((row) => row.id).filter((id) => !selection.ids.has(id));
  const clearSelection = () => {
    setSelection({ type: 'include', ids: new Set() });
    setAllMatching(false);
  };

  const openView = (view: SavedView) => {
    clearSelection();
    setSearch(writeListState(def, fromViewState(def, view)));
  };

  const activeFilters = countConditions(state.where);
  const failure = error ? serverError(error) : null;
  const filtered = Boolean(state.where || state.q.trim() || state.active !== defaultListState(def).active);

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      {header}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          inputRef={searchInput}
          size="small"
          placeholder={`Search ${inSentence(def.label)}`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment>, endAdornment: <InputAdornment position="end"><kbd aria-hidden>/</kbd></InputAdornment> },
            htmlInput: { 'aria-label': `Search ${inSentence(def.label)}`, 'aria-keyshortcuts': '/' },
          }}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        {def.hasActive !== false ? (
          <ToggleButtonGroup size="small" exclusive value={state.active} aria-label="Show" onChange={(_event, active: ActiveFilter | null) => active && setState({ active, page: 1 })}>
            <ToggleButton value="true">Active</ToggleButton>
            <ToggleButton value="false">Inactive</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
        ) : null}
        <Badge badgeContent={activeFilters} color="primary">
          <Button startIcon={<FilterList />} onClick={() => setFilterOpen(true)}>
            Filters
          </Button>
        </Badge>
        <SortMenu value={state.sort} custom={customSort} fields={sortable} onChange={(sort) => setState({ sort: sort || def.defaultSort.join(','), page: 1 })} />
        <ViewsMenu resource={def.name} views={views.data ?? []} activeId={state.view} state={toViewState(state)} onOpen={openView} onReset={() => setSearch(new URLSearchParams())} />
        <Box sx={{ flexGrow: 1 }} />
        <ExportMenu resource={def.name} params={params} columns={shown} total={total} totalExact={totalExact} />
        {canCreate && !def.readOnly ? (
          <Button startIcon={<FileUploadOutlined />} onClick={() => setImportOpen(true)}>
            Import
          </Button>
        ) : null}
        {canCreate && !def.readOnly ? (
          <Button variant="contained" startIcon={<Add />} onClick={onCreate} aria-keyshortcuts="n">
            New {inSentence(def.singular)}
          </Button>
        ) : null}
      </Stack>
      {state.where || fixedNode || (customSort && sortTerms.length > 1) ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {fixedNode ? <Chip variant="outlined" label={`Only ${describeFilter(def, fixedNode)}`} aria-label="Fixed filter" sx={{ maxWidth: '100%' }} /> : null}
          {state.where ? <Chip label={describeFilter(def, state.where, filterNames)} onClick={() => setFilterOpen(true)} onDelete={() => setState({ where: null, page: 1 })} sx={{ maxWidth: '100%' }} /> : null}
          {customSort && sortTerms.length > 1 ? (
            <Chip
              label={`Sorted by ${sortTerms.map((term) => `${sortLabels.get(term.field) ?? term.field} ${term.desc ? '↓' : '↑'}`).join(', then ')}`}
              onDelete={() => setState({ sort: def.defaultSort.join(','), page: 1 })}
              sx={{ maxWidth: '100%' }}
            />
          ) : null}
        </Stack>
      ) : null}
      {selectedIds.length > 0 || allMatching ? (
        <BulkBar
          def={def}
          selected={selectedIds}
          allMatching={allMatching}
          total={total}
          totalExact={totalExact}
          pageCount={rows.length}
          filter={{ where: effectiveWhere(state.where, fixedFilter), q: state.q, active: state.active }}
          params={params}
          columns={shown}
          canUpdate={canUpdate}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={clearSelection}
        />
      ) : null}
      {failure ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {failure.errors.length > 0 ? failure.errors.map((item) => `${def.fields[item.field]?.label ?? item.field}: ${item.message}`).join(' ') : `The list could not be loaded. ${failure.message}`}
        </Alert>
      ) : null}
      <Box sx={{ width: '100%', minWidth: 0 }} onClickCapture={noteHeaderClick} onKeyDownCapture={noteHeaderClick} onMouseDownCapture={keepSelection}>
        <DataGrid<RecordRow>
          aria-label={def.label}
          rows={rows}
          columns={columns}
          // Beyond the server's count cap the total is unknown: the pager says "more than 1,000".
          rowCount={totalExact ? total : -1}
          paginationMeta={paginationMeta}
          localeText={localeText}
          loading={isLoading || isFetching || (!answered && !error)}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={{ page: state.page - 1, pageSize: state.pageSize }}
          onPaginationModelChange={(model) => setState({ page: model.page + 1, pageSize: model.pageSize })}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            const clicked = headerClick.current;
            headerClick.current = { shift: false, field: null };
            if (clicked.shift && clicked.field) {
              setState({ sort: shiftSort(state.sort, clicked.field) || def.defaultSort.join(','), page: 1 });
              return;
            }
            const [first] = model;
            setState({ sort: first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : def.defaultSort.join(','), page: 1 });
          }}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(model) => setState({ columns: allColumns.map(([name]) => name).filter((name) => model[name] !== false) }, { replace: true })}
          onColumnWidthChange={(params) => setState({ widths: { ...state.widths, [params.colDef.field]: Math.round(params.width) } }, { replace: true })}
          density={state.density}
          onDensityChange={(density) => setState({ density }, { replace: true })}
          checkboxSelection={!phone}
          disableRowSelectionOnClick
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={(model) => {
            setSelection(model);
            setAllMatching(false);
          }}
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
          slots={{
            noRowsOverlay: () => (
              <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }} spacing={1}>
                <Typography>{filtered ? `No ${inSentence(def.label)} match this search or filter.` : `No ${inSentence(def.label)} yet.`}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {filtered ? 'Change or clear the filters to see more.' : canCreate && !def.readOnly ? `Create the first one, or import a CSV file.` : 'Nothing has been recorded here yet.'}
                </Typography>
                {filtered ? (
                  <Button size="small" onClick={() => setSearch(new URLSearchParams())}>
                    Clear filters
                  </Button>
                ) : null}
              </Stack>
            ),
          }}
        />
      </Box>
      {filterOpen ? (
        <FilterBuilder
          def={def}
          open
          value={state.where}
          onApply={(where) => {
            setFilterOpen(false);
            clearSelection();
            setState({ where, page: 1 });
          }}
          onClose={() => setFilterOpen(false)}
        />
      ) : null}
      <ImportDialog def={def} open={importOpen} canUpdate={canUpdate} onClose={() => setImportOpen(false)} />
    </Stack>
  );
}
