import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { useT } from '@propdesk/i18n/react';
import { recordsApi } from '@propdesk/records/web';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useOptionLabel } from '../../web/i18n/definitionWords.js';
import { useFormat } from '../../web/i18n/format.js';
import { storedLabel } from '../../web/i18n/storedLabels.js';

/** Under a receipt's view: what it paid (its items; a void receipt's no longer count) and its prints. */
export function ReceiptPanel({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const option = useOptionLabel();
  const { data } = recordsApi.useListRecordsQuery({ resource: 'receipt-items', params: { 'filter[receipt]': record.id, pageSize: '200', sort: 'createdOn' } });
  const items = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('receipt.items')}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1">{t('receipt.paidFor')}</Typography>
          <Button size="small" variant="contained" href={`/api/receipts/${record.id}/print?lang=ar`} target="_blank" rel="noopener">
            {t('contract.printArabic')}
          </Button>
          <Button size="small" variant="outlined" href={`/api/receipts/${record.id}/print?lang=en`} target="_blank" rel="noopener">
            {t('contract.printEnglish')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('receipt.item')}</TableCell>
              <TableCell>{t('receipt.pays')}</TableCell>
              <TableCell align="right">{t('receipt.amount')}</TableCell>
              <TableCell>{t('receipt.counts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                {/* The item's label as the server stored it (English), said in the page's language (as the cheque's panel shows it). */}
                <TableCell><bdi>{storedLabel(item.label, t, format)}</bdi></TableCell>
                <TableCell>{option('receipt-items', 'kind', item.kind)}</TableCell>
                <TableCell align="right">{format.money(item.amount)}</TableCell>
                <TableCell>{item.counts ? t('receipt.yes') : t('receipt.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}
