import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { optionLabelOf, type FieldDef, type FilterCondition } from '../model/index.js';
import { DateInput } from './DateInput.js';
import { ReferencePicker } from './ReferencePicker.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FilterValueInputProps = {
  field: FieldDef;
  condition: FilterCondition;
  /** The condition's place in the filter, for its inputs' names ("filter-0-1"). */
  path: readonly number[];
  onChange: (value: unknown) => void;
};

/** The value a condition compares with, in the input of its field's kind. */
export function FilterValueInput({ field, condition, path, onChange }: FilterValueInputProps) {
  const t = useT(recordsCatalog);
  return (
    <Box sx={{ flexGrow: 1, minWidth: 180 }}>
      {field.kind === 'reference' || field.kind === 'references' ? (
        <ReferencePicker
          resource={field.ref!}
          name={`filter-${path.join('-')}`}
          label={t('value')}
          multiple={condition.op === 'in'}
          value={(condition.value as string | string[] | null) ?? (condition.op === 'in' ? [] : null)}
          onChange={(next) => onChange(next)}
        />
      ) : field.kind === 'enum' || field.kind === 'boolean' ? (
        <TextField select fullWidth size="small" label={t('value')} value={String(condition.value ?? '')} onChange={(event) => onChange(event.target.value)}>
          {(field.kind === 'boolean' ? ['true', 'false'] : (field.options ?? [])).map((option) => (
            <MenuItem key={option} value={option}>
              {field.kind === 'boolean' ? (option === 'true' ? t('yes') : t('no')) : optionLabelOf(field, option)}
            </MenuItem>
          ))}
        </TextField>
      ) : (field.kind === 'date' || field.kind === 'datetime') && condition.op !== 'in' ? (
        <DateInput
          id={`filter-${path.join('-')}-value`}
          name={`filter-${path.join('-')}`}
          label={t('value')}
          value={condition.value}
          withTime={field.kind === 'datetime'}
          onChange={(next) => onChange(next)}
          onBlur={() => undefined}
        />
      ) : (
        <TextField fullWidth size="small" label={condition.op === 'in' ? t('values') : t('value')} value={String(condition.value ?? '')} onChange={(event) => onChange(event.target.value)} />
      )}
    </Box>
  );
}
