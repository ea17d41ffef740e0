import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ACTIONS } from '@propdesk/privileges';
import { useEntityRegistry } from './entityRegistry.js';
import type { Grants } from './useGrants.js';
import type { RoleWords } from './roleWords.js';

export type RoleMatrixHeadProps = { grants: Grants; readOnly: boolean; words: RoleWords };

/** The matrix's header: one column per action, each with a select-all over every entity that has it. */
export function RoleMatrixHead({ grants, readOnly, words }: RoleMatrixHeadProps) {
  const { entities } = useEntityRegistry();
  const columnState = (action: string) => {
    const cells = entities.filter((entity) => entity.actions.includes(action as never)).map((entity) => ({ entityName: entity.name, action }));
    const count = cells.filter(grants.has).length;
    return { cells, all: count === cells.length && count > 0, some: count > 0 && count < cells.length };
  };

  return (
    <TableHead>
      <TableRow>
        <TableCell>{words.t('roles.entity')}</TableCell>
        {ACTIONS.map((action) => {
          const state = columnState(action);
          return (
            <TableCell key={action} align="center" sx={{ textTransform: 'capitalize' }}>
              {words.action(action)}
              {!readOnly ? (
                <Box>
                  <Checkbox
                    size="small"
                    checked={state.all}
                    indeterminate={state.some}
                    slotProps={{ input: { 'aria-label': words.t('roles.columnEvery', { action: words.action(action) }) } }}
                    onChange={(event) => grants.set(state.cells.map((privilege) => ({ privilege, on: event.target.checked })))}
                  />
                </Box>
              ) : null}
            </TableCell>
          );
        })}
        <TableCell align="center">{words.t('roles.all')}</TableCell>
      </TableRow>
    </TableHead>
  );
}
