import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ComparisonView } from '../../model/api.js';
import { formatMoney } from '../../model/money.js';
import { quantityText } from '../../web/common/DocumentLines.js';
import { useProcurementWords } from '../../web/i18n/words.js';
import { dataText } from '@propdesk/i18n/react';

export type ComparisonTableProps = {
  data: ComparisonView;
  /** The buyer may award: radios per line and an "Award all" button per supplier. */
  canAward: boolean;
  /** The quotation chosen for each request line. */
  choice: Record<string, string>;
  busy: boolean;
  onChoose: (requestLine: string, quotation: string) => void;
  onAwardAll: (quotation: string) => void;
};

/**
 * Suppliers as columns, request lines as rows, the lowest price per line and the lowest total
 * marked, expired quotations greyed out.
 */
export function ComparisonTable({ data, canAward, choice, busy, onChoose, onAwardAll }: ComparisonTableProps) {
  const { t, language, count, data: dataWord } = useProcurementWords();
  const days = (total: string, leadTime: number | null | undefined) =>
    leadTime === null || leadTime === undefined ? t('cmp.totalNoDays', { total }) : t('cmp.totalDays', { total, count: leadTime, n: count(leadTime) });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('cmp.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('cmp.requestLine')}</TableCell>
            <TableCell align="right">{t('cmp.qty')}</TableCell>
            {data.columns.map((column) => (
              <TableCell key={column.quotation} align="right" sx={{ opacity: column.expired ? 0.5 : 1, minWidth: 170, bgcolor: column.expired ? 'action.hover' : undefined }} data-testid={`supplier-${column.supplierName}`}>
                <Typography sx={{ fontWeight: 600 }}>
                  <bdi>{column.supplierName}</bdi>
                </Typography>
                <Typography variant="caption" component="div" color="text.secondary">
                  {dataText(language, (params) => t('cmp.validUntil', params), {}, { number: column.number, date: column.validUntil })}
                </Typography>
                {column.expired ? <Chip size="small" label={t('cmp.expired')} sx={{ mt: 0.5 }} /> : null}
                {column.hasAttachment ? (
                  <Link href={`/api/quotations/${column.quotation}/attachment`} target="_blank" rel="noopener" variant="caption" sx={{ display: 'block' }}>
                    {t('cmp.supplierPdf')}
                  </Link>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => {
            const open = Number(row.orderedQuantity) < Number(row.quantity);
            return (
              <TableRow key={row.requestLine}>
                <TableCell>
                  <bdi>{row.description}</bdi>
                  {!open ? <Chip size="small" color="success" variant="outlined" label={t('cmp.ordered')} sx={{ ml: 1 }} /> : null}
                </TableCell>
                <TableCell align="right">
                  {quantityText(row.quantity)} <bdi>{row.unit}</bdi>
                </TableCell>
                {data.columns.map((column) => {
                  const cell = row.cells[column.quotation];
                  if (!cell) return <TableCell key={column.quotation} align="right" sx={{ color: 'text.disabled' }}>{t('cmp.notQuoted')}</TableCell>;
                  return (
                    <TableCell
                      key={column.quotation}
                      align="right"
                      sx={{ opacity: column.expired ? 0.5 : 1, bgcolor: cell.lowest ? 'success.light' : column.expired ? 'action.hover' : undefined, color: cell.lowest ? 'success.contrastText' : undefined }}
                      data-lowest={cell.lowest ? 'true' : 'false'}
                    >
                      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
                        <Box>
                          <Typography sx={{ fontWeight: cell.lowest ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cell.unitPrice)}</Typography>
                          <Typography variant="caption" component="div">
                            {days(formatMoney(cell.total), cell.leadTimeDays)}
                          </Typography>
                        </Box>
                        {canAward && open && !column.expired ? (
                          <Radio
                            size="small"
                            checked={choice[row.requestLine] === column.quotation}
                            onChange={() => onChoose(row.requestLine, column.quotation)}
                            slotProps={{ input: { 'aria-label': t('cmp.awardLineTo', { line: row.description, supplier: column.supplierName }) } }}
                          />
                        ) : null}
                      </Stack>
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
              {t('cmp.total')}
            </TableCell>
            {data.columns.map((column) => (
              <TableCell key={column.quotation} align="right" sx={{ fontWeight: 700, opacity: column.expired ? 0.5 : 1, bgcolor: column.lowestTotal ? 'success.light' : undefined }} data-lowest-total={column.lowestTotal ? 'true' : 'false'}>
                {formatMoney(column.total)}
                {column.lowestTotal ? <Chip size="small" color="success" label={t('cmp.lowestTotal')} sx={{ ml: 1 }} /> : null}
                {canAward && !column.expired && column.status !== 'cancelled' ? (
                  <Button size="small" disabled={busy} onClick={() => onAwardAll(column.quotation)} sx={{ display: 'block', ml: 'auto' }}>
                    {t('cmp.awardAllTo', { supplier: dataWord(column.supplierName) })}
                  </Button>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
