import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormExtension } from '@propdesk/records/web';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { ProcurementWebKey } from '../i18n/en.js';
import { useProcurementWords } from '../i18n/words.js';

export type LineRow = Record<string, unknown>;
/** `label` is the column's word in the procurement catalog. */
export type LineColumn = { name: string; label: ProcurementWebKey; kind?: 'text' | 'number'; width?: number; options?: readonly { value: string; label: string }[]; initial?: string };

type LinesEditorProps = { rows: LineRow[]; columns: readonly LineColumn[]; error?: string | undefined; onChange: (rows: LineRow[]) => void; caption?: ReactNode };

/** The lines of a document, edited with its header: one row per line, added and removed in place. */
export function LinesEditor({ rows, columns, error, onChange, caption }: LinesEditorProps) {
  const { t, count } = useProcurementWords();
  const blank = () => Object.fromEntries(columns.map((column) => [column.name, column.initial ?? '']));
  const set = (index: number, name: string, value: string) => onChange(rows.map((row, at) => (at === index ? { ...row, [name]: value } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('lines.title')}
      </Typography>
      {caption}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('lines.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 32 }}>#</TableCell>
              {columns.map((column) => (
                <TableCell key={column.name} sx={{ minWidth: column.width ?? 110 }} align={column.kind === 'number' ? 'right' : 'left'}>
                  {t(column.label)}
                </TableCell>
              ))}
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={String(row.id ?? `new-${index}`)}>
                <TableCell>{index + 1}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.name}>
                    <TextField
                      size="small"
                      fullWidth
                      select={Boolean(column.options)}
                      value={String(row[column.name] ?? '')}
                      onChange={(event) => set(index, column.name, event.target.value)}
                      slotProps={{ htmlInput: { 'aria-label': t('lines.cell', { n: count(index + 1), column: t(column.label) }), inputMode: column.kind === 'number' ? 'decimal' : 'text', style: column.kind === 'number' ? { textAlign: 'right' } : undefined } }}
                    >
                      {column.options?.map((option) => (
                        <MenuItem key={option.value} value={option.value}>
                          {option.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                ))}
                <TableCell>
                  <IconButton aria-label={t('lines.remove', { n: count(index + 1) })} onClick={() => onChange(rows.filter((_row, at) => at !== index))} size="small">
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 2}>
                  <Typography color="text.secondary">{t('lines.noneYet')}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, blank()])} sx={{ mt: 1 }}>
        {t('lines.add')}
      </Button>
    </Box>
  );
}

const linesSchema = z.array(z.record(z.string(), z.unknown())).max(1000, { message: 'At most 1000 lines' });

/** Empty inputs are sent as null (the server then keeps its default or names the missing value); lines are numbered in order. */
export function normalizeLines(rows: LineRow[], columns: readonly LineColumn[]): LineRow[] {
  return rows.map((row, index) => {
    const body: LineRow = row.id ? { id: row.id } : {};
    for (const column of columns) {
      const value = row[column.name];
      body[column.name] = value === '' || value === undefined ? null : value;
    }
    body.lineNo = index + 1;
    return body;
  });
}

/** A form extension that edits `lines` with the header; `render` may wrap the editor (a quotation picks request lines). */
export function linesExtension(
  columns: readonly LineColumn[],
  wrap?: (editor: (columns: readonly LineColumn[]) => ReactNode, values: Record<string, unknown>, setLines: (rows: LineRow[]) => void) => ReactNode,
): FormExtension {
  return {
    create: { lines: linesSchema.default([]) },
    update: { lines: linesSchema.optional() },
    defaults: (record) => ({
      lines: normalizeLines(((record?.lines as LineRow[] | undefined) ?? []).map((line) => ({ id: line.id, ...Object.fromEntries(columns.map((column) => [column.name, line[column.name] ?? null])) })), columns),
    }),
    render: ({ values, errors, setValue }) => {
      const editor = (shown: readonly LineColumn[]) => (
        <LinesEditor
          rows={(values.lines as LineRow[] | undefined) ?? []}
          columns={shown}
          error={errors.lines}
          onChange={(rows) => setValue('lines', normalizeLines(rows, shown))}
        />
      );
      return wrap ? wrap(editor, values, (rows) => setValue('lines', normalizeLines(rows, columns))) : editor(columns);
    },
  };
}
