import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { FieldDef } from '../model/index.js';
import { FieldInput } from './FieldInput.js';
import { inSentence } from './nouns.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type RowsInputProps = {
  name: string;
  field: FieldDef;
  value: unknown;
  /** The field's own error ("Add at least one tier", a rule's message). */
  error?: string | undefined;
  /** A cell's error, by row index and column (`tiers.2.pct`). */
  cellError?: ((row: number, column: string) => string | undefined) | undefined;
  disabled?: boolean | undefined;
  onChange: (rows: Record<string, unknown>[]) => void;
  onBlur: () => void;
};

const singular = (label: string) => label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');

const emptyRow = (columns: Readonly<Record<string, FieldDef>>) =>
  Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column.default ?? (column.kind === 'boolean' ? false : '')]));

/** A list of rows inside a record edited as a small table: add, remove and reorder rows, each cell checked. */
export function RowsInput({ name, field, value, error, cellError, disabled, onChange, onBlur }: RowsInputProps) {
  const columns = Object.entries(field.columns ?? {});
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const max = field.maxRows ?? 100;
  const t = useT(recordsCatalog);
  const language = useLanguage();
  const noun = singular(field.label);
  const setCell = (index: number, column: string, cell: unknown) => onChange(rows.map((row, at) => (at === index ? { ...row, [column]: cell } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Box role="group" aria-labelledby={`field-${name}-label`}>
      <Typography id={`field-${name}-label`} variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {field.label}
        {field.required ? ' *' : ''}
      </Typography>
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={field.label} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 32, display: { xs: 'none', sm: 'table-cell' } }}>#</TableCell>
              {columns.map(([column, spec]) => (
                <TableCell key={column}>
                  {spec.label}
                  {spec.required ? ' *' : ''}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ width: { xs: 'auto', sm: 112 } }}>
                <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                  {t('rowsActions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 2} sx={{ color: 'text.secondary' }}>
                  {t('rowsNone', { label: language === 'ar' ? field.label : inSentence(field.label) })}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((row, index) => (
              <TableRow key={index} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ pt: 2, display: { xs: 'none', sm: 'table-cell' } }}>{index + 1}</TableCell>
                {columns.map(([column, spec]) => (
                  <TableCell key={column} sx={{ minWidth: { xs: 72, sm: 120 } }}>
                    <FieldInput
                      name={`${name}.${index}.${column}`}
                      field={{ ...spec, label: t('rowsCell', { column: spec.label, noun, n: String(index + 1) }) }}
                      bare={!['enum', 'boolean', 'date'].includes(spec.kind)}
                      value={row[column] ?? ''}
                      error={cellError?.(index, column)}
                      disabled={disabled}
                      onChange={(cell) => setCell(index, column, cell)}
                      onBlur={onBlur}
                    />
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: '0 !important', sm: 1 } }}>
                  <IconButton size="small" aria-label={t('rowsMoveUp', { noun, n: String(index + 1) })} disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('rowsMoveDown', { noun, n: String(index + 1) })} disabled={disabled || index === rows.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('rowsRemove', { noun, n: String(index + 1) })} disabled={disabled} onClick={() => onChange(rows.filter((_row, at) => at !== index))}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Button size="small" startIcon={<Add />} sx={{ mt: 0.5 }} disabled={disabled || rows.length >= max} onClick={() => onChange([...rows, emptyRow(field.columns ?? {})])}>
        {t('rowsAdd', { noun })}
      </Button>
      {error || field.help ? <FormHelperText error={Boolean(error)}>{error ?? field.help}</FormHelperText> : null}
    </Box>
  );
}
