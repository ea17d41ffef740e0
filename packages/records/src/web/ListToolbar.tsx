import type { RefObject } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Search from '@mui/icons-material/Search';
import type { ResourceDef, SavedView } from '../model/index.js';
import { ExportMenu } from './ExportMenu.js';
import { countConditions } from './FilterBuilder.js';
import { toViewState, type ActiveFilter, type ListState } from './listState.js';
import { inSentence } from './nouns.js';
import { SortMenu } from './SortMenu.js';
import type { SetListState } from './useListUrlState.js';
import { ViewsMenu } from './ViewsMenu.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ListToolbarProps = {
  def: ResourceDef;
  state: ListState;
  setState: SetListState;
  searchInput: RefObject<HTMLInputElement | null>;
  query: string;
  onQueryChange: (query: string) => void;
  sortable: readonly (readonly [string, string])[];
  customSort: boolean;
  views: readonly SavedView[];
  onOpenView: (view: SavedView) => void;
  onReset: () => void;
  exportParams: Record<string, string>;
  shown: readonly string[];
  total: number;
  totalExact: boolean;
  mayCreate: boolean;
  onFilter: () => void;
  onImport: () => void;
  onCreate: () => void;
};

/** Above the list: search, active/inactive, filters, sort, views, export, import and "New". */
export function ListToolbar({ def, state, setState, searchInput, query, onQueryChange, sortable, customSort, views, onOpenView, onReset, exportParams, shown, total, totalExact, mayCreate, onFilter, onImport, onCreate }: ListToolbarProps) {
  const t = useT(recordsCatalog);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        inputRef={searchInput}
        size="small"
        placeholder={t('search', { label: inSentence(def.label) })}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment>, endAdornment: <InputAdornment position="end"><kbd aria-hidden>/</kbd></InputAdornment> },
          htmlInput: { 'aria-label': t('search', { label: inSentence(def.label) }), 'aria-keyshortcuts': '/' },
        }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      />
      {def.hasActive !== false ? (
        <ToggleButtonGroup size="small" exclusive value={state.active} aria-label={t('show')} onChange={(_event, active: ActiveFilter | null) => active && setState({ active, page: 1 })}>
          <ToggleButton value="true">{t('active')}</ToggleButton>
          <ToggleButton value="false">{t('inactive')}</ToggleButton>
          <ToggleButton value="all">{t('all')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      <Badge badgeContent={countConditions(state.where)} color="primary">
        <Button startIcon={<FilterList />} onClick={onFilter}>
          {t('filters')}
        </Button>
      </Badge>
      <SortMenu value={state.sort} custom={customSort} fields={sortable} onChange={(sort) => setState({ sort: sort || def.defaultSort.join(','), page: 1 })} />
      <ViewsMenu resource={def.name} views={views} activeId={state.view} state={toViewState(state)} onOpen={onOpenView} onReset={onReset} />
      <Box sx={{ flexGrow: 1 }} />
      <ExportMenu resource={def.name} params={exportParams} columns={shown} total={total} totalExact={totalExact} />
      {mayCreate ? (
        <Button startIcon={<FileUploadOutlined />} onClick={onImport}>
          {t('import')}
        </Button>
      ) : null}
      {mayCreate ? (
        <Button variant="contained" startIcon={<Add />} onClick={onCreate} aria-keyshortcuts="n">
          {t('newRecord', { singular: inSentence(def.singular) })}
        </Button>
      ) : null}
    </Stack>
  );
}
