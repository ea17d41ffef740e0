import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { apiErrorText, toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { formatDate, formatDateTime } from '@propdesk/records/web';
import { formatMoney } from '../../model/money.js';
import { quantityText } from '../../web/common/DocumentLines.js';
import { useOrderApprovalsQuery, useOrderReceiptsQuery, useReceiveGoodsMutation } from './orderApi.web.js';

/** The tiers an order needs for its amount, who decided each and when, and whose turn it is. */
export function ApprovalsPanel({ orderId }: { orderId: string; status?: string; version?: number }) {
  // An action on the order (submit, approve) refreshes it (tags).
  const { data, error } = useOrderApprovalsQuery(orderId);
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Approvals">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Approvals
      </Typography>
      {data.tiers.length === 0 ? <Typography color="text.secondary">No approval tier applies to this amount.</Typography> : null}
      <Stack spacing={1}>
        {data.tiers.map((tier) => (
          <Stack key={tier.level} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label={`Tier ${tier.level}`} color={tier.decision ? 'success' : tier.level === data.next ? 'warning' : 'default'} />
            <Typography sx={{ fontWeight: 600 }}>{tier.name}</Typography>
            <Typography color="text.secondary">
              ({tier.roleName}, above {formatMoney(tier.aboveAmount)})
            </Typography>
            <Typography>
              {tier.decision
                ? `Approved by ${tier.decision.userName} on ${formatDateTime(tier.decision.decidedOn)}${tier.decision.comment ? `: “${tier.decision.comment}”` : ''}`
                : tier.level === data.next
                  ? 'Waiting for this tier'
                  : 'Not yet'}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Goods received so far, and the dialog to record a delivery (partial allowed; over-receipt needs a reason). */
export function ReceiptsPanel({ orderId, status, lines }: { orderId: string; status: string; version?: number; lines: readonly Record<string, unknown>[] }) {
  const checker = useChecker();
  const { enqueueSnackbar } = useSnackbar();
  const { data } = useOrderReceiptsQuery(orderId);
  const [receiveGoods] = useReceiveGoodsMutation();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const canReceive = ['issued', 'partially_received'].includes(status) && checker.can('poheader', 'update');
  const over = lines.some((line) => Number(quantities[String(line.id)] || 0) + Number(line.receivedQuantity ?? 0) > Number(line.quantity));

  const submit = async () => {
    const chosen = lines.filter((line) => Number(quantities[String(line.id)] || 0) > 0).map((line) => ({ line: String(line.id), quantity: quantities[String(line.id)]! }));
    if (chosen.length === 0) return setFailure({ message: 'Enter the quantity received on at least one line.', fields: {} });
    setBusy(true);
    setFailure(null);
    try {
      await receiveGoods({ id: orderId, body: { lines: chosen, ...(reason.trim() ? { overReceiptReason: reason.trim() } : {}) } }).unwrap();
      enqueueSnackbar('Goods received.', { variant: 'success' });
      setOpen(false);
      setQuantities({});
      setReason('');
    } catch (problem) {
      const failed = toApiError(problem);
      const fields: Record<string, string> = {};
      // `lines.<n>.quantity`: the n-th line sent.
      for (const item of failed.errors) {
        const index = Number(item.field.split('.')[1]);
        const line = chosen[index];
        if (line) fields[line.line] = item.message;
      }
      setFailure({ message: failed.errors[0]?.message ?? failed.message, fields });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Receipts of goods">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Receipts of goods
        </Typography>
        {canReceive ? (
          <Button variant="contained" size="small" onClick={() => setOpen(true)}>
            Receive goods
          </Button>
        ) : null}
      </Stack>
      {(data ?? []).length === 0 ? <Typography color="text.secondary">Nothing received yet.</Typography> : null}
      {(data ?? []).length > 0 ? (
        // Scrolls inside its panel on a phone, as the lines do, instead of widening the page.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Receipts">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Line</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Over-receipt reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((receipt) => (
                <TableRow key={receipt.id}>
                  <TableCell>{formatDate(receipt.receivedOn)}</TableCell>
                  <TableCell>{receipt.description}</TableCell>
                  <TableCell align="right">{quantityText(receipt.quantity)}</TableCell>
                  <TableCell>{receipt.receivedBy ?? ''}</TableCell>
                  <TableCell>{receipt.overReceiptReason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="receive-title">
        <DialogTitle id="receive-title">Receive goods</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message}
            </Alert>
          ) : null}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell align="right">Ordered</TableCell>
                <TableCell align="right">Received so far</TableCell>
                <TableCell align="right">Received now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => {
                const id = String(line.id);
                return (
                  <TableRow key={id}>
                    <TableCell>{String(line.description)}</TableCell>
                    <TableCell align="right">
                      {quantityText(line.quantity)} {String(line.unit ?? '')}
                    </TableCell>
                    <TableCell align="right">{quantityText(line.receivedQuantity ?? '0')}</TableCell>
                    <TableCell align="right" sx={{ width: 180 }}>
                      <TextField
                        size="small"
                        value={quantities[id] ?? ''}
                        onChange={(event) => setQuantities((current) => ({ ...current, [id]: event.target.value }))}
                        error={Boolean(failure?.fields[id])}
                        helperText={failure?.fields[id]}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Received now: ${String(line.description)}`, style: { textAlign: 'right' } } }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {over ? (
            <TextField
              sx={{ mt: 2 }}
              fullWidth
              required
              label="Over-receipt reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              helperText="More than ordered is received only with a reason."
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            Record receipt
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
