import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { optionLabelOf, type FieldDef } from '../model/index.js';
import { CURRENCY } from '../model/display.js';
import { DateInput } from './DateInput.js';
import { PhoneInput } from './PhoneInput.js';
import { ReferencePicker, type PickerOption } from './ReferencePicker.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FieldInputProps = {
  name: string;
  field: FieldDef;
  value: unknown;
  labels?: string | string[] | null | undefined;
  error?: string | undefined;
  /** Extra text under the input (e.g. a link to a clashing record). */
  note?: ReactNode;
  disabled?: boolean | undefined;
  /** In a table cell: no floating label (the column header shows it); the label names the input for assistive tech. */
  bare?: boolean | undefined;
  /** The resource whose form this is: a reference with `pickWhere` or `pickMatch` offers only the records it may take. */
  owner?: string | undefined;
  /** For a reference with `pickMatch`: the form's value of the field it matches (the chosen project). */
  matchValue?: unknown;
  onChange: (value: unknown, labels?: string | string[] | null) => void;
  onBlur: () => void;
  onCreateReference?: ((text: string) => Promise<PickerOption | null>) | undefined;
};

const inputType = (field: FieldDef) => {
  switch (field.kind) {
    case 'email':
      return 'email';
    case 'phone':
      return 'tel';
    case 'url':
      return 'url';
    case 'color':
      return 'color';
    default:
      return 'text';
  }
};

const inputMode = (field: FieldDef) => (field.kind === 'integer' ? 'numeric' : field.kind === 'decimal' || field.kind === 'money' || field.kind === 'percent' ? 'decimal' : undefined);

/** One field of a form, chosen by its kind, with the floating label, required mark and error. */
export function FieldInput({ name, field, value, labels, error, note, disabled, bare, owner, matchValue, onChange, onBlur, onCreateReference }: FieldInputProps) {
  const t = useT(recordsCatalog);
  const locked = disabled || field.readOnly;
  // An error and its note show together: "Already used by X · Open the record that uses it".
  const help = error ? note ? <>{error} · {note}</> : error : bare ? undefined : (note ?? field.help);
  if (field.kind === 'boolean') {
    return (
      <Box>
        <FormControlLabel
          control={<Checkbox id={`field-${name}`} name={name} checked={value === true} disabled={locked} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} />}
          label={field.label}
        />
        {help ? <FormHelperText error={Boolean(error)}>{help}</FormHelperText> : null}
      </Box>
    );
  }
  if (field.kind === 'reference' || field.kind === 'references') {
    return (
      <ReferencePicker
        resource={field.ref!}
        pickFor={(field.pickWhere || field.pickMatch) && owner ? `${owner}.${name}` : undefined}
        match={field.pickMatch && typeof matchValue === 'string' && matchValue !== '' ? `${field.pickMatch.field}:${matchValue}` : undefined}
        name={name}
        label={field.label}
        multiple={field.kind === 'references'}
        value={(value as string | string[] | null) ?? (field.kind === 'references' ? [] : null)}
        valueLabels={labels ?? null}
        required={field.required}
        disabled={locked}
        error={error}
        help={typeof note === 'string' ? note : field.help}
        onCreate={onCreateReference}
        onChange={(next, nextLabels) => onChange(next, nextLabels)}
        onBlur={onBlur}
      />
    );
  }
  if (field.kind === 'phone' && field.e164 && !bare) {
    return (
      <PhoneInput
        name={name}
        label={field.label}
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        disabled={locked}
        error={error}
        help={help}
        onChange={(next) => onChange(next)}
        onBlur={onBlur}
      />
    );
  }
  const common = {
    id: `field-${name}`,
    name,
    label: bare ? undefined : field.label,
    required: field.required,
    disabled: locked,
    error: Boolean(error),
    helperText: help,
    fullWidth: true,
    size: 'small' as const,
    onBlur,
  };
  const lock = locked
    ? { endAdornment: <InputAdornment position="end"><LockOutlined fontSize="small" titleAccess={t('fieldLocked')} /></InputAdornment> }
    : {};
  if (field.kind === 'enum') {
    return (
      <TextField {...common} select value={(value as string | null) ?? ''} onChange={(event) => onChange(event.target.value)} slotProps={{ input: lock }}>
        {!field.required ? <MenuItem value="">—</MenuItem> : null}
        {(field.options ?? []).map((option) => (
          <MenuItem key={option} value={option}>
            {optionLabelOf(field, option)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'date' || field.kind === 'datetime') {
    return (
      <DateInput
        id={common.id}
        name={name}
        label={field.label}
        value={value}
        withTime={field.kind === 'datetime'}
        required={field.required}
        disabled={locked}
        error={Boolean(error)}
        helperText={help}
        onChange={(next) => onChange(next)}
        onBlur={onBlur}
      />
    );
  }
  const adornment =
    field.kind === 'percent'
      ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
      : field.kind === 'money'
        ? { endAdornment: <InputAdornment position="end">{CURRENCY}</InputAdornment> }
        : {};
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <TextField
      {...common}
      type={inputType(field)}
      value={text}
      multiline={field.kind === 'longtext' || field.kind === 'json'}
      minRows={field.kind === 'longtext' || field.kind === 'json' ? 3 : undefined}
      onChange={(event) => {
        const next = event.target.value;
        if (field.kind === 'json') {
          try {
            onChange(next.trim() === '' ? null : JSON.parse(next));
          } catch {
            onChange(next);
          }
        } else onChange(next);
      }}
      slotProps={{
        input: { ...adornment, ...lock },
        htmlInput: { inputMode: inputMode(field), maxLength: field.maxLength, ...(bare ? { 'aria-label': field.label } : {}), ...(field.emptyText ? { placeholder: field.emptyText } : {}) },
        inputLabel: field.kind === 'color' ? { shrink: true } : undefined,
      }}
    />
  );
}
