import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { formatDate, formatMoney, humanize, type ResourcePageProps } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import { useEoiMoneyQuery } from './eoiApi.web.js';

const PAYMENTS = '/settings/leads/EoiPayments';
/** An EOI payment's state as a person says it (a refund's steps read as what happened to it). */
const STATUS_WORDS: Readonly<Record<string, { payment: string; refund: string }>> = {
  recorded: { payment: 'Received', refund: 'Recorded' },
  requested: { payment: 'Requested', refund: 'Waiting for approval' },
  approved: { payment: 'Approved', refund: 'Approved, to transfer' },
  completed: { payment: 'Completed', refund: 'Refunded' },
  rejected: { payment: 'Rejected', refund: 'Rejected' },
};
const paymentStatusWords = (status: string, kind: string) => STATUS_WORDS[status]?.[kind === 'refund' ? 'refund' : 'payment'] ?? humanize(status);

/** An EOI's money: its payments and refunds, each opening its own record, and where to record another. */
export function EoiPanel({ record }: { record: RecordRow }) {
  const { data, isLoading, isError } = useEoiMoneyQuery(record.id);
  const open = record.status === 'submitted';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">Payments and refunds</Typography>
        {open ? (
          <Button size="small" variant="outlined" component={RouterLink} to={`${PAYMENTS}/create?eoi=${record.id}`}>
            Record a payment
          </Button>
        ) : null}
      </Stack>
      {isError ? <Alert severity="error">The payments could not be loaded.</Alert> : null}
      {!isLoading && !isError && (data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {record.status === 'draft' ? 'Submit the EOI to take payments.' : 'No payments yet.'}
        </Typography>
      ) : null}
      {(data ?? []).length > 0 ? (
        <Paper variant="outlined">
          <Table size="small" aria-label="Payments and refunds">
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Date</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Reference</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`${PAYMENTS}?record=${row.id}`}>
                      {row.number}
                    </Link>
                  </TableCell>
                  <TableCell>{row.kind === 'refund' ? 'Refund' : 'Payment'}</TableCell>
                  <TableCell>{formatDate(row.paidOn)}</TableCell>
                  <TableCell align="right">{row.kind === 'refund' ? `−${formatMoney(row.amount)}` : formatMoney(row.amount)}</TableCell>
                  <TableCell>{paymentStatusWords(row.status, row.kind)}</TableCell>
                  <TableCell>{row.transferReference ?? row.reference ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}

export const eoiPage: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <EoiPanel record={record} />,
};
