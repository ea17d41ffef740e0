import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { toApiError } from '@propdesk/api-client';
import { ReferencePicker, humanize, useReferenceCalls } from '@propdesk/records/web';
import type { Translate } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Board, BoardEvent, BoardStatus, BoardUnit } from './model.js';
import { useUnitBoardQuery } from './boardApi.web.js';
import { NO_FILTERS, applyEvent, countByStatus, filterChoices, floorsOf, matches, textOn, type BoardFilters } from './boardState.web.js';
import { StatusChip, UnitCard } from './UnitCard.web.js';
import { useBoardStream, type StreamState } from './useBoardStream.web.js';
import { useBlockTitle, useStatusWords } from './boardWords.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import type { SalesKey } from '../../web/i18n/en.js';
import { useFormat } from '../../web/i18n/format.js';
import { salesDashboardLinks } from './links.js';

/** How long a unit that just changed stays outlined, so eyes find it. */
const FLASH_MS = 3000;

const statusOf = (statuses: readonly BoardStatus[], name: string) => statuses.find((one) => one.name === name);
const statusLabel = (statuses: readonly BoardStatus[], name: string) => statusOf(statuses, name)?.label ?? humanize(name);

/** The project to show: `?project=`, else the first one the caller can pick. */
function useProject(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const project = params.get('project');
  const { options } = useReferenceCalls();
  const choose = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('project', id);
          else next.delete('project');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (project) return;
    const controller = new AbortController();
    // The projects' picker options as the picker asks them with nothing typed (`/api/projects/options?q=`).
    options({ resource: 'projects', q: '' }, controller.signal)
      .then((found) => {
        const first = found[0]?.id;
        if (first) choose(first);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [project, choose, options]);
  return [project, choose];
}

function StreamBadge({ state }: { state: StreamState }) {
  const t = useT(salesCatalog);
  const [label, color] = state === 'live' ? [t('board.live'), 'success'] : state === 'connecting' ? [t('board.connecting'), 'default'] : [t('board.reconnecting'), 'warning'];
  return <Chip size="small" variant="outlined" color={color as 'success' | 'default' | 'warning'} label={label} aria-label={t('board.liveUpdates', { state: label })} />;
}

const textColours = new Map<string, string>();
const textFor = (color: string) => {
  let text = textColours.get(color);
  if (text === undefined) textColours.set(color, (text = textOn(color)));
  return text;
};

type CellProps = { unit: BoardUnit; status: BoardStatus | undefined; dim: boolean; flash: boolean; row: number; col: number; last: boolean; onOpen: (id: string) => void; t: Translate<SalesKey> };

/** "hold by Sara": who claims a unit, in the page's words. */
const claimText = (t: Translate<SalesKey>, claim: BoardUnit['claim']) => (claim ? t('board.claimBy', { kind: claim.kind, holder: claim.holder ?? t('common.someone') }) : '');

/** One unit's cell; memoised, so a stream event redraws only the unit it changed (its object is new, the others are not). */
const UnitCell = memo(function UnitCell({ unit, status, dim, flash, row, col, last, onOpen, t }: CellProps) {
  const color = status?.color ?? '#9e9e9e';
  const holder = unit.claim ? `${t('board.listSeparator')}${claimText(t, unit.claim)}` : '';
  const classes = [dim ? 'dim' : '', flash ? 'flash' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes || undefined}
      data-row={row}
      data-col={col}
      data-last={last ? 'true' : undefined}
      data-unit={unit.code}
      data-status={unit.status}
      tabIndex={row === 0 && col === 0 ? 0 : -1}
      aria-label={`${t('board.cellLabel', { code: unit.code, floor: String(unit.floor), status: status?.label ?? humanize(unit.status) })}${holder}`}
      title={`${unit.code} · ${status?.label ?? unit.status}${holder}`}
      onClick={() => onOpen(unit.id)}
      style={{ backgroundColor: color, color: textFor(color) }}
    >
      {unit.code.split('-').at(-1)}
    </button>
  );
});

