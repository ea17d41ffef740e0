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
import { formatIn } from '@propdesk/records/web';
import { formatMoney } from '../../model/money.js';
import { quantityText } from '../../web/common/DocumentLines.js';
import { useProcurementWords } from '../../web/i18n/words.js';
import { useOrderApprovalsQuery, useOrderReceiptsQuery, useReceiveGoodsMutation } from './orderApi.web.js';

/** The tiers an order needs for its amount, who decided each and when, and whose turn it is. */
export function ApprovalsPanel({ orderId }: { orderId: string; status?: string; version?: number }) {
  const { t, data: isolated, language } = useProcurementWords();
  const { dateTime } = formatIn(language);
  // An action on the order (submit, approve) refreshes it (tags).
  const { data, error } = useOrderApprovalsQuery(orderId);
  if (error) return <Alert severity="error">{apiErrorText(error)}</Alert>;
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('appr.title')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('appr.title')}
      </Typography>
      {data.tiers.length === 0 ? <Typography color="text.secondary">{t('appr.none')}</Typography> : null}
      <Stack spacing={1}>
        {data.tiers.map((tier) => (
          <Stack key={tier.level} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label={t('appr.tier', { level: String(tier.level) })} color={tier.decision ? 'success' : tier.level === data.next ? 'warning' : 'default'} />
            <Typography sx={{ fontWeight: 600 }}>
              <bdi>{tier.name}</bdi>
            </Typography>
            <Typography color="text.secondary">
              {t('appr.above', { role: isolated(tier.roleName), amount: isolated(formatMoney(tier.aboveAmount)) })}
            </Typography>
            <Typography>
              {tier.decision
                ? tier.decision.comment
                  ? t('appr.approvedByComment', { user: isolated(tier.decision.userName), date: isolated(dateTime(tier.decision.decidedOn)), comment: isolated(tier.decision.comment) })
                  : t('appr.approvedBy', { user: isolated(tier.decision.userName), date: isolated(dateTime(tier.decision.decidedOn)) })
                : tier.level === data.next
                  ? t('appr.waiting')
                  : t('appr.notYet')}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Goods received so far, and the dialog to record a delivery (partial allowed; over-receipt needs a reason). */
export function ReceiptsPanel({ orderId, status, lines }: { orderId: string; status: string; version?: number; lines: readonly Record<string, unknown>[] }) {
  const { t, language } = useProcurementWords();
  const { date } = formatIn(language);
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
    if (chosen.length === 0) return setFailure({ message: t('rcpt.enterOne'), fields: {} });
    setBusy(true);
    setFailure(null);
    try {
      await receiveGoods({ id: orderId, body: { lines: chosen, ...(reason.trim() ? { overReceiptReason: reason.trim() } : {}) } }).unwrap();
      enqueueSnackbar(t('rcpt.received'), { variant: 'success' });
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
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('rcpt.title')}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {t('rcpt.title')}
        </Typography>
        {canReceive ? (
          <Button variant="contained" size="small" onClick={() => setOpen(true)}>
            {t('rcpt.receive')}
          </Button>
        ) : null}
      </Stack>
      {(data ?? []).length === 0 ? <Typography color="text.secondary">{t('rcpt.none')}</Typography> : null}
      {(data ?? []).length > 0 ? (
        // Scrolls inside its panel on a phone, as the lines do, instead of widening the page.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('rcpt.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('rcpt.date')}</TableCell>
                <TableCell>{t('rcpt.line')}</TableCell>
                <TableCell align="right">{t('rcpt.quantity')}</TableCell>
                <TableCell>{t('rcpt.by')}</TableCell>
                <TableCell>{t('rcpt.overReason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((receipt) => (
                <TableRow key={receipt.id}>
                  <TableCell>{date(receipt.receivedOn)}</TableCell>
                  {/* What people typed and who they are keep their own direction in an Arabic table (<bdi>). */}
                  <TableCell>
                    <bdi>{receipt.description}</bdi>
                  </TableCell>
                  <TableCell align="right">{quantityText(receipt.quantity)}</TableCell>
                  <TableCell>
                    <bdi>{receipt.receivedBy ?? ''}</bdi>
                  </TableCell>
                  <TableCell>
                    <bdi>{receipt.overReceiptReason ?? ''}</bdi>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="receive-title">
        <DialogTitle id="receive-title">{t('rcpt.receive')}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message}
            </Alert>
          ) : null}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('rcpt.line')}</TableCell>
                <TableCell align="right">{t('rcpt.ordered')}</TableCell>
                <TableCell align="right">{t('rcpt.receivedSoFar')}</TableCell>
                <TableCell align="right">{t('rcpt.receivedNow')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => {
                const id = String(line.id);
                return (
                  <TableRow key={id}>
                    <TableCell>
                      <bdi>{String(line.description)}</bdi>
                    </TableCell>
                    <TableCell align="right">
                      {quantityText(line.quantity)} <bdi>{String(line.unit ?? '')}</bdi>
                    </TableCell>
                    <TableCell align="right">{quantityText(line.receivedQuantity ?? '0')}</TableCell>
                    <TableCell align="right" sx={{ width: 180 }}>
                      <TextField
                        size="small"
                        value={quantities[id] ?? ''}
                        onChange={(event) => setQuantities((current) => ({ ...current, [id]: event.target.value }))}
                        error={Boolean(failure?.fields[id])}
                        helperText={failure?.fields[id]}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('rcpt.receivedNowOf', { line: String(line.description) }), style: { textAlign: 'right' } } }}
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
              label={t('rcpt.overReason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              helperText={t('rcpt.overHelp')}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('rcpt.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            {t('rcpt.record')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
