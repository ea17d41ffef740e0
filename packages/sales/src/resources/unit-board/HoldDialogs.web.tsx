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
import { ReferencePicker, formatDateTime } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { BoardUnit } from './model.js';
import { useAskExtensionMutation, useHoldRequestQuery, useHoldSetupQuery, useRequestHoldMutation } from './boardApi.web.js';

/** Whole hours from a text field: null when it is not a whole number (never coerced). */
const wholeHours = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Request a hold of a unit for a customer or a lead (the hold request's own form, from the board). */
export function RequestHoldDialog({ unit, project, onClose }: { unit: BoardUnit; project: string; onClose: () => void }) {
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
    if (!customer && !lead) found.customer = 'Choose a customer or a lead';
    if (asked === null || asked < 1 || asked > max) found.hours = `Whole hours from 1 to ${max}`;
    if (reason.trim() === '') found.reason = 'Required';
    setErrors(found);
    if (Object.keys(found).length > 0 || asked === null) return;
    try {
      const answer = await requestHold({ unit: unit.id, ...(customer ? { customer } : {}), ...(lead ? { lead } : {}), hours: asked, reason: reason.trim() }).unwrap();
      enqueueSnackbar(answer.data.status === 'approved' ? `${unit.code} is held for you.` : `Hold ${answer.data.number} requested; waiting for approval.`, { variant: 'success' });
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
        <DialogTitle id="hold-title">Request a hold on {unit.code}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <ReferencePicker resource="customers" name="customer" label="Customer" value={customer} onChange={(value) => setCustomer((value as string | null) ?? null)} error={errors.customer} />
            <ReferencePicker resource="leads" name="lead" label="Lead (when there is no customer yet)" value={lead} onChange={(value) => setLead((value as string | null) ?? null)} error={errors.lead} />
            <TextField
              label="Hours"
              name="hours"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              error={Boolean(errors.hours)}
              helperText={errors.hours ?? `At most ${max} hours, counted from approval.`}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
            <TextField label="Reason" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(errors.reason)} helperText={errors.reason} required multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Request hold
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
  const blocked = hold?.status !== 'approved' ? `This hold is ${hold?.status ?? 'not loaded'}; only an approved hold can be extended.` : waiting ? `An extension of ${waiting} hours is already waiting for approval.` : extensionsLeft === 0 ? 'This hold has had every extension the project allows.' : hoursLeft === 0 ? 'This hold has reached the longest hold the project allows.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = wholeHours(hours);
    if (asked === null || asked < 1 || (hoursLeft !== null && asked > hoursLeft)) {
      setError(`Whole hours from 1 to ${hoursLeft ?? 720}`);
      return;
    }
    setError(null);
    try {
      const answer = await ask({ id: holdId, hours: asked }).unwrap();
      enqueueSnackbar(answer.data.extensionHours ? `Extension of ${asked} hours asked; waiting for approval.` : `Extended by ${asked} hours.`, { variant: 'success' });
      onClose();
    } catch (failure) {
      setProblem(toApiError(failure).message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="extend-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="extend-title">Ask for more time{hold ? ` on ${hold.number}` : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {hold ? (
              <DialogContentText>
                Held until {hold.expiresAt ? formatDateTime(hold.expiresAt) : '—'}; {total} hours so far, extended {used} time{used === 1 ? '' : 's'}.
                {setup ? ` The project allows ${setup.maxExtensions} extension${setup.maxExtensions === 1 ? '' : 's'}, ${setup.maxHoldHours} hours each at most, ${setup.maxTotalHours} hours in all.` : ''}
              </DialogContentText>
            ) : null}
            {!loadingHold && blocked ? <Alert severity="info">{blocked}</Alert> : null}
            <TextField
              label="More hours"
              name="extensionHours"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? (hoursLeft !== null ? `Up to ${hoursLeft} hours.` : undefined)}
              disabled={Boolean(blocked)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading || loadingHold || Boolean(blocked)}>
            Ask for extension
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Block or unblock a unit: the reason is required and kept in the unit's history and story. */
export function ReasonDialog({ title, body, onConfirm, onCancel }: { title: string; body?: string | undefined; onConfirm: (reason: string) => void; onCancel: () => void }) {
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
          <TextField autoFocus fullWidth label="Reason" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={touched && missing} helperText={touched && missing ? 'Required' : undefined} required multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
