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
import { isolate, richText, useT } from '@propdesk/i18n/react';
import type { RecordRow } from '@propdesk/records/model';
import type { ResourcePageProps } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRecordRecoveryMutation } from './commissionApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { brokerStatementLink } from './links.js';

/** An amount as a person types it, checked as the server checks it (never coerced to a number). */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * Part of a clawed-back commission returned by the broker (`POST /api/commissions/{id}/recoveries`):
 * the line stays clawed back with the rest to recover, or ends recovered when this is all of it.
 * The whole rest at once is the view's "Record recovery" action.
 */
function RecoveryDialog({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const t = useT(salesCatalog);
  const { money } = useFormat();
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
    if (!AMOUNT.test(amount.trim())) found.amount = t('recovery.amountForm');
    if (reference.trim() === '') found.reference = t('recovery.referenceRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await recordRecovery({ id: record.id, amount: amount.trim(), reference: reference.trim() }).unwrap();
      enqueueSnackbar(answer.message ?? t('recovery.recorded'), { variant: 'success' });
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
        <DialogTitle id="recovery-title">{richText(t, 'recovery.title', {}, { number: isolate(String(record.number)) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{richText(t, 'recovery.owes', {}, { amount: isolate(money(rest)) })}</DialogContentText>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <TextField
              label={t('recovery.amount')}
              name="amount"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amount)}
              helperText={errors.amount ?? richText(t, 'recovery.atMost', {}, { amount: isolate(money(rest)) })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              required
            />
            <TextField
              label={t('recovery.reference')}
              name="reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(errors.reference)}
              helperText={errors.reference ?? t('recovery.referenceHelp')}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('recovery.record')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Under a commission's view: its broker's statement and, on a clawed-back line, a part of its recovery. */
function CommissionExtra({ record }: { record: RecordRow }) {
  const t = useT(salesCatalog);
  const [recovering, setRecovering] = useState(false);
  const mayRecover = useChecker().can('commission', 'approve') && record.status === 'clawed_back';
  const broker = typeof record.broker === 'string' ? record.broker : '';
  if (!broker && !mayRecover) return null;
  return (
    <Stack direction="row" spacing={1}>
      {broker ? (
        <Button variant="outlined" component={RouterLink} to={brokerStatementLink(broker)}>
          {t('recovery.brokerStatement')}
        </Button>
      ) : null}
      {mayRecover ? (
        <Button variant="outlined" onClick={() => setRecovering(true)}>
          {t('recovery.recordPart')}
        </Button>
      ) : null}
      {recovering ? <RecoveryDialog record={record} onClose={() => setRecovering(false)} /> : null}
    </Stack>
  );
}

/** Above the commissions list: the way to the brokers' statements. */
function BrokerStatementsLink() {
  const t = useT(salesCatalog);
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
      <Button variant="outlined" component={RouterLink} to={brokerStatementLink()}>
        {t('recovery.brokerStatements')}
      </Button>
    </Stack>
  );
}

export const commissionExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <BrokerStatementsLink />,
  renderExtra: (record) => <CommissionExtra record={record} />,
};