/** One block as floors × units, each unit a coloured cell; arrow keys move between cells (one tab stop per block). */
function BlockGrid({ block, units, statuses, shown, flashing, onOpen }: { block: string; units: ReadonlyMap<string, BoardUnit>; statuses: readonly BoardStatus[]; shown: (unit: BoardUnit) => boolean; flashing: ReadonlySet<string>; onOpen: (id: string) => void }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const blockTitle = useBlockTitle();
  const floors = useMemo(() => floorsOf(units.values(), block), [units, block]);
  const counts = useMemo(() => countByStatus([...units.values()].filter((unit) => unit.block === block)).all, [units, block]);
  const width = Math.max(...floors.map((floor) => floor.units.length), 1);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const col = Number(target.dataset.col);
    if (Number.isNaN(row) || Number.isNaN(col)) return;
    // Right to left, the first unit of a floor is on the right: the arrow keys follow what the eye sees.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, rtl ? 1 : -1], ArrowRight: [0, rtl ? -1 : 1] };
    let next: HTMLElement | null = null;
    if (event.key in step) {
      const [dr, dc] = step[event.key]!;
      next = event.currentTarget.querySelector(`[data-row="${row + dr}"][data-col="${col + dc}"]`) ?? (dr !== 0 ? event.currentTarget.querySelector(`[data-row="${row + dr}"][data-last="true"]`) : null);
    } else if (event.key === 'Home') next = event.currentTarget.querySelector(`[data-row="${row}"][data-col="0"]`);
    else if (event.key === 'End') next = event.currentTarget.querySelector(`[data-row="${row}"][data-last="true"]`);
    if (!next) return;
    event.preventDefault();
    target.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`block-${block}`} sx={{ p: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`block-${block}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {blockTitle(block)}
        </Typography>
        {Object.entries(counts)
          .sort(([a], [b]) => (statusOf(statuses, a)?.sortOrder ?? 99) - (statusOf(statuses, b)?.sortOrder ?? 99))
          .map(([status, n]) => (
            <Chip key={status} size="small" variant="outlined" label={`${statusLabel(statuses, status)} ${format.number(n)}`} sx={{ borderColor: statusOf(statuses, status)?.color }} />
          ))}
      </Stack>
      {/* Plain buttons with one shared style (on the container): thousands of cells, no per-cell style objects. */}
      <Box
        role="group"
        aria-label={t('board.blockGroup', { block })}
        onKeyDown={move}
        sx={{
          overflowX: 'auto',
          '& .floor': { display: 'grid', gridTemplateColumns: `3rem repeat(${width}, minmax(3.25rem, 1fr))`, gap: '3px', mb: '3px' },
          '& .floor > span': { alignSelf: 'center', color: 'text.secondary', fontSize: '0.75rem' },
          '& button': { font: 'inherit', fontSize: '0.75rem', py: 0.75, px: 0.25, border: 0, borderRadius: 1, cursor: 'pointer', outlineOffset: '1px' },
          '& button.dim': { opacity: 0.18 },
          '& button.flash': { outline: '3px solid', outlineColor: 'text.primary' },
          '& button:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        {floors.map((floor, row) => (
          <div key={floor.floor} className="floor">
            <span aria-hidden>{t('board.floorShort', { floor: String(floor.floor) })}</span>
            {floor.units.map((unit, col) => (
              <UnitCell key={unit.id} unit={unit} status={statusOf(statuses, unit.status)} dim={!shown(unit)} flash={flashing.has(unit.id)} row={row} col={col} last={col === floor.units.length - 1} onOpen={onOpen} t={t} />
            ))}
          </div>
        ))}
      </Box>
    </Paper>
  );
}

/** On a phone: one block at a time, a list by floor of the units that pass the filters. */
function FloorList({ board, units, shown, onOpen }: { board: Board; units: ReadonlyMap<string, BoardUnit>; shown: (unit: BoardUnit) => boolean; onOpen: (id: string) => void }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const blockTitle = useBlockTitle();
  const [block, setBlock] = useState(board.blocks[0]?.block ?? '');
  const floors = useMemo(() => floorsOf([...units.values()].filter(shown), block), [units, block, shown]);
  return (
    <Box>
      <Tabs value={block} onChange={(_event, value: string) => setBlock(value)} variant="scrollable" aria-label={t('board.blocks')}>
        {board.blocks.map((one) => (
          <Tab key={one.block} value={one.block} label={blockTitle(one.block)} />
        ))}
      </Tabs>
      <List aria-label={t('board.blockByFloor', { block })} sx={{ '& ul': { p: 0 } }}>
        {floors.map((floor) => (
          <li key={floor.floor}>
            <ul>
              <ListSubheader>{t('board.floor', { floor: String(floor.floor) })}</ListSubheader>
              {floor.units.map((unit) => (
                <ListItemButton key={unit.id} onClick={() => onOpen(unit.id)} divider>
                  <ListItemText primary={unit.code} secondary={[unit.unitType, unit.bedrooms !== null ? t('board.bedroomsShort', { n: format.number(unit.bedrooms) }) : null, unit.areaM2 ? t('board.area', { n: format.number(Number(unit.areaM2)) }) : null, unit.claim?.holder ? claimText(t, unit.claim) : null].filter(Boolean).join(' · ')} />
                  <StatusChip status={unit.status} statuses={board.statuses} />
                </ListItemButton>
              ))}
            </ul>
          </li>
        ))}
        {floors.length === 0 ? <Typography sx={{ p: 2 }}>{t('board.noMatch')}</Typography> : null}
      </List>
    </Box>
  );
}

function Filters({ board, filters, onChange }: { board: Board; filters: BoardFilters; onChange: (next: BoardFilters) => void }) {
  const t = useT(salesCatalog);
  const choices = useMemo(() => filterChoices(board), [board]);
  const set = (key: keyof Omit<BoardFilters, 'statuses'>) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value });
  const small = { size: 'small' as const, sx: { minWidth: 120 } };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} component="form" aria-label={t('board.filterUnits')} onSubmit={(event) => event.preventDefault()}>
      <TextField select label={t('board.type')} value={filters.unitType} onChange={set('unitType')} {...small}>
        <MenuItem value="">{t('board.any')}</MenuItem>
        {choices.types.map((type) => (
          <MenuItem key={type.id} value={type.id}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('board.bedrooms')} value={filters.bedrooms} onChange={set('bedrooms')} {...small}>
        <MenuItem value="">{t('board.any')}</MenuItem>
        {choices.bedrooms.map((n) => (
          <MenuItem key={n} value={String(n)}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('board.view')} value={filters.view} onChange={set('view')} {...small}>
        <MenuItem value="">{t('board.any')}</MenuItem>
        {choices.views.map((view) => (
          <MenuItem key={view} value={view}>
            {view}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('board.areaFrom')} value={filters.minArea} onChange={set('minArea')} size="small" sx={{ width: 150 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label={t('board.areaTo')} value={filters.maxArea} onChange={set('maxArea')} size="small" sx={{ width: 150 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      {board.prices ? (
        <>
          <TextField label={t('board.priceFrom', { currency: board.project.currency })} value={filters.minPrice} onChange={set('minPrice')} size="small" sx={{ width: 160 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField label={t('board.priceTo', { currency: board.project.currency })} value={filters.maxPrice} onChange={set('maxPrice')} size="small" sx={{ width: 160 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </>
      ) : null}
      <Button onClick={() => onChange(NO_FILTERS)}>{t('board.clearFilters')}</Button>
    </Stack>
  );
}

/**
 * The live inventory board: a project's blocks × floors, each unit a cell in its status colour,
 * filterable, counted by status; a unit opens its card. The board is read once and kept current
 * by the project's unit stream, so a unit held or reserved anywhere shows here within a second.
 */
export function BoardPage() {
  const t = useT(salesCatalog);
  const format = useFormat();
  const [project, chooseProject] = useProject();
  const { data: fetched, error, isFetching, refetch } = useUnitBoardQuery(project ?? '', { skip: !project, refetchOnMountOrArgChange: true });
  const board = useStatusWords(fetched);
  const [units, setUnits] = useState<ReadonlyMap<string, BoardUnit>>(new Map());
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const phone = useMediaQuery((theme: { breakpoints: { down: (key: 'sm') => string } }) => theme.breakpoints.down('sm'));

  // From the fetched board: a change of language (new status words) must not undo the stream's events.
  useEffect(() => {
    setUnits(new Map((fetched?.units ?? []).map((unit) => [unit.id, unit])));
  }, [fetched]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const onEvent = useCallback(
    (event: BoardEvent) => {
      setUnits((current) => applyEvent(current, event) ?? current);
      setFlashing((current) => new Set(current).add(event.unitId));
      const previous = timers.current.get(event.unitId);
      if (previous) clearTimeout(previous);
      timers.current.set(
        event.unitId,
        setTimeout(() => {
          timers.current.delete(event.unitId);
          setFlashing((current) => {
            const next = new Set(current);
            next.delete(event.unitId);
            return next;
          });
        }, FLASH_MS),
      );
      if (board) {
        const status = statusLabel(board.statuses, event.status);
        const now = format.language === 'en' ? status.toLowerCase() : status;
        setAnnouncement(event.claim?.holder ? t('board.nowStatusHolder', { code: event.code, status: now, holder: event.claim.holder }) : t('board.nowStatus', { code: event.code, status: now }));
      }
    },
    [board, t, format],
  );
  const stream = useBoardStream(board ? board.project.id : null, board ? board.lastEventId : null, onEvent, () => void refetch());

  const shown = useCallback((unit: BoardUnit) => matches(unit, filters), [filters]);
  const counts = useMemo(() => countByStatus(units.values()).all, [units]);
  const openUnit = open ? units.get(open) : undefined;
  const toggleStatus = (status: string) => {
    const next = new Set(filters.statuses);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    setFilters({ ...filters, statuses: next });
  };

  return (
    <Box component="section" aria-label={t('board.region')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', px: { xs: 2, md: 3 }, pb: 3, pt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The shell's page header carries the title. */}
        <Box sx={{ minWidth: 260 }}>
          <ReferencePicker resource="projects" name="project" label={t('board.project')} value={project} valueLabels={board?.project.name ?? null} onChange={(value) => chooseProject((value as string | null) ?? null)} />
        </Box>
        {board ? <StreamBadge state={stream} /> : null}
        <Button component={RouterLink} to={salesDashboardLinks.route}>
          {t('board.salesDashboard')}
        </Button>
      </Stack>
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
      {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
      {!project ? <Typography>{t('board.chooseProject')}</Typography> : null}
      {board ? (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('board.byStatus')}>
            {board.statuses.map((status) => {
              const pressed = filters.statuses.has(status.name);
              return (
                <Chip
                  key={status.name}
                  clickable
                  onClick={() => toggleStatus(status.name)}
                  aria-pressed={pressed}
                  label={t('board.statusCount', { status: status.label, n: format.number(counts[status.name] ?? 0) })}
                  variant={pressed ? 'filled' : 'outlined'}
                  sx={pressed ? { bgcolor: status.color, color: textOn(status.color) } : { borderColor: status.color, borderWidth: 2 }}
                  data-status-count={status.name}
                />
              );
            })}
            <Typography variant="body2" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
              {t('board.units', { count: units.size, n: format.number(units.size) })}
              {isFetching ? t('board.refreshing') : ''}
            </Typography>
          </Stack>
          <Filters board={board} filters={filters} onChange={setFilters} />
          {phone ? (
            <FloorList board={board} units={units} shown={shown} onOpen={setOpen} />
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
              {board.blocks.map((block) => (
                <BlockGrid key={block.block} block={block.block} units={units} statuses={board.statuses} shown={shown} flashing={flashing} onOpen={setOpen} />
              ))}
            </Box>
          )}
          {board.units.length === 0 ? <Typography>{t('board.noUnits')}</Typography> : null}
        </>
      ) : null}
      {board && openUnit ? <UnitCard unit={openUnit} board={board} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
