import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACTIONS, type EntityDefinition } from '@propdesk/privileges';
import type { Grants } from './useGrants.js';
import type { RoleWords } from './roleWords.js';

const FIELD_ACTIONS = ['read', 'update'] as const;

export type RoleMatrixEntityRowsProps = {
  entity: EntityDefinition;
  protectedFields: readonly { name: string; label: string }[];
  grants: Grants;
  readOnly: boolean;
  words: RoleWords;
};

/** One entity's rows: its actions with select-all, its further actions, and each protected field × read and update. */
export function RoleMatrixEntityRows({ entity, protectedFields, grants, readOnly, words }: RoleMatrixEntityRowsProps) {
  const { has, set } = grants;
  const { t, action: word } = words;
  const label = words.entity(entity.name, entity.label);
  const arabic = words.language === 'ar';
  const extraActions = entity.extraActions ?? [];
  const rowCells = [...entity.actions, ...extraActions].map((action) => ({ entityName: entity.name, action }));
  const rowCount = rowCells.filter(has).length;
  return (
    <>
      <TableRow hover>
        <TableCell component="th" scope="row">
          {label}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {/* The entity's name is a code: kept left to right, untranslated, in Arabic. */}
            {arabic ? (
              <bdi dir="ltr" translate="no">
                {entity.name}
              </bdi>
            ) : (
              entity.name
            )}
          </Typography>
        </TableCell>
        {ACTIONS.map((action) => (
          <TableCell key={action} align="center">
            {entity.actions.includes(action) ? (
              <Checkbox
                size="small"
                disabled={readOnly}
                checked={has({ entityName: entity.name, action })}
                slotProps={{ input: { 'aria-label': t('roles.actionOn', { action: word(action), entity: label }) } }}
                onChange={(event) => set([{ privilege: { entityName: entity.name, action }, on: event.target.checked }])}
              />
            ) : null}
          </TableCell>
        ))}
        <TableCell align="center">
          <Checkbox
            size="small"
            disabled={readOnly}
            checked={rowCount === rowCells.length}
            indeterminate={rowCount > 0 && rowCount < rowCells.length}
            slotProps={{ input: { 'aria-label': t('roles.everyActionOn', { entity: label }) } }}
            onChange={(event) => set(rowCells.map((privilege) => ({ privilege, on: event.target.checked })))}
          />
        </TableCell>
      </TableRow>
      {extraActions.length > 0 ? (
        <TableRow>
          <TableCell sx={{ pl: 4 }}>
            <Typography variant="body2">{t('roles.furtherActions')}</Typography>
          </TableCell>
          <TableCell colSpan={ACTIONS.length + 1}>
            {extraActions.map((action) => (
              <FormControlLabel
                key={action}
                disabled={readOnly}
                label={words.extraLabel(action)}
                control={
                  <Checkbox
                    size="small"
                    checked={has({ entityName: entity.name, action })}
                    slotProps={{ input: { 'aria-label': t('roles.actionOn', { action: word(action), entity: label }) } }}
                    onChange={(event) => set([{ privilege: { entityName: entity.name, action }, on: event.target.checked }])}
                  />
                }
              />
            ))}
          </TableCell>
        </TableRow>
      ) : null}
      {protectedFields.map((field) => (
        <TableRow key={`${entity.name}.${field.name}`}>
          <TableCell sx={{ pl: 4 }}>
            <Typography variant="body2">{t('roles.protectedField', { field: field.label })}</Typography>
          </TableCell>
          {ACTIONS.map((action) => (
            <TableCell key={action} align="center">
              {(FIELD_ACTIONS as readonly string[]).includes(action) ? (
                <Checkbox
                  size="small"
                  disabled={readOnly}
                  checked={has({ entityName: entity.name, fieldName: field.name, action })}
                  slotProps={{ input: { 'aria-label': t('roles.fieldActionOf', { action: word(action), field: field.label, entity: label }) } }}
                  onChange={(event) => set([{ privilege: { entityName: entity.name, fieldName: field.name, action }, on: event.target.checked }])}
                />
              ) : null}
            </TableCell>
          ))}
          <TableCell />
        </TableRow>
      ))}
    </>
  );
}
