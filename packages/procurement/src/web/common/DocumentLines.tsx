import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatMoney, formatPercent, formatQuantity } from '@propdesk/records/web';

export type ShownColumn = { name: string; label: string; kind?: 'text' | 'quantity' | 'money' | 'percent' };

/** 10.0000 → 10, 2.5000 → 2.5 (the engine's one format for quantities). */
export const quantityText = formatQuantity;

/** A line's value in a person's words: the engine's formats (146,000.00 EGP, 2, 14%). */
const show = (value: unknown, kind: ShownColumn['kind']) => {
  if (kind === 'money') return formatMoney(value);
  if (kind === 'quantity') return formatQuantity(value);
  if (kind === 'percent') return formatPercent(value);
  return value === null || value === undefined ? '' : String(value);
};

/** A document's lines, read-only, with its totals under them. */
export function DocumentLines({ lines, columns, totals, title = 'Lines', actions }: { lines: readonly Record<string, unknown>[]; columns: readonly ShownColumn[]; totals?: readonly [string, unknown][]; title?: string; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {columns.map((column) => (
                <TableCell key={column.name} align={column.kind && column.kind !== 'text' ? 'right' : 'left'}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => (
              <TableRow key={String(line.id)}>
                <TableCell>{index + 1}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.name} align={column.kind && column.kind !== 'text' ? 'right' : 'left'}>
                    {show(line[column.name], column.kind)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography color="text.secondary">No lines.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
            {(totals ?? []).map(([label, value]) => (
              <TableRow key={label}>
                <TableCell colSpan={columns.length} align="right" sx={{ fontWeight: label === 'Total' ? 700 : 500, borderBottom: 0 }}>
                  {label}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: label === 'Total' ? 700 : 500, borderBottom: 0 }}>
                  {formatMoney(value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** Opens the server-generated A4 PDF in a new tab. */
export function PdfButton({ href, label = 'Print PDF' }: { href: string; label?: string }) {
  return (
    <Button variant="outlined" size="small" startIcon={<PictureAsPdfOutlined />} href={href} target="_blank" rel="noopener">
      {label}
    </Button>
  );
}
