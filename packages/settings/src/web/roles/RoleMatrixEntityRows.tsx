import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACTIONS, type ENTITY_REGISTRY } from '@propdesk/privileges';
import type { Grants } from './useGrants.js';

const FIELD_ACTIONS = ['read', 'update'] as const;

/** What an entity's own actions mean, in the words of the people who grant them. */
export const EXTRA_ACTION_LABELS: Readonly<Record<string, string>> = {
  readAll: 'See every lead (not only own, pool and team)',
  assign: 'Assign to others, merge',
};

export type RoleMatrixEntityRowsProps = {
  entity: (typeof ENTITY_REGISTRY)[number];
  protectedFields: readonly { name: string; label: string }[];
  grants: Grants;
  readOnly: boolean;
};

/** One entity's rows: its actions with select-all, its further actions, and each protected field × read and update. */
export function RoleMatrixEntityRows({ entity, protectedFields, grants, readOnly }: RoleMatrixEntityRowsProps) {
  const { has, set } = grants;
  const extraActions = entity.extraActions ?? [];
  const rowCells = [...entity.actions, ...extraActions].map((action) => ({ entityName: entity.name, action }));
  const rowCount = rowCells.filter(has).length;
  return (
    <>
      <TableRow hover>
        <TableCell component="th" scope="row">
          {entity.label}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {entity.name}
          </Typography>
        </TableCell>
        {ACTIONS.map((action) => (
          <TableCell key={action} align="center">
            {entity.actions.includes(action) ? (
              <Checkbox
                size="small"
                disabled={readOnly}
                checked={has({ entityName: entity.name, action })}
                slotProps={{ input: { 'aria-label': `${action} on ${entity.label}` } }}
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
            slotProps={{ input: { 'aria-label': `Every action on ${entity.label}` } }}
            onChange={(event) => set(rowCells.map((privilege) => ({ privilege, on: event.target.checked })))}
          />
        </TableCell>
      </TableRow>
      {extraActions.length > 0 ? (
        <TableRow>
          <TableCell sx={{ pl: 4 }}>
            <Typography variant="body2">↳ Further actions</Typography>
          </TableCell>
          <TableCell colSpan={ACTIONS.length + 1}>
            {extraActions.map((action) => (
              <FormControlLabel
                key={action}
                disabled={readOnly}
                label={EXTRA_ACTION_LABELS[action] ?? action}
                control={
                  <Checkbox
                    size="small"
                    checked={has({ entityName: entity.name, action })}
                    slotProps={{ input: { 'aria-label': `${action} on ${entity.label}` } }}
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
            <Typography variant="body2">↳ {field.label} (protected field)</Typography>
          </TableCell>
          {ACTIONS.map((action) => (
            <TableCell key={action} align="center">
              {(FIELD_ACTIONS as readonly string[]).includes(action) ? (
                <Checkbox
                  size="small"
                  disabled={readOnly}
                  checked={has({ entityName: entity.name, fieldName: field.name, action })}
                  slotProps={{ input: { 'aria-label': `${action} ${field.label} of ${entity.label}` } }}
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
