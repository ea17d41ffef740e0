import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, type RecordRow } from '@propdesk/records/model';
import { formatDateRange, formatMoney, humanize, recordsApi, type ResourcePageProps } from '@propdesk/records/web';
import { useDepositCalendarQuery } from './chequeApi.web.js';

/** Above the cheque register: the received cheques to deposit this week (late ones first flagged), by bank. */
export function DepositCalendarPanel() {
  const { data, isLoading } = useDepositCalendarQuery(undefined);
  if (isLoading || !data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Deposit calendar">
      <Typography variant="subtitle1">
        To deposit this week ({formatDateRange(data.from, data.to)})
      </Typography>
      {data.banks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No received cheques are due by {formatDate(data.to)}.
        </Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {data.banks.map((bank) => (
            <Stack key={bank.bank ?? 'none'} spacing={0.5}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {bank.bankName} · {bank.count} · {formatMoney(bank.total)}
              </Typography>
              <Table size="small">
                <TableBody>
                  {bank.cheques.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{formatDate(row.dueDate)}</TableCell>
                      <TableCell>{row.number}</TableCell>
                      <TableCell>{row.drawer}</TableCell>
                      <TableCell>{row.customer}</TableCell>
                      <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                      <TableCell>{row.late ? <Chip size="small" color="warning" label="Late" /> : null}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Above Bounced Cheques: the cheques bounced and not yet replaced, re-deposited or returned. */
export function BouncedPanel() {
  const { data } = recordsApi.useListRecordsQuery({ resource: 'cheques', params: { 'filter[status]': 'bounced', pageSize: '200', sort: '-bouncedOn' } });
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Bounced cheques">
      <Typography variant="subtitle1">Bounced, awaiting replacement, re-deposit or return ({rows.length})</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Cheque</TableCell>
            <TableCell>Bounced on</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Drawer</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{String(row.title ?? row.number)}</TableCell>
              <TableCell>{formatDate(row.bouncedOn) || '—'}</TableCell>
              <TableCell align="right">{formatMoney(String(row.amount))}</TableCell>
              <TableCell>{String(row.drawer ?? '')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** An item of a cheque's receipt: it covers its installment while the cheque is in hand, pays it once cleared. */
const itemState = (item: RecordRow) => (!item.counts ? 'Reversed' : item.cleared === false ? 'Covers' : 'Paid');

/**
 * Under a cheque's view: what its receipt covers or pays (the items; a bounced cheque's no longer
 * count), and, while it waits with a date still to come, that the bank takes it only from then.
 */
export function ChequeReceiptPanel({ record }: { record: RecordRow }) {
  const receipt = typeof record.receipt === 'string' ? record.receipt : '';
  const { data } = recordsApi.useListRecordsQuery({ resource: 'receipt-items', params: { 'filter[receipt]': receipt, pageSize: '200', sort: 'createdOn' } }, { skip: !receipt });
  const items = data?.data ?? [];
  const early = record.status === 'received' && record.depositEarly === true;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Installments covered">
      {early ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Post-dated: {String(record.depositNote ?? '')}
        </Alert>
      ) : null}
      <Typography variant="subtitle1">Installments it covers (paid when it clears)</Typography>
      <Table size="small">
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{String(item.label ?? '')}</TableCell>
              <TableCell>{humanize(String(item.kind ?? ''))}</TableCell>
              <TableCell align="right">{formatMoney(String(item.amount))}</TableCell>
              <TableCell>{itemState(item)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

export const chequeExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <DepositCalendarPanel />,
  renderExtra: (record) => <ChequeReceiptPanel record={record} />,
};

/** The cheques Bounced Cheques lists: bounced, and what became of them (replaced or returned). */
export const BOUNCED_STATES = ['bounced', 'replaced', 'returned'] as const;

export const bouncedExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <BouncedPanel />,
  // The register's list, fixed to those states (not a chip the user can clear).
  fixedFilter: { status: BOUNCED_STATES },
  renderExtra: (record) => <ChequeReceiptPanel record={record} />,
};
