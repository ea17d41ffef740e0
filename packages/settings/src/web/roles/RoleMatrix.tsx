import { Fragment, useMemo } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ACTIONS, canonicalEntity, type EntityDefinition, type EntityGroup, type Privilege } from '@propdesk/privileges';
import { localizeResource, type ResourceDef } from '@propdesk/records/model';
import { useT } from '@propdesk/i18n/react';
import { definitionWordsCatalog, definitionWordsIn } from '@propdesk/shell-ui';
import { protectedFieldsByEntity } from './matrix.js';
import { RoleMatrixEntityRows } from './RoleMatrixEntityRows.js';
import { RoleMatrixHead } from './RoleMatrixHead.js';
import { useEntityRegistry } from './entityRegistry.js';
import { useGrants } from './useGrants.js';
import { useRoleWords } from './roleWords.js';

export type RoleMatrixProps = {
  value: readonly Privilege[];
  resources: readonly ResourceDef[];
  readOnly?: boolean;
  error?: string | undefined;
  onChange?: (next: Privilege[]) => void;
};

/**
 * The role editor: entities × actions from the app's entity registry (`useEntityRegistry`), grouped as the sidebar groups
 * them (the groups' headings as the sidebar names them), with select-all per row and per column, and each
 * entity's protected fields × read and update.
 */
export function RoleMatrix({ value, resources, readOnly = false, error, onChange }: RoleMatrixProps) {
  const grants = useGrants(value, onChange);
  const words = useRoleWords();
  // The protected fields' labels in the page's language (the definitions' words; English until they load).
  useT(definitionWordsCatalog);
  const definitionWords = words.language === 'en' ? undefined : definitionWordsIn(words.language);
  const fieldsOf = useMemo(
    () => protectedFieldsByEntity(definitionWords ? resources.map((def) => localizeResource(def, definitionWords)) : resources),
    [resources, definitionWords],
  );
  const registry = useEntityRegistry();
  const groups = useMemo(() => {
    const map = new Map<EntityGroup, EntityDefinition[]>();
    for (const entity of registry.entities) map.set(entity.group, [...(map.get(entity.group) ?? []), entity]);
    return [...map.entries()];
  }, [registry]);

  return (
    <Box>
      {error ? (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Typography>
      ) : null}
      <TableContainer sx={{ maxHeight: 640, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={words.t('roles.privileges')}>
          <RoleMatrixHead grants={grants} readOnly={readOnly} words={words} />
          <TableBody>
            {groups.map(([group, entities]) => (
              <Fragment key={group}>
                <TableRow>
                  <TableCell colSpan={ACTIONS.length + 2} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {words.group(group)}
                  </TableCell>
                </TableRow>
                {entities.map((entity) => (
                  <RoleMatrixEntityRows key={entity.name} entity={entity} protectedFields={fieldsOf.get(canonicalEntity(entity.name)) ?? []} grants={grants} readOnly={readOnly} words={words} />
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
