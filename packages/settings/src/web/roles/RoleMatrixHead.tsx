import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ACTIONS, ENTITY_REGISTRY } from '@propdesk/privileges';
import type { Grants } from './useGrants.js';

export type RoleMatrixHeadProps = { grants: Grants; readOnly: boolean };

/** The matrix's header: one column per action, each with a select-all over every entity that has it. */
export function RoleMatrixHead({ grants, readOnly }: RoleMatrixHeadProps) {
  const columnState = (action: string) => {
    const cells = ENTITY_REGISTRY.filter((entity) => entity.actions.includes(action as never)).map((entity) => ({ entityName: entity.name, action }));
    const count = cells.filter(grants.has).length;
    return { cells, all: count === cells.length && count > 0, some: count > 0 && count < cells.length };
  };

  return (
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
                    onChange={(event) => grants.set(state.cells.map((privilege) => ({ privilege, on: event.target.checked })))}
                  />
                </Box>
              ) : null}
            </TableCell>
          );
        })}
        <TableCell align="center">All</TableCell>
      </TableRow>
    </TableHead>
  );
}
