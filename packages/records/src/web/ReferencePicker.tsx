import { useEffect, useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '@propdesk/i18n/react';
import { useReferenceCalls } from './api.js';
import { recordsCatalog } from './i18n/catalog.js';

/** An option as the server names it (its label and the detail that tells it from its twins), or the inline-create offer. */
export type PickerOption = { id: string; label: string; detail?: string; create?: string };

export type ReferencePickerProps = {
  resource: string;
  /** `resource.field` of a reference that takes only some records (`pickWhere`, `pickMatch`): the server offers only those. */
  pickFor?: string | undefined;
  /**
   * The form's value a `pickMatch` narrows by, as `field:id` (`project:<id>`): only records that fit it are
   * offered, and a value chosen before that no longer fits is cleared when it changes.
   */
  match?: string | undefined;
  label: string;
  value: string | string[] | null;
  /** Labels of the current value, so it shows before any search. */
  valueLabels?: string | string[] | null;
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  help?: string | undefined;
  name: string;
  /** Offered when nothing matches and the user may create the referenced record. */
  onCreate?: ((text: string) => Promise<PickerOption | null>) | undefined;
  onChange: (value: string | string[] | null, labels: string | string[] | null) => void;
  onBlur?: () => void;
};

const SEARCH_DELAY_MS = 250;

/** Searches the server as the user types (active records only); can create the missing item inline. */
export function ReferencePicker({ resource, pickFor, match, label, value, valueLabels, multiple = false, required, disabled, error, help, name, onCreate, onChange, onBlur }: ReferencePickerProps) {
  const t = useT(recordsCatalog);
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const { options: askOptions } = useReferenceCalls();

  // The text typed, asked 250 ms after the last key; a search typed past is aborted, so its answer never shows.
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      askOptions({ resource, q: input, pickFor, match }, controller.signal)
        .then((found) => setOptions(found))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, input, resource, pickFor, match, askOptions]);

  // The form's other field changed (another project): a value that no longer fits it is cleared.
  const matched = useRef(match);
  const current = useRef({ value, onChange });
  current.current = { value, onChange };
  useEffect(() => {
    if (matched.current === match) return undefined;
    matched.current = match;
    const chosen = current.current.value;
    const ids = Array.isArray(chosen) ? chosen : typeof chosen === 'string' && chosen !== '' ? [chosen] : [];
    if (!match || ids.length === 0) return undefined;
    const controller = new AbortController();
    askOptions({ resource, ids: ids.join(','), pickFor, match }, controller.signal)
      .then((fitting) => {
        const fits = ids.filter((id) => fitting.some((option) => option.id === id));
        if (fits.length === ids.length) return;
        if (Array.isArray(chosen)) current.current.onChange(fits, fits.map((id) => fitting.find((option) => option.id === id)?.label ?? ''));
        else current.current.onChange(null, null);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [match, pickFor, resource, askOptions]);

  // A value given without its name (a link's `?lead=id`) is named by the server, never shown as "…".
  const [named, setNamed] = useState<PickerOption[]>([]);
  const unnamed = useMemo(() => {
    const ids = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value !== '' ? [value] : [];
    const labels = multiple ? (Array.isArray(valueLabels) ? valueLabels : []) : typeof valueLabels === 'string' ? [valueLabels] : [];
    return ids.filter((id, index) => !labels[index] && !named.some((option) => option.id === id)).join(',');
  }, [multiple, value, valueLabels, named]);
  useEffect(() => {
    if (!unnamed) return undefined;
    const controller = new AbortController();
    askOptions({ resource, ids: unnamed }, controller.signal)
      .then((found) => setNamed((current) => [...current, ...found]))
      .catch(() => undefined);
    return () => controller.abort();
  }, [resource, unnamed, askOptions]);

  const selected = useMemo<PickerOption | PickerOption[] | null>(() => {
    const known = (id: string) => options.find((option) => option.id === id) ?? named.find((option) => option.id === id);
    if (multiple) {
      const ids = Array.isArray(value) ? value : [];
      const labels = Array.isArray(valueLabels) ? valueLabels : [];
      return ids.map((id, index) => known(id) ?? { id, label: labels[index] ?? '…' });
    }
    if (typeof value !== 'string' || value === '') return null;
    return known(value) ?? { id: value, label: typeof valueLabels === 'string' ? valueLabels : '…' };
  }, [multiple, value, valueLabels, options, named]);

  // What tells the chosen record from its twins ("Palm Hills · Block A"), under the input once chosen.
  const chosenDetail = !multiple && selected && !Array.isArray(selected) ? selected.detail : undefined;

  const handleChange = async (_event: unknown, next: PickerOption | PickerOption[] | string | null | (PickerOption | string)[]) => {
    const list = Array.isArray(next) ? next : next === null ? [] : [next];
    const resolved: PickerOption[] = [];
    for (const item of list) {
      if (typeof item === 'string') continue;
      if (item.create !== undefined && onCreate) {
        const created = await onCreate(item.create);
        if (created) resolved.push(created);
      } else resolved.push(item);
    }
    if (multiple) onChange(resolved.map((item) => item.id), resolved.map((item) => item.label));
    else onChange(resolved[0]?.id ?? null, resolved[0]?.label ?? null);
  };

  return (
    <Autocomplete<PickerOption, boolean, false, false>
      multiple={multiple}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={loading}
      // MUI's own words of the list and its buttons, in the page's language (English: MUI's defaults, the same words).
      noOptionsText={t('pickerNoOptions')}
      loadingText={t('loading')}
      clearText={t('pickerClear')}
      openText={t('pickerOpen')}
      closeText={t('pickerClose')}
      value={selected as never}
      disabled={disabled}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      // Twins share a label (A-0402 in three projects): the id keys them, the detail tells them apart.
      getOptionKey={(option) => option.id}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{option.label}</Typography>
            {option.detail ? (
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {option.detail}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      // The server already matched the text (by name or code); only the inline-create offer is added here.
      filterOptions={(all, state) => {
        const filtered = [...all];
        const text = state.inputValue.trim();
        if (onCreate && text && !loading && !all.some((option) => option.label.toLowerCase() === text.toLowerCase())) {
          filtered.push({ id: `create:${text}`, label: t('pickerCreate', { text }), create: text });
        }
        return filtered;
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(event, next) => void handleChange(event, next)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} name={name} id={`field-${name}`} label={label} required={required} error={Boolean(error)} helperText={error ?? chosenDetail ?? help} size="small" fullWidth />
      )}
    />
  );
}
