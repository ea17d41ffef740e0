import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { PASSWORD_RULE, passwordProblem } from '@propdesk/auth-session/model';
import { accountCallError, useChangeMyPasswordMutation } from './accountApi.js';

export const PASSWORD_CHANGED_TEXT = 'Password changed. Your other sessions were signed out.';

export type ChangePasswordDialogProps = {
  open: boolean;
  onClose: () => void;
};

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * "Change password" (issue 19): the current password, the new one (the product's rule shown and
 * checked here, then by the server) and its confirmation. The server's field errors appear under
 * the fields; on success the other sessions are signed out and a toast says so.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const ruleId = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangeMyPasswordMutation();

  const close = () => {
    if (isLoading) return;
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!values.currentPassword) found.currentPassword = 'Enter your current password';
    const problem = values.newPassword ? passwordProblem(values.newPassword) : 'Enter a new password';
    if (problem) found.newPassword = problem;
    else if (values.newPassword === values.currentPassword) found.newPassword = 'Choose a password other than the current one';
    if (!found.newPassword && values.confirmPassword !== values.newPassword) found.confirmPassword = 'The passwords do not match';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      enqueueSnackbar(answer.message || PASSWORD_CHANGED_TEXT, { variant: 'success' });
      setValues(EMPTY);
      setErrors({});
      onClose();
    } catch (error) {
      const { message, fields } = accountCallError(error);
      const next: Errors = {};
      if (fields.currentPassword) next.currentPassword = fields.currentPassword;
      if (fields.newPassword) next.newPassword = fields.newPassword;
      setErrors(next);
      // A message no field shows (throttled, the server unreachable) goes above the fields.
      if (Object.keys(next).length === 0) setFormError(message);
    }
  };

  const fieldProps = (field: Field, label: string, autoComplete: string, helper?: string) => ({
    name: field,
    label,
    type: 'password',
    autoComplete,
    required: true,
    fullWidth: true,
    value: values[field],
    onChange: set(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? helper,
  });

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText id={ruleId} variant="body2">
              The new password needs {PASSWORD_RULE.charAt(0).toLowerCase() + PASSWORD_RULE.slice(1)} Your other sessions will be signed out; this one stays.
            </DialogContentText>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <TextField {...fieldProps('currentPassword', 'Current password', 'current-password')} autoFocus />
            <TextField {...fieldProps('newPassword', 'New password', 'new-password', PASSWORD_RULE)} />
            <TextField {...fieldProps('confirmPassword', 'Confirm new password', 'new-password')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Change password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
