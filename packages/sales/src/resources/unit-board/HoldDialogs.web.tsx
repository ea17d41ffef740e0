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
import { useT } from '@propdesk/i18n/react';
import { ReferencePicker } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { BoardUnit } from './model.js';
import { useAskExtensionMutation, useHoldRequestQuery, useHoldSetupQuery, useRequestHoldMutation } from './boardApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';

/** Whole hours from a text field: null when it is not a whole number (never coerced). */
const wholeHours = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Request a hold of a unit for a customer or a lead (the hold request's own form, from the board). */
export function RequestHoldDialog({ unit, project, onClose }: { unit: BoardUnit; project: string; onClose: () => void }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { enqueueSnackbar } = useSnackbar();
  const { data: setup } = useHoldSetupQuery(project);
  const [requestHold, { isLoading }] = useRequestHoldMutation();
  const [customer, setCustomer] = useState<string | null>(null);
  const [lead, setLead] = useState<string | null>(null);
  const [hours, setHours] = useState('24');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const max = setup?.maxHoldHours ?? 720;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = wholeHours(hours);
    const found: Record<string, string> = {};
    if (!customer && !lead) found.customer = t('hold.chooseCustomerOrLead');
    if (asked === null || asked < 1 || asked > max) found.hours = t('common.wholeHours', { max: format.number(max) });
    if (reason.trim() === '') found.reason = t('common.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || asked === null) return;
    try {
      const answer = await requestHold({ unit: unit.id, ...(customer ? { customer } : {}), ...(lead ? { lead } : {}), hours: asked, reason: reason.trim() }).unwrap();
      enqueueSnackbar(answer.data.status === 'approved' ? t('hold.heldForYou', { code: unit.code }) : t('hold.requested', { number: answer.data.number }), { variant: 'success' });
      onClose();
    } catch (error) {
      const failure = toApiError(error);
      setErrors(fieldErrorMap(failure));
      setProblem(failure.message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="hold-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="hold-title">{t('hold.title', { code: unit.code })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <ReferencePicker resource="customers" name="customer" label={t('hold.customer')} value={customer} onChange={(value) => setCustomer((value as string | null) ?? null)} error={errors.customer} />
            <ReferencePicker resource="leads" name="lead" label={t('hold.lead')} value={lead} onChange={(value) => setLead((value as string | null) ?? null)} error={errors.lead} />
            <TextField
              label={t('hold.hours')}
              name="hours"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              error={Boolean(errors.hours)}
              helperText={errors.hours ?? t('hold.atMost', { count: max, max: format.number(max) })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
            <TextField label={t('common.reason')} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(errors.reason)} helperText={errors.reason} required multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('hold.request')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The holder asks for more time on an approved hold (`POST /api/hold-requests/{id}/extend`), within
 * the project's limits: hours per extension, extensions per hold and the longest hold in all. An
 * approver then confirms it (`extend`) or declines it, unless the project needs no approval.
 */
export function ExtensionDialog({ holdId, project, onClose }: { holdId: string; project: string; onClose: () => void }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { enqueueSnackbar } = useSnackbar();
  const { data: hold, isLoading: loadingHold } = useHoldRequestQuery(holdId);
  const { data: setup } = useHoldSetupQuery(project);
  const [ask, { isLoading }] = useAskExtensionMutation();
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const used = hold?.extensions ?? 0;
  const total = hold?.totalHours ?? hold?.hours ?? 0;
  const extensionsLeft = setup ? Math.max(0, setup.maxExtensions - used) : null;
  const hoursLeft = setup ? Math.max(0, Math.min(setup.maxHoldHours, setup.maxTotalHours - total)) : null;
  const waiting = hold?.extensionHours ?? null;
  const blocked =
    hold?.status !== 'approved'
      ? t('hold.notApproved', { status: hold?.status ?? t('hold.notLoaded') })
      : waiting
        ? t('hold.extensionWaiting', { count: waiting, hours: format.number(waiting) })
        : extensionsLeft === 0
          ? t('hold.noExtensionsLeft')
          : hoursLeft === 0
            ? t('hold.noHoursLeft')
            : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = wholeHours(hours);
    if (asked === null || asked < 1 || (hoursLeft !== null && asked > hoursLeft)) {
      setError(t('common.wholeHours', { max: format.number(hoursLeft ?? 720) }));
      return;
    }
    setError(null);
    try {
      const answer = await ask({ id: holdId, hours: asked }).unwrap();
      enqueueSnackbar(t(answer.data.extensionHours ? 'hold.extensionAsked' : 'hold.extended', { count: asked, hours: format.number(asked) }), { variant: 'success' });
      onClose();
    } catch (failure) {
      setProblem(toApiError(failure).message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="extend-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="extend-title">{hold ? t('hold.extendTitleOn', { number: hold.number }) : t('hold.extendTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {hold ? (
              <DialogContentText>
                {t('hold.heldUntil', { time: hold.expiresAt ? format.dateTime(hold.expiresAt) : '—', total: format.number(total), count: used, n: format.number(used) })}
                {setup ? t('hold.projectAllows', { count: setup.maxExtensions, n: format.number(setup.maxExtensions), hours: format.number(setup.maxHoldHours), total: format.number(setup.maxTotalHours) }) : ''}
              </DialogContentText>
            ) : null}
            {!loadingHold && blocked ? <Alert severity="info">{blocked}</Alert> : null}
            <TextField
              label={t('hold.moreHours')}
              name="extensionHours"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? (hoursLeft !== null ? t('hold.upTo', { count: hoursLeft, hours: format.number(hoursLeft) }) : undefined)}
              disabled={Boolean(blocked)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || loadingHold || Boolean(blocked)}>
            {t('hold.askExtension')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Block or unblock a unit: the reason is required and kept in the unit's history and story. */
export function ReasonDialog({ title, body, onConfirm, onCancel }: { title: string; body?: string | undefined; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const t = useT(salesCatalog);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="unit-reason-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="unit-reason-title">{title}</DialogTitle>
        <DialogContent>
          {body ? <DialogContentText sx={{ mb: 1 }}>{body}</DialogContentText> : null}
          <TextField autoFocus fullWidth label={t('common.reason')} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={touched && missing} helperText={touched && missing ? t('common.required') : undefined} required multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
