import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { UNIT_STATUS_ROWS } from '../../model/unitStatuses.js';
import { useProjectUnitsQuery } from './unitsApi.js';

export type UnitsGridProps = {
  projectId: string;
  onOpen: (id: string) => void;
};

/** Every unit of a project by block and floor (top floor first), coloured by status. */
export function UnitsGrid({ projectId, onOpen }: UnitsGridProps) {
  // Each visit asks again; generating, repricing or saving units refreshes it (tags).
  const { currentData, isError } = useProjectUnitsQuery(projectId, { refetchOnMountOrArgChange: true });
  const units = currentData ?? null;
  const error = isError ? 'The units could not be loaded. Try again.' : null;

  const blocks = useMemo(() => {
    const map = new Map<string, Map<number, RecordRow[]>>();
    for (const unit of units ?? []) {
      const block = String(unit.block ?? '—');
      const floor = Number(unit.floor ?? 0);
      const floors = map.get(block) ?? new Map<number, RecordRow[]>();
      floors.set(floor, [...(floors.get(floor) ?? []), unit]);
      map.set(block, floors);
    }
    return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [units]);

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const unit of units ?? []) map.set(String(unit.status), (map.get(String(unit.status)) ?? 0) + 1);
    return map;
  }, [units]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!units) return <LinearProgress aria-label="Loading units" />;
  if (units.length === 0) return <Alert severity="info">This project has no units yet. Create a block’s units from a pattern.</Alert>;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Legend">
        {UNIT_STATUS_ROWS.map((status) => (
          <Stack key={status.name} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: status.color }} />
            <Typography variant="body2">
              {status.label} ({counts.get(status.name) ?? 0})
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1 }}>
        {blocks.map(([block, floors]) => {
          const levels = [...floors.keys()].sort((a, b) => b - a);
          return (
            <Paper key={block} variant="outlined" sx={{ p: 1.5, flex: '0 0 auto' }} component="section" aria-label={`Block ${block}`}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Block {block}
              </Typography>
              {levels.map((floor) => (
                <Stack key={floor} direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="caption" sx={{ width: 28, textAlign: 'right', color: 'text.secondary' }}>
                    {floor}
                  </Typography>
                  {(floors.get(floor) ?? []).map((unit) => {
                    const status = UNIT_STATUS_ROWS.find((row) => row.name === unit.status);
                    return (
                      <Tooltip key={unit.id} title={`${String(unit.code)} · ${status?.label ?? String(unit.status)}${unit.refLabels.unitType ? ` · ${String(unit.refLabels.unitType)}` : ''}`}>
                        <Box
                          component="button"
                          type="button"
                          onClick={() => onOpen(unit.id)}
                          aria-label={`${String(unit.code)}, ${status?.label ?? String(unit.status)}`}
                          sx={{
                            width: 30,
                            height: 22,
                            border: 0,
                            borderRadius: '3px',
                            cursor: 'pointer',
                            bgcolor: status?.color ?? 'grey.400',
                            color: '#fff',
                            fontSize: 10,
                            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
                          }}
                        >
                          {String(unit.code).slice(-2)}
                        </Box>
                      </Tooltip>
                    );
                  })}
                </Stack>
              ))}
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}
