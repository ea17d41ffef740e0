import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { Assignee } from '../../model/assignees.js';
import { useLeadAssigneesQuery } from './assigneesApi.web.js';
import { useT } from '@propdesk/i18n/react';
import { salesCatalog } from '../../web/i18n/catalog.js';

export type AssigneePickerProps = {
  /** The lead being assigned; its sales team limits a team manager's choice. Leave out for a new lead. */
  leadId?: string | null;
  /** The chosen user's id, or `null` for none. */
  value: string | null;
  /** Called with the chosen user (and their id), or `null` when cleared. */
  onChange: (userId: string | null, assignee: Assignee | null) => void;
  label?: string;
  /** A server field error (e.g. the 422's message on `userId` or `assignTo`). */
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Shown when `value` is not among the loaded options (e.g. the current owner's name). */
  valueLabel?: string | null;
  /** A user not offered (the lead's current owner: giving them the lead again changes nothing). */
  exclude?: string | null;
};

const DEBOUNCE_MS = 250;
const optionLabel = (option: Assignee) => (option.team ? `${option.name} · ${option.team.name}` : option.name);

/**
 * "Assign to" (issue 19): offers only the users who can own the lead and whom the caller may
 * choose (`GET /api/leads/assignees`): active, with the lead privileges of an agent, and for a
 * team manager in the lead's team. Searches by name or username as the user types.
 */
export function AssigneePicker({ leadId = null, value, onChange, label: givenLabel, error = null, helperText, disabled = false, size = 'small', valueLabel = null, exclude = null }: AssigneePickerProps) {
  const t = useT(salesCatalog);
  const label = givenLabel ?? t('lead.assignTo');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { data: listed = [], isFetching, isError } = useLeadAssigneesQuery({ lead: leadId, q: search }, { skip: disabled });
  const data = exclude ? listed.filter((option) => option.id !== exclude) : listed;
  const chosen = data.find((option) => option.id === value) ?? (value ? { id: value, username: '', name: valueLabel ?? value, team: null } : null);
  return (
    <Autocomplete<Assignee, false, false, false>
      options={data}
      value={chosen}
      disabled={disabled}
      size={size}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={optionLabel}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={isError ? t('lead.listFailed') : t('lead.nobody')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_event, option) => {
        setInput('');
        onChange(option?.id ?? null, option);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress color="inherit" size={18} aria-label={t('lead.loadingUsers')} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
