import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ReasonDialogProps = {
  title: string;
  /** What the action will do, asked once with the reason ("Reject PR-2026-00001?"). */
  body?: string | undefined;
  required: boolean;
  /** The button that closes without acting (an action called "Cancel" needs another word). */
  cancelLabel?: string;
  /** The field's name when the action asks for something more specific than a reason (a payment reference). */
  label?: string | undefined;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Asks for the reason of a workflow action; it is kept in the record's history. */
export function ReasonDialog({ title, body, required, cancelLabel, label, onConfirm, onCancel }: ReasonDialogProps) {
  const t = useT(recordsCatalog);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = required && reason.trim() === '';
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="reason-title">
      <DialogTitle id="reason-title">{title}</DialogTitle>
      <DialogContent>
        {body ? <DialogContentText sx={{ mb: 1 }}>{body}</DialogContentText> : null}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={label ?? t('reasonLabel')}
          required={required}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={touched && missing ? (label === undefined || label === 'Reason' ? t('reasonGive') : t('reasonEnter', { label: label.toLowerCase() })) : t('reasonKept')}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel ?? t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setTouched(true);
            if (!missing) onConfirm(reason.trim());
          }}
        >
          {title}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
