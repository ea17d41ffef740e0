import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { isNumberKind, type FieldDef } from '../model/index.js';
import { formatValue } from './format.js';
import { useFormat } from './i18n/valueFormat.js';

export type RowsTableProps = { field: FieldDef; value: unknown };

/** A list of rows inside a record, read-only: a small table with its columns' labels and values as people read them. */
export function RowsTable({ field, value }: RowsTableProps) {
  const format = useFormat();
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const columns = Object.entries(field.columns ?? {});
  if (rows.length === 0) return <>—</>;
  return (
    <Table size="small" aria-label={field.label} sx={{ mt: 0.5, width: 'auto', '& td, & th': { px: 1, py: 0.5 } }}>
      <TableHead>
        <TableRow>
          {columns.map(([name, column]) => (
            <TableCell key={name} align={isNumberKind(column.kind) ? 'right' : 'left'}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            {columns.map(([name, column]) => (
              <TableCell key={name} align={isNumberKind(column.kind) ? 'right' : 'left'}>
                {/* A row's values are data, as typed (a unit type's name in Latin letters inside Arabic text). */}
                <bdi>{formatValue(column, row?.[name], undefined, format) || column.emptyText || '—'}</bdi>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
