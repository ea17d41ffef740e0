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
import { formatMoney, humanize, recordsApi } from '@propdesk/records/web';

/** Under a receipt's view: what it paid (its items; a void receipt's no longer count) and its prints. */
export function ReceiptPanel({ record }: { record: RecordRow }) {
  const { data } = recordsApi.useListRecordsQuery({ resource: 'receipt-items', params: { 'filter[receipt]': record.id, pageSize: '200', sort: 'createdOn' } });
  const items = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Receipt items">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1">Paid for</Typography>
          <Button size="small" variant="contained" href={`/api/receipts/${record.id}/print?lang=ar`} target="_blank" rel="noopener">
            Print (Arabic)
          </Button>
          <Button size="small" variant="outlined" href={`/api/receipts/${record.id}/print?lang=en`} target="_blank" rel="noopener">
            Print (English)
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Pays</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Counts</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{String(item.label ?? '')}</TableCell>
                <TableCell>{humanize(String(item.kind))}</TableCell>
                <TableCell align="right">{formatMoney(item.amount)}</TableCell>
                <TableCell>{item.counts ? 'Yes' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}
