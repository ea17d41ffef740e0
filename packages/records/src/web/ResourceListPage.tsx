import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ResourceDef, SavedView } from '../model/index.js';
import { BulkBar } from './BulkBar.js';
import { FilterBuilder } from './FilterBuilder.js';
import { ImportDialog } from './ImportDialog.js';
import { ListChips } from './ListChips.js';
import { ListGrid } from './ListGrid.js';
import { defaultListState, effectiveWhere, fixedFilterNode, fromViewState, writeListState, type FixedFilter } from './listState.js';
import { ListToolbar } from './ListToolbar.js';
import { useListColumns } from './useListColumns.js';
import { useListData } from './useListData.js';
import { useListSelection } from './useListSelection.js';
import { useListShortcuts } from './useListShortcuts.js';
import { useListUrlState } from './useListUrlState.js';
import { useReferenceLabels } from './useReferenceLabels.js';
import { useSearchQuery } from './useSearchQuery.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

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

/** Every list of the product: server paging, sorting and filtering, with its whole state in the URL. */
export function ResourceListPage({ def, canCreate, canUpdate, onOpen, onCreate, header, fixedFilter }: ResourceListPageProps) {
  const t = useT(recordsCatalog);
  const { state, setState, setSearch, views } = useListUrlState(def);
  const [query, setQuery] = useSearchQuery(state, setState);
  const [filterOpen, setFilterOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(max-width:599.95px)');
  const mayCreate = canCreate && !def.readOnly;
  useListShortcuts(searchInput, mayCreate, onCreate);

  const filterNames = useReferenceLabels(def, state.where);
  const fixedNode = useMemo(() => fixedFilterNode(fixedFilter), [fixedFilter]);
  const { params, rows, reservedHeight, total, totalExact, answered, loading, failure, refetch } = useListData(def, state, fixedFilter);
  const { columns, columnNames, shown, visibility, sortable } = useListColumns(def, rows, state, phone);
  const { selection, selectedIds, allMatching, selectAllMatching, changeSelection, clearSelection } = useListSelection(rows);

  const customSort = state.sort !== def.defaultSort.join(',');
  const filtered = Boolean(state.where || state.q.trim() || state.active !== defaultListState(def).active);

  const resetList = () => setSearch(new URLSearchParams());
  const openView = (view: SavedView) => {
    clearSelection();
    setSearch(writeListState(def, fromViewState(def, view)));
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      {header}
      <ListToolbar
        def={def}
        state={state}
        setState={setState}
        searchInput={searchInput}
        query={query}
        onQueryChange={setQuery}
        sortable={sortable}
        customSort={customSort}
        views={views.data ?? []}
        onOpenView={openView}
        onReset={resetList}
        exportParams={params}
        shown={shown}
        total={total}
        totalExact={totalExact}
        mayCreate={mayCreate}
        onFilter={() => setFilterOpen(true)}
        onImport={() => setImportOpen(true)}
        onCreate={onCreate}
      />
      <ListChips def={def} state={state} setState={setState} fixedNode={fixedNode} filterNames={filterNames} sortLabels={new Map(sortable)} customSort={customSort} onEditFilter={() => setFilterOpen(true)} />
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
          onSelectAllMatching={selectAllMatching}
          onClear={clearSelection}
        />
      ) : null}
      {failure ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('tryAgain')}</Button>}>
          {failure.errors.length > 0 ? failure.errors.map((item) => `${def.fields[item.field]?.label ?? item.field}: ${item.message}`).join(' ') : t('listFailed', { message: failure.message })}
        </Alert>
      ) : null}
      <ListGrid
        def={def}
        state={state}
        setState={setState}
        rows={rows}
        columns={columns}
        columnNames={columnNames}
        visibility={visibility}
        total={total}
        totalExact={totalExact}
        answered={answered}
        loading={loading}
        reservedHeight={reservedHeight}
        phone={phone}
        selection={selection}
        onSelectionChange={changeSelection}
        filtered={filtered}
        mayCreate={mayCreate}
        onClearFilters={resetList}
        onOpen={onOpen}
      />
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
