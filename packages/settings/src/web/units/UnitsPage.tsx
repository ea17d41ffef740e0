import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { getResource, registerResources, ResourcePage, type GridLayoutOptions } from '@propdesk/records/web';
import { SETTINGS_RESOURCES } from '../../model/definitions/index.js';
import { UNIT_STATUS_ROWS } from '../../model/unitStatuses.js';
import { GenerateUnitsDialog } from './GenerateUnitsDialog.js';
import { RepriceDialog } from './RepriceDialog.js';
import { useUnitWords } from './unitWords.js';
import type { ScreensKey } from '../i18n/screens.en.js';

/** The engine's grid layout of units: a project's units by block and floor (top floor first), coloured by status. */
function gridLayout(t: (key: ScreensKey) => string): GridLayoutOptions {
  return {
    label: t('units.gridByFloor'),
    scope: 'project',
    groupBy: 'block',
    rowsBy: 'floor',
    colorBy: 'status',
    colors: UNIT_STATUS_ROWS.map((status) => ({ value: status.name, label: t(`units.status.${status.name}` as ScreensKey), color: status.color })),
  };
}

/** Units: the engine's list or its grid by block and floor, with the pattern and repricing tools. */
export function UnitsPage() {
  registerResources(SETTINGS_RESOURCES);
  const def = getResource('units');
  const [search] = useSearchParams();
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const [tool, setTool] = useState<'generate' | 'reprice' | null>(null);
  const { t } = useUnitWords();
  const grid = useMemo(() => gridLayout(t), [t]);
  // The grid's chosen project is where the tools start.
  const project = search.get('scope');
  const canCreate = checker.can('unit', 'create');
  const canReprice = checker.can('unit', 'update') && checker.canField('unit', 'basePrice', 'update') && checker.canField('unit', 'basePrice', 'read');
  // What a tool applied has refreshed the units' screens already (its endpoint's tags).
  const handleClose = () => setTool(null);

  const header =
    canCreate || canReprice ? (
      <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' }, flexWrap: 'wrap' }}>
        {canCreate ? <Button onClick={() => setTool('generate')}>{t('units.createFromPattern')}</Button> : null}
        {canReprice ? <Button onClick={() => setTool('reprice')}>{t('units.changePrices')}</Button> : null}
      </Stack>
    ) : null;

  return (
    <>
      <ResourcePage def={def} listHeader={header} layouts={{ grid }} />
      {tool === 'generate' ? <GenerateUnitsDialog open projectId={project} onClose={handleClose} /> : null}
      {tool === 'reprice' ? <RepriceDialog open projectId={project} onClose={handleClose} /> : null}
    </>
  );
}
