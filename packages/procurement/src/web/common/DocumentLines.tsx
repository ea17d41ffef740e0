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
import { Fragment, type ReactNode } from 'react';
import { formatMoney, formatPercent, formatQuantity } from '@propdesk/records/web';
import type { ProcurementWebKey } from '../i18n/en.js';
import { useProcurementWords } from '../i18n/words.js';

/** `label` is the column's word in the procurement catalog; so is a total's. */
export type ShownColumn = { name: string; label: ProcurementWebKey; kind?: 'text' | 'quantity' | 'money' | 'percent' };

/** 10.0000 → 10, 2.5000 → 2.5 (the engine's one format for quantities). */
export const quantityText = formatQuantity;

/** A line's value in a person's words: the engine's formats (146,000.00 EGP, 2, 14%). */
const show = (value: unknown, kind: ShownColumn['kind']) => {
  if (kind === 'money') return formatMoney(value);
  if (kind === 'quantity') return formatQuantity(value);
  if (kind === 'percent') return formatPercent(value);
  return value === null || value === undefined ? '' : String(value);
};

/** A document's lines, read-only, with its totals under them; each value in <bdi>, so "16,416.00 EGP" keeps its order right to left. */
export function DocumentLines({ lines, columns, totals, actions }: { lines: readonly Record<string, unknown>[]; columns: readonly ShownColumn[]; totals?: readonly [ProcurementWebKey, unknown][]; actions?: ReactNode }) {
  const { t } = useProcurementWords();
  const title = t('lines.title');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Box sx={{ overflowX: 'auto', display: { xs: 'none', sm: 'block' } }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {columns.map((column) => (
                <TableCell key={column.name} align={column.kind && column.kind !== 'text' ? 'right' : 'left'}>
                  {t(column.label)}
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
                    <bdi>{show(line[column.name], column.kind)}</bdi>
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography color="text.secondary">{t('lines.none')}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
            {(totals ?? []).map(([label, value]) => (
              <TableRow key={label}>
                <TableCell colSpan={columns.length} align="right" sx={{ fontWeight: label === 'lines.total' ? 700 : 500, borderBottom: 0 }}>
                  {t(label)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: label === 'lines.total' ? 700 : 500, borderBottom: 0 }}>
                  <bdi>{formatMoney(value)}</bdi>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {/* On a phone the table would scroll sideways past an empty stretch: each line is a block instead. */}
      <LineBlocks lines={lines} columns={columns} totals={totals} title={title} />
    </Paper>
  );
}

/** The lines one under the other (narrow screens): the first column as the heading, the rest as label and value. */
function LineBlocks({ lines, columns, totals, title }: { lines: readonly Record<string, unknown>[]; columns: readonly ShownColumn[]; totals?: readonly [ProcurementWebKey, unknown][] | undefined; title: string }) {
  const { t } = useProcurementWords();
  const [first, ...rest] = columns;
  return (
    <Box component="ol" aria-label={title} sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', m: 0, p: 0 }}>
      {lines.length === 0 ? (
        <Typography component="li" color="text.secondary">
          {t('lines.none')}
        </Typography>
      ) : null}
      {lines.map((line, index) => (
        <Box component="li" key={String(line.id)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {index + 1}. <bdi>{first ? show(line[first.name], first.kind) : ''}</bdi>
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5 }}>
            {rest.map((column) => (
              <Fragment key={column.name}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(column.label)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  <bdi>{show(line[column.name], column.kind)}</bdi>
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
      {(totals ?? []).map(([label, value]) => (
        <Box component="li" key={label} sx={{ display: 'flex', justifyContent: 'space-between', pt: 1, fontWeight: label === 'lines.total' ? 700 : 500 }}>
          <span>{t(label)}</span>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            <bdi>{formatMoney(value)}</bdi>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Opens the server-generated A4 PDF in a new tab. */
export function PdfButton({ href, label }: { href: string; label?: string }) {
  const { t } = useProcurementWords();
  return (
    <Button variant="outlined" size="small" startIcon={<PictureAsPdfOutlined />} href={href} target="_blank" rel="noopener">
      {label ?? t('doc.printPdf')}
    </Button>
  );
}
