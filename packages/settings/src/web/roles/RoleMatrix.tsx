import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACTIONS, ENTITY_REGISTRY, canonicalEntity, type EntityGroup, type Privilege } from '@propdesk/privileges';
import type { ResourceDef } from '@propdesk/records/model';
import { matrixKey, protectedFieldsByEntity } from './matrix.js';

export type RoleMatrixProps = {
  value: readonly Privilege[];
  resources: readonly ResourceDef[];
  readOnly?: boolean;
  error?: string | undefined;
  onChange?: (next: Privilege[]) => void;
};

/** Groups as the sidebar groups them. */
export const GROUP_LABELS: Record<EntityGroup, string> = {
  sales: 'Sales',
  'settings-leads': 'Settings › Leads',
  'settings-general': 'Settings › General',
  'settings-roles': 'Settings › Roles',
  procurement: 'Procurement',
  system: 'System',
};

const FIELD_ACTIONS = ['read', 'update'] as const;

/** What an entity's own actions mean, in the words of the people who grant them. */
export const EXTRA_ACTION_LABELS: Readonly<Record<string, string>> = {
  readAll: 'See every lead (not only own, pool and team)',
  assign: 'Assign to others, merge',
};

/**
 * The role editor: entities × actions from the privileges registry, grouped as the sidebar groups
 * them, with select-all per row and per column, and each entity's protected fields × read and update.
 */
// eslint-disable-next-line max-lines-per-function -- issue 30: still to split into hooks and components
export function RoleMatrix({ value, resources, readOnly = false, error, onChange }: RoleMatrixProps) {
  const granted = useMemo(() => new Set(value.map(matrixKey)), [value]);
  const fieldsOf = useMemo(() => protectedFieldsByEntity(resources), [resources]);
  const groups = useMemo(() => {
    const map = new Map<EntityGroup, typeof ENTITY_REGISTRY[number][]>();
    for (const entity of ENTITY_REGISTRY) map.set(entity.group, [...(map.get(entity.group) ?? []), entity]);
    return [...map.entries()];
  }, []);

  const set = (changes: { privilege: Privilege; on: boolean }[]) => {
    if (!onChange) return;
    const next = new Map(value.map((privilege) => [matrixKey(privilege), privilege]));
    for (const { privilege, on } of changes) {
      if (on) next.set(matrixKey(privilege), privilege);
      else next.delete(matrixKey(privilege));
    }
    onChange([...next.values()]);
  };
  const has = (privilege: Privilege) => granted.has(matrixKey(privilege));

  const columnState = (action: string) => {
    const cells = ENTITY_REGISTRY.filter((entity) => entity.actions.includes(action as never)).map((entity) => ({ entityName: entity.name, action }));
    const count = cells.filter(has).length;
    return { cells, all: count === cells.length && count > 0, some: count > 0 && count < cells.length };
  };

  return (
    <Box>
      {error ? (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Typography>
      ) : null}
      <TableContainer sx={{ maxHeight: 640, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Privileges">
          <TableHead>
            <TableRow>
              <TableCell>Entity</TableCell>
              {ACTIONS.map((action) => {
                const state = columnState(action);
                return (
                  <TableCell key={action} align="center" sx={{ textTransform: 'capitalize' }}>
                    {action}
                    {!readOnly ? (
                      <Box>
                        <Checkbox
                          size="small"
                          checked={state.all}
                          indeterminate={state.some}
                          slotProps={{ input: { 'aria-label': `${action} on every entity` } }}
                          onChange={(event) => set(state.cells.map((privilege) => ({ privilege, on: event.target.checked })))}
                        />
                      </Box>
                    ) : null}
                  </TableCell>
                );
              })}
              <TableCell align="center">All</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map(([group, entities]) => [
              <TableRow key={group}>
                <TableCell colSpan={ACTIONS.length + 2} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                  {GROUP_LABELS[group]}
                </TableCell>
              </TableRow>,
              ...entities.flatMap((entity) => {
                const extraActions = entity.extraActions ?? [];
                const rowCells = [...entity.actions, ...extraActions].map((action) => ({ entityName: entity.name, action }));
                const rowCount = rowCells.filter(has).length;
                const protectedFields = fieldsOf.get(canonicalEntity(entity.name)) ?? [];
                return [
                  <TableRow key={entity.name} hover>
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
                  </TableRow>,
                  ...(extraActions.length > 0
                    ? [
                        <TableRow key={`${entity.name}.extra`}>
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
                        </TableRow>,
                      ]
                    : []),
                  ...protectedFields.map((field) => (
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
                  )),
                ];
              }),
            ])}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
