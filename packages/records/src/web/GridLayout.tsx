import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { labelFieldOf, type RecordRow, type ResourceDef } from '../model/index.js';
import { serverError, useAllRecordsQuery } from './api.js';
import type { GridLayoutOptions } from './layouts.js';
import { ReferencePicker } from './ReferencePicker.js';
import { inSentence } from './nouns.js';

const LIMIT = 2000;

/** Sections by `groupBy` (in order), each with its rows by `rowsBy` (numbers highest first, as floors read). */
function arrange(rows: readonly RecordRow[], options: GridLayoutOptions) {
  const sections = new Map<string, Map<string, RecordRow[]>>();
  for (const row of rows) {
    const section = String(row[options.groupBy] ?? '—');
    const line = String(row[options.rowsBy] ?? '—');
    const lines = sections.get(section) ?? new Map<string, RecordRow[]>();
    lines.set(line, [...(lines.get(line) ?? []), row]);
    sections.set(section, lines);
  }
  const byNumberDown = (a: string, b: string) => (Number.isFinite(Number(a)) && Number.isFinite(Number(b)) ? Number(b) - Number(a) : a.localeCompare(b));
  return [...sections.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([section, lines]) => ({ section, lines: [...lines.entries()].sort(([a], [b]) => byNumberDown(a, b)) }));
}

/**
 * A resource's records as coloured cells (the units of a project by block and floor, coloured by
 * status): the scope is chosen first (`?scope=` in the URL), then every record of it is shown.
 */
export function GridLayout({ def, options, onOpen }: { def: ResourceDef; options: GridLayoutOptions; onOpen: (id: string) => void }) {
  const t = useT(recordsCatalog);
  const [search, setSearch] = useSearchParams();
  const scope = search.get('scope');
  const scopeField = def.fields[options.scope];
  const setScope = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set('scope', value);
    else next.delete('scope');
    setSearch(next);
  };
  const { currentData, error, isFetching } = useAllRecordsQuery(
    { resource: def.name, params: { [`filter[${options.scope}][eq]`]: scope ?? '', sort: `${options.groupBy},${options.rowsBy},${labelFieldOf(def)}` }, limit: LIMIT },
    { skip: !scope, refetchOnMountOrArgChange: true },
  );
  const rows = useMemo(() => currentData?.rows ?? [], [currentData]);
  const sections = useMemo(() => arrange(rows, options), [rows, options]);
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const row of rows) map.set(String(row[options.colorBy]), (map.get(String(row[options.colorBy])) ?? 0) + 1);
    return map;
  }, [rows, options.colorBy]);
  const label = labelFieldOf(def);
  const cellText = options.cellText ?? ((row: RecordRow) => String(row[label] ?? '').slice(-2));

  return (
    <Stack spacing={2}>
      <Box sx={{ maxWidth: 360 }}>
        <ReferencePicker resource={scopeField?.ref ?? ''} name="grid-scope" label={scopeField?.label ?? options.scope} value={scope} onChange={(next) => setScope((next as string | null) ?? null)} />
      </Box>
      {!scope ? <Alert severity="info">{t('gridChoose', { scope: (scopeField?.label ?? options.scope).toLowerCase(), label: inSentence(def.label) })}</Alert> : null}
      {error ? <Alert severity="error">{serverError(error).message}</Alert> : null}
      {scope && !currentData && isFetching ? <LinearProgress aria-label={t('gridLoading', { label: inSentence(def.label) })} /> : null}
      {scope && currentData && rows.length === 0 ? <Alert severity="info">{t('gridEmpty', { label: inSentence(def.label) })}</Alert> : null}
      {rows.length > 0 ? (
        <>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('gridLegend')}>
            {options.colors.map((item) => (
              <Stack key={item.value} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: item.color }} />
                <Typography variant="body2">
                  {item.label} ({counts.get(item.value) ?? 0})
                </Typography>
              </Stack>
            ))}
          </Stack>
          {currentData && currentData.total > rows.length ? (
            <Alert severity="info">{t('gridFirst', { shown: String(rows.length), total: String(currentData.total) })}</Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1 }}>
            {sections.map(({ section, lines }) => (
              <Paper key={section} variant="outlined" sx={{ p: 1.5, flex: '0 0 auto' }} component="section" aria-label={`${def.fields[options.groupBy]?.label ?? options.groupBy} ${section}`}>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {def.fields[options.groupBy]?.label ?? options.groupBy} {section}
                </Typography>
                {lines.map(([line, cells]) => (
                  <Stack key={line} direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 0.5 }}>
                    <Typography variant="caption" sx={{ width: 28, textAlign: 'right', color: 'text.secondary' }}>
                      {line}
                    </Typography>
                    {cells.map((row) => {
                      const color = options.colors.find((item) => item.value === row[options.colorBy]);
                      const words = `${String(row[label] ?? '')}, ${color?.label ?? String(row[options.colorBy] ?? '')}`;
                      return (
                        <Tooltip key={row.id} title={words}>
                          <Box
                            component="button"
                            type="button"
                            onClick={() => onOpen(row.id)}
                            aria-label={words}
                            sx={{
                              width: 30,
                              height: 22,
                              border: 0,
                              borderRadius: '3px',
                              cursor: 'pointer',
                              bgcolor: color?.color ?? 'grey.500',
                              color: '#fff',
                              fontSize: 10,
                              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
                            }}
                          >
                            {cellText(row)}
                          </Box>
                        </Tooltip>
                      );
                    })}
                  </Stack>
                ))}
              </Paper>
            ))}
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
