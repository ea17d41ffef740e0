import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isGroup, type FieldDef, type FilterCondition, type FilterGroup, type ResourceDef } from '../model/index.js';
import { FilterConditionRow } from './FilterConditionRow.js';
import type { ChangeFilterGroup, FilterPath, UpdateFilterNode } from './useFilterDraft.js';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type FilterGroupEditorProps = {
  def: ResourceDef;
  fields: readonly (readonly [string, FieldDef])[];
  group: FilterGroup;
  /** The group's place in the draft; `[]` for the root, which alone may hold groups. */
  path: FilterPath;
  update: UpdateFilterNode;
  changeGroup: ChangeFilterGroup;
  newCondition: () => FilterCondition;
};

/** A group of conditions joined by AND or OR, with its own groups (one level deep) and the buttons to add more. */
export function FilterGroupEditor({ def, fields, group, path, update, changeGroup, newCondition }: FilterGroupEditorProps) {
  const t = useT(recordsCatalog);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('match')}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group.join}
          onChange={(_event, join: 'and' | 'or' | null) => {
            if (!join) return;
            changeGroup(path, (current) => ({ ...current, join }));
          }}
        >
          <ToggleButton value="and">{t('filterAll')}</ToggleButton>
          <ToggleButton value="or">{t('filterAny')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2">{t('filterOfThese')}</Typography>
      </Stack>
      {group.children.map((child, index) =>
        isGroup(child) ? (
          <Paper key={[...path, index].join('.')} variant="outlined" sx={{ p: 1.5 }}>
            <FilterGroupEditor def={def} fields={fields} group={child} path={[...path, index]} update={update} changeGroup={changeGroup} newCondition={newCondition} />
            <Button size="small" color="error" onClick={() => update([...path, index], () => null)} sx={{ mt: 1 }}>
              {t('removeGroup')}
            </Button>
          </Paper>
        ) : (
          <FilterConditionRow key={[...path, index].join('.')} def={def} fields={fields} condition={child} path={[...path, index]} update={update} />
        ),
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => changeGroup(path, (current) => ({ ...current, children: [...current.children, newCondition()] }))}>
          {t('addCondition')}
        </Button>
        {path.length === 0 ? (
          <Button size="small" onClick={() => changeGroup(path, (current) => ({ ...current, children: [...current.children, { join: current.join === 'and' ? 'or' : 'and', children: [newCondition()] }] }))}>
            {t('addGroup')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
