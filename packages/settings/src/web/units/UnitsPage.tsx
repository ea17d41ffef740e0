import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { getResource, recordsApi, ReferencePicker, registerResources, ResourcePage } from '@propdesk/records/web';
import { useDispatch } from 'react-redux';
import { SETTINGS_RESOURCES } from '../../model/definitions/index.js';
import { GenerateUnitsDialog } from './GenerateUnitsDialog.js';
import { RepriceDialog } from './RepriceDialog.js';
import { UnitsGrid } from './UnitsGrid.js';

/** Units: the engine's list, or a project's grid by block and floor, with the pattern and repricing tools. */
export function UnitsPage() {
  registerResources(SETTINGS_RESOURCES);
  const def = getResource('units');
  const [search, setSearch] = useSearchParams();
  const dispatch = useDispatch();
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const [tool, setTool] = useState<'generate' | 'reprice' | null>(null);
  const layout = search.get('layout') === 'grid' ? 'grid' : 'list';
  const project = search.get('project');
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearch(next);
  };
  const canCreate = checker.can('unit', 'create');
  const canReprice = checker.can('unit', 'update') && checker.canField('unit', 'basePrice', 'update') && checker.canField('unit', 'basePrice', 'read');
  const handleClose = (changed: boolean) => {
    setTool(null);
    if (changed) dispatch(recordsApi.util.invalidateTags([{ type: 'Record', id: 'units' }]) as never);
  };

  const header = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup size="small" exclusive value={layout} aria-label="Layout" onChange={(_event, value: 'list' | 'grid' | null) => value && setParam('layout', value === 'grid' ? 'grid' : null)}>
        <ToggleButton value="list">List</ToggleButton>
        <ToggleButton value="grid">Grid by floor</ToggleButton>
      </ToggleButtonGroup>
      {layout === 'grid' ? (
        <Stack sx={{ minWidth: 260 }}>
          <ReferencePicker resource="projects" name="grid-project" label="Project" value={project} onChange={(next) => setParam('project', (next as string | null) ?? null)} />
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
        {canCreate ? <Button onClick={() => setTool('generate')}>Create from pattern…</Button> : null}
        {canReprice ? <Button onClick={() => setTool('reprice')}>Change prices…</Button> : null}
      </Stack>
    </Stack>
  );

  const dialogs = (
    <>
      {tool === 'generate' ? <GenerateUnitsDialog open projectId={project} onClose={handleClose} /> : null}
      {tool === 'reprice' ? <RepriceDialog open projectId={project} onClose={handleClose} /> : null}
    </>
  );

  if (layout === 'grid' && !search.get('record')) {
    return (
      <Stack spacing={2} component="section" aria-label="Units" sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
        {header}
        {project ? <UnitsGrid projectId={project} onOpen={(id) => setParam('record', id)} /> : null}
        {dialogs}
      </Stack>
    );
  }
  return (
    <>
      <ResourcePage def={def} listHeader={header} />
      {dialogs}
    </>
  );
}
