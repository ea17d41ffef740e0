import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { labelFieldOf, optionLabelOf, type RecordRow, type ResourceDef } from '../model/index.js';
import { serverError, useListRecordsQuery, useSaveRecordMutation } from './api.js';
import type { BoardLayoutOptions } from './layouts.js';
import { findResource } from './registry.js';
import { inSentence } from './nouns.js';

type Column = { value: string; name: string; color: string };
type Dragging = { row: RecordRow; from: number };

const DEFAULT_COLOR = '#1a73e8';

/** The columns of a board: an enum's options, or the records a reference field may name. */
function useColumns(def: ResourceDef, options: BoardLayoutOptions): Column[] {
  const field = def.fields[options.groupBy];
  const ref = field?.kind === 'reference' ? field.ref : undefined;
  // The referenced definition may belong to another domain's chunk (lead statuses are settings'): its label field, else `name`.
  const target = ref ? findResource(ref) : undefined;
  const { data } = useListRecordsQuery(
    { resource: ref ?? '', params: { pageSize: '50', ...(options.columnSort ? { sort: options.columnSort } : {}) } },
    { skip: !ref },
  );
  if (field?.kind === 'enum') return (field.options ?? []).map((value) => ({ value, name: optionLabelOf(field, value), color: options.colors?.[value] ?? DEFAULT_COLOR }));
  if (!ref) return [];
  const label = target ? labelFieldOf(target) : 'name';
  return (data?.data ?? []).map((row) => ({ value: row.id, name: String(row[label] ?? ''), color: typeof row.color === 'string' ? row.color : DEFAULT_COLOR }));
}

type ColumnProps = {
  def: ResourceDef;
  options: BoardLayoutOptions;
  column: Column;
  index: number;
  cardName: string;
  dragging: Dragging | null;
  setDragging: (value: Dragging | null) => void;
  onDrop: (row: RecordRow, to: Column) => void;
  onOpen: (id: string) => void;
};

function BoardColumn({ def, options, column, index, cardName, dragging, setDragging, onDrop, onOpen }: ColumnProps) {
  const t = useT(recordsCatalog);
  const perColumn = options.cardsPerColumn ?? 25;
  const move = options.move ?? 'any';
  const { data, isLoading, error } = useListRecordsQuery({
    resource: def.name,
    params: { [`filter[${options.groupBy}][eq]`]: column.value, pageSize: String(perColumn), ...(options.sort ? { sort: options.sort } : {}) },
  });
  const accepts = dragging !== null && (move === 'any' ? dragging.from !== index : move === 'next' && dragging.from + 1 === index);
  const label = labelFieldOf(def);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('boardColumn', { name: column.name })}
      data-column={column.name}
      onDragOver={(event: DragEvent) => {
        if (accepts) event.preventDefault();
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        if (accepts && dragging) onDrop(dragging.row, column);
        setDragging(null);
      }}
      sx={{ width: 280, flexShrink: 0, p: 1, bgcolor: accepts ? 'action.hover' : 'background.paper', borderTop: `4px solid ${column.color}` }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1, px: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
          {column.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {data ? `${data.total}` : ''}
        </Typography>
      </Stack>
      {error ? <Alert severity="error">{serverError(error).message}</Alert> : null}
      <Stack spacing={1} tabIndex={0} role="region" aria-label={`${column.name} ${inSentence(def.label)}`} sx={{ maxHeight: '65vh', overflowY: 'auto' }}>
        {isLoading ? <Typography variant="body2">{t('loading')}</Typography> : null}
        {(data?.data ?? []).map((row) => {
          const draggable = move !== 'none';
          const accent = options.accent?.(row);
          return (
            <Paper
              key={row.id}
              elevation={0}
              draggable={draggable}
              data-testid={`${cardName}-card`}
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.setData('text/plain', row.id);
                setDragging({ row, from: index });
              }}
              onDragEnd={() => setDragging(null)}
              onClick={() => onOpen(row.id)}
              role="button"
              tabIndex={0}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(row.id);
                }
              }}
              sx={{ p: 1, cursor: draggable ? 'grab' : 'pointer', border: 1, borderColor: 'divider', borderLeft: 4, borderLeftColor: accent ?? 'divider' }}
            >
              <Typography variant="body2" data-testid={`${cardName}-card-name`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {String(row[label] ?? '')}
              </Typography>
              {options.renderCard?.(row)}
            </Paper>
          );
        })}
        {data && data.total > perColumn ? (
          <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
            {t('boardMore', { count: String(data.total - perColumn) })}
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A resource's records as cards in columns by one field (the leads by status). Dragging a card to
 * another column saves the field with the version the card was read at (a conflict is refused and said).
 */
export function BoardLayout({ def, options, onOpen }: { def: ResourceDef; options: BoardLayoutOptions; onOpen: (id: string) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT(recordsCatalog);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [save] = useSaveRecordMutation();
  const columns = useColumns(def, options);
  const cardName = inSentence(def.singular).replace(/\s+/g, '-');
  const label = labelFieldOf(def);
  const move = async (row: RecordRow, to: Column) => {
    // The save refreshes every column (the engine's `Record` tag of the resource), refused or not.
    const result = await save({ resource: def.name, id: row.id, body: { version: row.version, [options.groupBy]: to.value } });
    if ('error' in result) enqueueSnackbar(serverError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(t('boardMoved', { record: String(row[label] ?? def.singular), column: to.name }), { variant: 'success' });
  };
  return (
    <Box tabIndex={0} role="region" aria-label={t('boardRegion', { label: def.label, field: (def.fields[options.groupBy]?.label ?? options.groupBy).toLowerCase() })} sx={{ overflowX: 'auto', pb: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 'min-content' }}>
        {columns.map((column, index) => (
          <BoardColumn
            key={column.value}
            def={def}
            options={options}
            column={column}
            index={index}
            cardName={cardName}
            dragging={dragging}
            setDragging={setDragging}
            onDrop={(row, to) => void move(row, to)}
            onOpen={onOpen}
          />
        ))}
      </Stack>
    </Box>
  );
}
