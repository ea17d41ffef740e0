import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import type { RecordRow } from '@propdesk/records/model';
import { formatMoney, type ResourcePageProps } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRecordRecoveryMutation } from './commissionApi.web.js';

/** An amount as a person types it, checked as the server checks it (never coerced to a number). */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * Part of a clawed-back commission returned by the broker (`POST /api/commissions/{id}/recoveries`):
 * the line stays clawed back with the rest to recover, or ends recovered when this is all of it.
 * The whole rest at once is the view's "Record recovery" action.
 */
function RecoveryDialog({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [recordRecovery, { isLoading }] = useRecordRecoveryMutation();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const rest = String(record.recoverable ?? '0.00');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!AMOUNT.test(amount.trim())) found.amount = 'An amount like 1250.50';
    if (reference.trim() === '') found.reference = 'Give the recovery reference';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await recordRecovery({ id: record.id, amount: amount.trim(), reference: reference.trim() }).unwrap();
      enqueueSnackbar(answer.message ?? 'Recovery recorded.', { variant: 'success' });
      onClose();
    } catch (error) {
      const failure = toApiError(error);
      setErrors(fieldErrorMap(failure));
      setProblem(failure.message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="recovery-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="recovery-title">Record part of the recovery of {String(record.number)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>The broker still owes {formatMoney(rest)}. Record what came back; the line stays open until all of it has.</DialogContentText>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <TextField
              label="Amount returned"
              name="amount"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amount)}
              helperText={errors.amount ?? `At most ${formatMoney(rest)}.`}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              required
            />
            <TextField
              label="Recovery reference"
              name="reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(errors.reference)}
              helperText={errors.reference ?? 'The transfer or cheque the broker paid back with.'}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Record
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Under a commission's view: its broker's statement and, on a clawed-back line, a part of its recovery. */
function CommissionExtra({ record }: { record: RecordRow }) {
  const [recovering, setRecovering] = useState(false);
  const mayRecover = useChecker().can('commission', 'approve') && record.status === 'clawed_back';
  const broker = typeof record.broker === 'string' ? record.broker : '';
  if (!broker && !mayRecover) return null;
  return (
    <Stack direction="row" spacing={1}>
      {broker ? (
        <Button variant="outlined" component={RouterLink} to={`/sales/contracts/commissions/statement?broker=${broker}`}>
          Broker statement
        </Button>
      ) : null}
      {mayRecover ? (
        <Button variant="outlined" onClick={() => setRecovering(true)}>
          Record part of the recovery
        </Button>
      ) : null}
      {recovering ? <RecoveryDialog record={record} onClose={() => setRecovering(false)} /> : null}
    </Stack>
  );
}

export const commissionExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
      <Button variant="outlined" component={RouterLink} to="/sales/contracts/commissions/statement">
        Broker statements
      </Button>
    </Stack>
  ),
  renderExtra: (record) => <CommissionExtra record={record} />,
};
