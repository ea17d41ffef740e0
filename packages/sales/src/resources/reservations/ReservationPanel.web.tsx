import Alert from '@mui/material/Alert';
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
import { formatDate, formatMoney, humanize, recordsApi } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';
import { ReservationPreview, previewArgsOf } from './ReservationPreview.web.js';
import { ReservationRules } from './ReservationRules.web.js';
import { RevisionsList } from './RevisionsCompare.web.js';
import { useReservationRevisionsQuery } from './reservationApi.web.js';

const OPEN = ['draft', 'pending_approval', 'confirmed'];

/** The reservation's payments (the `reservation-payments` records naming it). */
function Payments({ reservation }: { reservation: RecordRow }) {
  const { data } = recordsApi.useListRecordsQuery({ resource: 'reservation-payments', params: { 'filter[reservation]': reservation.id, pageSize: '100', sort: 'paidOn' } });
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Payments">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">Payments</Typography>
        <Typography variant="body2" color="text.secondary">
          Fee {formatMoney(reservation.fee)}, paid {formatMoney(reservation.feePaid)} (approved payments)
        </Typography>
        {OPEN.includes(String(reservation.status)) ? (
          <Button size="small" component={RouterLink} to={`/Reservations/payments/create?reservation=${reservation.id}`}>
            Record a payment
          </Button>
        ) : null}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No payments yet.</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>For</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <RouterLink to={`/Reservations/payments?record=${row.id}`}>{String(row.number)}</RouterLink>
                </TableCell>
                <TableCell>{humanize(String(row.kind))}</TableCell>
                <TableCell>{formatDate(row.paidOn)}</TableCell>
                <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                <TableCell>{humanize(String(row.status))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * Under a reservation's view: what it waits for, the way to modify it, its installments as the plan
 * generates them, its payments, and its revisions side by side (the old kept beside the new).
 */
export function ReservationPanel({ record }: { record: RecordRow }) {
  const { data: revisions } = useReservationRevisionsQuery(record.id);
  const status = String(record.status);
  return (
    <Stack spacing={2}>
      {status === 'pending_approval' && record.needsApprovalReason ? <Alert severity="warning">Waiting for finance: {String(record.needsApprovalReason)}</Alert> : null}
      {record.modificationPending ? <Alert severity="info">A modification is waiting for approval; it is shown below beside the current revision.</Alert> : null}
      {status === 'confirmed' && !record.modificationPending ? (
        <Stack direction="row">
          <Button variant="outlined" component={RouterLink} to={`/Reservations/Modify?id=${record.id}`}>
            Modify (unit, plan or price)
          </Button>
        </Stack>
      ) : null}
      {OPEN.includes(status) ? <ReservationPreview args={previewArgsOf(record)} title="Installments (as the plan generates them today)" /> : null}
      <Payments reservation={record} />
      <ReservationRules record={record} />
      <Typography variant="subtitle1">Revisions</Typography>
      <RevisionsList revisions={revisions ?? []} />
    </Stack>
  );
}
