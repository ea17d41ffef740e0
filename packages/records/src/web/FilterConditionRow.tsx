import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { filterField, opsFor, type FieldDef, type FilterCondition, type FilterOp, type ResourceDef } from '../model/index.js';
import { FilterValueInput } from './FilterValueInput.js';
import type { FilterPath, UpdateFilterNode } from './useFilterDraft.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FilterConditionRowProps = {
  def: ResourceDef;
  /** The fields a condition may name: name and definition. */
  fields: readonly (readonly [string, FieldDef])[];
  condition: FilterCondition;
  path: FilterPath;
  update: UpdateFilterNode;
};

/** One condition: its field, how it compares, the value, and a button to remove it. */
export function FilterConditionRow({ def, fields, condition, path, update }: FilterConditionRowProps) {
  const t = useT(recordsCatalog);
  const field = filterField(def, condition.field);
  const ops = field ? opsFor(field.kind) : (['eq'] as FilterOp[]);
  const needsValue = condition.op !== 'empty' && condition.op !== 'notEmpty';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('field')}
        value={condition.field}
        sx={{ minWidth: 170 }}
        onChange={(event) => {
          const next = filterField(def, event.target.value);
          update(path, () => ({ field: event.target.value, op: next ? opsFor(next.kind)[0]! : 'eq', value: '' }));
        }}
      >
        {fields.map(([name, spec]) => (
          <MenuItem key={name} value={name}>
            {spec.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('condition')} value={condition.op} sx={{ minWidth: 150 }} onChange={(event) => update(path, (node) => ({ ...(node as FilterCondition), op: event.target.value as FilterOp }))}>
        {ops.map((op) => (
          <MenuItem key={op} value={op}>
            {t(`op_${op}`)}
          </MenuItem>
        ))}
      </TextField>
      {needsValue && field ? (
        <FilterValueInput field={field} condition={condition} path={path} onChange={(value) => update(path, (node) => ({ ...(node as FilterCondition), value }))} />
      ) : (
        <Box sx={{ flexGrow: 1 }} />
      )}
      <IconButton aria-label={t('removeCondition')} onClick={() => update(path, () => null)}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}
