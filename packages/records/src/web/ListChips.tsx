import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FilterNode, ResourceDef } from '../model/index.js';
import { useT } from '@propdesk/i18n/react';
import { describeFilter } from './filterText.js';
import { recordsCatalog } from './i18n/catalog.js';
import { useFormat } from './i18n/valueFormat.js';
import { parseSortTerms, type ListState } from './listState.js';
import type { SetListState } from './useListUrlState.js';

export type ListChipsProps = {
  def: ResourceDef;
  state: ListState;
  setState: SetListState;
  /** The screen's own filter, shown and not removable. */
  fixedNode: FilterNode | null;
  /** Names of the records the filter's references point at. */
  filterNames: ReadonlyMap<string, string>;
  sortLabels: ReadonlyMap<string, string>;
  customSort: boolean;
  onEditFilter: () => void;
};

/** Under the toolbar: the screen's fixed filter, the user's filter and a sort on more than one key. */
export function ListChips({ def, state, setState, fixedNode, filterNames, sortLabels, customSort, onEditFilter }: ListChipsProps) {
  const t = useT(recordsCatalog);
  const format = useFormat();
  const words = { t, format };
  const sortTerms = parseSortTerms(state.sort);
  if (!(state.where || fixedNode || (customSort && sortTerms.length > 1))) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {fixedNode ? <Chip variant="outlined" label={t('onlyFilter', { filter: describeFilter(def, fixedNode, undefined, words) })} aria-label={t('fixedFilter')} sx={{ maxWidth: '100%' }} /> : null}
      {state.where ? <Chip label={describeFilter(def, state.where, filterNames, words)} onClick={onEditFilter} onDelete={() => setState({ where: null, page: 1 })} sx={{ maxWidth: '100%' }} /> : null}
      {customSort && sortTerms.length > 1 ? (
        <Chip
          label={t('sortedBy', { terms: sortTerms.map((term) => `${sortLabels.get(term.field) ?? term.field} ${term.desc ? '↓' : '↑'}`).join(t('sortedThen')) })}
          onDelete={() => setState({ sort: def.defaultSort.join(','), page: 1 })}
          sx={{ maxWidth: '100%' }}
        />
      ) : null}
    </Stack>
  );
}
