import type { ShellKey } from '../i18n/en.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useDispatch, useSelector } from 'react-redux';
import {
  debounce,
  filterChanged,
  selectNotificationFilter,
  type NotificationSortBy,
  type NotificationSortOrder,
} from '@propdesk/notifications-core/web';

/** The four orders of spec section 2: by date or title, ascending or descending. */
export const SORT_OPTIONS = [
  { value: 'date-desc', label: 'notificationsSortDateDesc' },
  { value: 'date-asc', label: 'notificationsSortDateAsc' },
  { value: 'title-asc', label: 'notificationsSortTitleAsc' },
  { value: 'title-desc', label: 'notificationsSortTitleDesc' },
] as const satisfies readonly { value: string; label: ShellKey }[];

type SortValue = (typeof SORT_OPTIONS)[number]['value'];

function parseSort(value: string): { sortBy: NotificationSortBy; sortOrder: NotificationSortOrder } {
  const [sortBy, sortOrder] = value.split('-');
  return { sortBy: sortBy === 'title' ? 'title' : 'date', sortOrder: sortOrder === 'asc' ? 'asc' : 'desc' };
}

/** Search (applied after 300 ms without typing), the unread-only switch and the sort order. */
export function NotificationFilters() {
  const t = useT(shellCatalog);
  const filter = useSelector(selectNotificationFilter);
  const dispatch = useDispatch();
  const [search, setSearch] = useState(filter.searchQuery);
  const applySearch = useMemo(() => debounce((searchQuery: string) => dispatch(filterChanged({ searchQuery }))), [dispatch]);
  // A search typed just before the panel closes still applies; nothing fires after unmount.
  useEffect(() => () => applySearch.flush(), [applySearch]);

  const handleSearch = (event: ChangeEvent<HTMLInputElement>) => {
    setSearch(event.target.value);
    applySearch(event.target.value);
  };
  const handleUnreadOnly = (event: ChangeEvent<HTMLInputElement>) =>
    dispatch(filterChanged({ showUnreadOnly: event.target.checked }));
  const handleSort = (event: ChangeEvent<HTMLInputElement>) => dispatch(filterChanged(parseSort(event.target.value)));
  const sortValue: SortValue = `${filter.sortBy}-${filter.sortOrder}`;

  return (
    <Box sx={{ px: 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        size="small"
        type="search"
        label={t('notificationsSearch')}
        value={search}
        onChange={handleSearch}
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch size="small" checked={filter.showUnreadOnly} onChange={handleUnreadOnly} />}
          label={t('notificationsUnreadOnly')}
          sx={{ mr: 'auto', '& .MuiFormControlLabel-label': { fontSize: 14 } }}
        />
        <TextField select size="small" label={t('notificationsSort')} value={sortValue} onChange={handleSort} sx={{ minWidth: 150 }}>
          {SORT_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {t(option.label)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
