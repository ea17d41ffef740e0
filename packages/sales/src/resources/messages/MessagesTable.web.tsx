import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { formatDateTime } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import type { MessageView } from './model.js';
import { useRetryCustomerMessageMutation } from './messagesApi.web.js';

export const TEMPLATE_LABELS: Record<string, string> = {
  installment_due: 'Installment due',
  installment_overdue: 'Installment overdue',
  receipt_issued: 'Receipt issued',
  cheque_bounced: 'Cheque bounced',
  statement: 'Statement of account',
  reservation_confirmed: 'Reservation confirmed',
};

const STATUS_COLORS = { queued: 'default', sent: 'success', failed: 'error', skipped: 'warning' } as const;

/** Customer messages as rows: whom, what, how, status with its error or next try, and Retry for a failed one. */
export function MessagesTable({ rows, showCustomer = true }: { rows: readonly MessageView[]; showCustomer?: boolean }) {
  const checker = useChecker();
  const canRetry = checker.can('customerMessage', 'update');
  const [retry, { isLoading }] = useRetryCustomerMessageMutation();
  const { enqueueSnackbar } = useSnackbar();
  if (rows.length === 0) return <Typography color="text.secondary">No messages.</Typography>;
  return (
    <Table size="small" aria-label="Customer messages">
      <TableHead>
        <TableRow>
          <TableCell>Written</TableCell>
          {showCustomer ? <TableCell>Customer</TableCell> : null}
          <TableCell>Message</TableCell>
          <TableCell>Channel</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Tries</TableCell>
          <TableCell>Details</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{formatDateTime(row.createdOn)}</TableCell>
            {showCustomer ? <TableCell>{row.customerName}</TableCell> : null}
            <TableCell>
              {TEMPLATE_LABELS[row.template] ?? row.template} ({row.language}){row.byHand ? ' · by hand' : ''}
            </TableCell>
            <TableCell>{row.channel === 'email' ? 'E-mail' : 'SMS'}</TableCell>
            <TableCell>
              <Chip size="small" label={row.status} color={STATUS_COLORS[row.status]} />
            </TableCell>
            <TableCell>{row.attempts}</TableCell>
            <TableCell>
              {row.status === 'skipped' ? `Skipped: ${row.skippedReason ?? ''}` : null}
              {row.status === 'failed' ? `${row.lastError ?? ''}${row.nextTryAt ? ` · next try ${formatDateTime(row.nextTryAt)}` : ' · given up'}` : null}
              {row.status === 'queued' && row.nextTryAt ? `Goes ${formatDateTime(row.nextTryAt)}` : null}
              {row.status === 'sent' ? (
                <Tooltip title={row.providerId ?? ''}>
                  <span>
                    {row.transport === 'file' ? 'Written as a file (no SMTP server configured)' : `Sent to ${row.recipient ?? ''}`}
                    {row.sentAt ? ` · ${formatDateTime(row.sentAt)}` : ''}
                  </span>
                </Tooltip>
              ) : null}
            </TableCell>
            <TableCell>
              {row.status === 'failed' && canRetry ? (
                <Button
                  size="small"
                  disabled={isLoading}
                  onClick={() =>
                    retry(row.id)
                      .unwrap()
                      .then(() => enqueueSnackbar('Queued again.', { variant: 'success' }))
                      .catch((error: unknown) => enqueueSnackbar(toApiError(error).message, { variant: 'error' }))
                  }
                >
                  Retry
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
