import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { filterField, isFilterable, isGroup, opsFor, validateFilter, FilterError, type FilterCondition, type FilterNode, type ResourceDef } from '../model/index.js';
import { FilterGroupEditor } from './FilterGroupEditor.js';
import { inSentence } from './nouns.js';
import { useFilterDraft } from './useFilterDraft.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FilterBuilderProps = {
  def: ResourceDef;
  open: boolean;
  value: FilterNode | null;
  onApply: (value: FilterNode | null) => void;
  onClose: () => void;
};

function filterableFields(def: ResourceDef) {
  const own = Object.entries(def.fields).filter(([name, field]) => isFilterable(field) && !field.protected && filterField(def, name));
  const base = (['active', 'createdOn', 'modifiedOn'] as const).filter((name) => filterField(def, name)).map((name) => [name, filterField(def, name)!] as const);
  return [...own, ...base];
}

/** The filter tree as a person builds it: conditions in groups joined by AND or OR, one level of nesting. */
export function FilterBuilder({ def, open, value, onApply, onClose }: FilterBuilderProps) {
  const t = useT(recordsCatalog);
  const { draft, update, changeGroup, clear } = useFilterDraft(value);
  const [error, setError] = useState<string | null>(null);
  const fields = filterableFields(def);
  const firstField = fields[0]?.[0] ?? 'name';

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
      setError(problem instanceof FilterError ? `${def.fields[problem.field]?.label ?? problem.field}: ${problem.message}` : t('filterInvalid'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="filter-title">
      <DialogTitle id="filter-title">{t('filterTitle', { label: inSentence(def.label) })}</DialogTitle>
      <DialogContent>
        <FilterGroupEditor def={def} fields={fields} group={draft} path={[]} update={update} changeGroup={changeGroup} newCondition={newCondition} />
        {error ? (
          <Typography color="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={clear}>{t('clearAll')}</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={handleApply}>
          {t('apply')}
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
