import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { filterField, isFilterable, isGroup, opsFor, validateFilter, FilterError, type FilterCondition, type FilterGroup, type FilterNode, type FilterOp, type ResourceDef } from '../model/index.js';
import { DateInput } from './DateInput.js';
import { humanize } from './format.js';
import { ReferencePicker } from './ReferencePicker.js';
import { inSentence } from './nouns.js';

export const OP_LABELS: Record<FilterOp, string> = {
  eq: 'is',
  ne: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
  empty: 'is empty',
  notEmpty: 'is not empty',
};

export type FilterBuilderProps = {
  def: ResourceDef;
  open: boolean;
  value: FilterNode | null;
  onApply: (value: FilterNode | null) => void;
  onClose: () => void;
};

type Draft = FilterGroup;

const toDraft = (value: FilterNode | null): Draft => (value === null ? { join: 'and', children: [] } : isGroup(value) ? value : { join: 'and', children: [value] });

function filterableFields(def: ResourceDef) {
  const own = Object.entries(def.fields).filter(([name, field]) => isFilterable(field) && !field.protected && filterField(def, name));
  const base = (['active', 'createdOn', 'modifiedOn'] as const).filter((name) => filterField(def, name)).map((name) => [name, filterField(def, name)!] as const);
  return [...own, ...base];
}

