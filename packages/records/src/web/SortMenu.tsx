import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import SwapVert from '@mui/icons-material/SwapVert';
import { SORT_TERMS_MAX, parseSortTerms, writeSortTerms, type SortItem } from './listState.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type SortMenuProps = {
  /** The list's `sort` parameter (`-basePrice,code`). */
  value: string;
  /** The sort differs from the list's default (the button then shows how many keys). */
  custom: boolean;
  /** Sortable columns: name and label. */
  fields: readonly (readonly [string, string])[];
  onChange: (sort: string) => void;
};

/**
 * Sorting by several columns: the keys in order, each ascending or descending, added, turned and
 * removed here (or by shift-clicking column headers). The grid's header arrow shows the first key.
 */
export function SortMenu({ value, custom, fields, onChange }: SortMenuProps) {
  const t = useT(recordsCatalog);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const terms = parseSortTerms(value);
  const labels = new Map(fields);
  const change = (next: SortItem[]) => onChange(writeSortTerms(next));
  const remaining = fields.filter(([name]) => !terms.some((term) => term.field === name));
  const summary = terms.map((term) => `${labels.get(term.field) ?? term.field} ${term.desc ? '↓' : '↑'}`).join(', ');
  return (
    <>
      <Badge badgeContent={custom ? terms.length : 0} color="primary">
        <Button startIcon={<SwapVert />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="dialog" title={summary ? t('sortedByTitle', { summary }) : undefined}>
          {t('sort')}
        </Button>
      </Badge>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack spacing={1.5} sx={{ p: 2, width: { xs: 300, sm: 380 } }} role="dialog" aria-label={t('sortBy')}>
          <Typography variant="subtitle2">{t('sortBy')}</Typography>
          {terms.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('defaultOrder')}
            </Typography>
          ) : null}
          {terms.map((term, index) => (
            <Stack key={term.field} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary" sx={{ width: 48 }}>
                {index === 0 ? t('first') : t('then')}
              </Typography>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {labels.get(term.field) ?? term.field}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={term.desc ? 'desc' : 'asc'}
                aria-label={t('sortDirection', { field: labels.get(term.field) ?? term.field })}
                onChange={(_event, direction: 'asc' | 'desc' | null) => {
                  if (direction) change(terms.map((item) => (item.field === term.field ? { ...item, desc: direction === 'desc' } : item)));
                }}
              >
                <ToggleButton value="asc" aria-label={t('sortAscending')}>
                  <ArrowUpward fontSize="small" />
                </ToggleButton>
                <ToggleButton value="desc" aria-label={t('sortDescending')}>
                  <ArrowDownward fontSize="small" />
                </ToggleButton>
              </ToggleButtonGroup>
              <IconButton size="small" aria-label={t('stopSorting', { field: labels.get(term.field) ?? term.field })} onClick={() => change(terms.filter((item) => item.field !== term.field))}>
                <Close fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          {terms.length < SORT_TERMS_MAX && remaining.length > 0 ? (
            <TextField
              select
              size="small"
              label={terms.length === 0 ? t('sortBy') : t('thenBy')}
              value=""
              onChange={(event) => change([...terms, { field: event.target.value, desc: false }])}
            >
              {remaining.map(([name, label]) => (
                <MenuItem key={name} value={name}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('sortTip')}
          </Typography>
        </Stack>
      </Popover>
    </>
  );
}