/** The filter tree as a person builds it: conditions in groups joined by AND or OR, one level of nesting. */
export function FilterBuilder({ def, open, value, onApply, onClose }: FilterBuilderProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value));
  const [error, setError] = useState<string | null>(null);
  const fields = filterableFields(def);
  const firstField = fields[0]?.[0] ?? 'name';

  const update = (path: number[], change: (node: FilterNode) => FilterNode | null) => {
    const apply = (node: FilterGroup, depth: number): FilterGroup => {
      const index = path[depth]!;
      const children = [...node.children];
      if (depth === path.length - 1) {
        const next = change(children[index]!);
        if (next === null) children.splice(index, 1);
        else children[index] = next;
      } else children[index] = apply(children[index] as FilterGroup, depth + 1);
      return { ...node, children };
    };
    setDraft((current) => apply(current, 0));
  };

  const newCondition = (): FilterCondition => {
    const field = fields[0]?.[1];
    return { field: firstField, op: field ? opsFor(field.kind)[0]! : 'eq', value: '' };
  };

  const handleApply = () => {
    const cleaned = prune(draft);
    if (!cleaned) {
      onApply(null);
      return;
    }
    try {
      validateFilter(def, cleaned);
      setError(null);
      onApply(cleaned);
    } catch (problem) {
      setError(problem instanceof FilterError ? `${def.fields[problem.field]?.label ?? problem.field}: ${problem.message}` : 'This filter is not valid.');
    }
  };

  const renderCondition = (condition: FilterCondition, path: number[]) => {
    const field = filterField(def, condition.field);
    const ops = field ? opsFor(field.kind) : (['eq'] as FilterOp[]);
    const needsValue = condition.op !== 'empty' && condition.op !== 'notEmpty';
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} key={path.join('.')} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Field"
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
        <TextField select size="small" label="Condition" value={condition.op} sx={{ minWidth: 150 }} onChange={(event) => update(path, (node) => ({ ...(node as FilterCondition), op: event.target.value as FilterOp }))}>
          {ops.map((op) => (
            <MenuItem key={op} value={op}>
              {OP_LABELS[op]}
            </MenuItem>
          ))}
        </TextField>
        {needsValue && field ? (
          <Box sx={{ flexGrow: 1, minWidth: 180 }}>
            {field.kind === 'reference' || field.kind === 'references' ? (
              <ReferencePicker
                resource={field.ref!}
                name={`filter-${path.join('-')}`}
                label="Value"
                multiple={condition.op === 'in'}
                value={(condition.value as string | string[] | null) ?? (condition.op === 'in' ? [] : null)}
                onChange={(next) => update(path, (node) => ({ ...(node as FilterCondition), value: next }))}
              />
            ) : field.kind === 'enum' || field.kind === 'boolean' ? (
              <TextField select fullWidth size="small" label="Value" value={String(condition.value ?? '')} onChange={(event) => update(path, (node) => ({ ...(node as FilterCondition), value: event.target.value }))}>
                {(field.kind === 'boolean' ? ['true', 'false'] : (field.options ?? [])).map((option) => (
                  <MenuItem key={option} value={option}>
                    {field.kind === 'boolean' ? (option === 'true' ? 'Yes' : 'No') : humanize(option)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (field.kind === 'date' || field.kind === 'datetime') && condition.op !== 'in' ? (
              <DateInput
                id={`filter-${path.join('-')}-value`}
                name={`filter-${path.join('-')}`}
                label="Value"
                value={condition.value}
                withTime={field.kind === 'datetime'}
                onChange={(next) => update(path, (node) => ({ ...(node as FilterCondition), value: next }))}
                onBlur={() => undefined}
              />
            ) : (
              <TextField
                fullWidth
                size="small"
                label={condition.op === 'in' ? 'Values (comma separated)' : 'Value'}
                value={String(condition.value ?? '')}
                onChange={(event) => update(path, (node) => ({ ...(node as FilterCondition), value: event.target.value }))}
              />
            )}
          </Box>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        <IconButton aria-label="Remove condition" onClick={() => update(path, () => null)}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
    );
  };

  const renderGroup = (group: FilterGroup, path: number[]) => (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">Match</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group.join}
          onChange={(_event, join: 'and' | 'or' | null) => {
            if (!join) return;
            if (path.length === 0) setDraft((current) => ({ ...current, join }));
            else update(path, (node) => ({ ...(node as FilterGroup), join }));
          }}
        >
          <ToggleButton value="and">all (AND)</ToggleButton>
          <ToggleButton value="or">any (OR)</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2">of these conditions</Typography>
      </Stack>
      {group.children.map((child, index) =>
        isGroup(child) ? (
          <Paper key={[...path, index].join('.')} variant="outlined" sx={{ p: 1.5 }}>
            {renderGroup(child, [...path, index])}
            <Button size="small" color="error" onClick={() => update([...path, index], () => null)} sx={{ mt: 1 }}>
              Remove group
            </Button>
          </Paper>
        ) : (
          renderCondition(child, [...path, index])
        ),
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => (path.length === 0 ? setDraft((current) => ({ ...current, children: [...current.children, newCondition()] })) : update(path, (node) => ({ ...(node as FilterGroup), children: [...(node as FilterGroup).children, newCondition()] })))}>
          Add condition
        </Button>
        {path.length === 0 ? (
          <Button size="small" onClick={() => setDraft((current) => ({ ...current, children: [...current.children, { join: current.join === 'and' ? 'or' : 'and', children: [newCondition()] }] }))}>
            Add group
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="filter-title">
      <DialogTitle id="filter-title">Filter {inSentence(def.label)}</DialogTitle>
      <DialogContent>
        {renderGroup(draft, [])}
        {error ? (
          <Typography color="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft({ join: 'and', children: [] })}>Clear all</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleApply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Drops empty groups and conditions without a value; a single condition stands alone. */
export function prune(node: FilterNode): FilterNode | null {
  if (!isGroup(node)) {
    if (node.op === 'empty' || node.op === 'notEmpty') return { field: node.field, op: node.op };
    const value = node.value;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
    return node;
  }
  const children = node.children.map(prune).filter((child): child is FilterNode => child !== null);
  if (children.length === 0) return null;
  return { join: node.join, children };
}

/** How many conditions a tree holds (the Filters button's badge). */
export function countConditions(node: FilterNode | null): number {
  if (!node) return 0;
  return isGroup(node) ? node.children.reduce((sum, child) => sum + countConditions(child), 0) : 1;
}
