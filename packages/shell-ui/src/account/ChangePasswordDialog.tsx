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
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '@propdesk/auth-session/model';
import { commonValidationCatalog, englishWords, formatNumber } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { accountCallError, useChangeMyPasswordMutation } from './accountApi.js';

export const PASSWORD_CHANGED_TEXT = 'Password changed. Your other sessions were signed out.';

/** The password rule's messages (auth-session's schema writes the common validation words' English). */
const validationWords = englishWords([commonValidationCatalog]);

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
  const t = useT(shellCatalog);
  useT(commonValidationCatalog);
  const language = useLanguage();
  // The bounds as text (1,024), Latin digits in both languages, as the server's rule writes them.
  const rule = t('passwordRule', { min: formatNumber(PASSWORD_MIN_LENGTH, language), max: formatNumber(PASSWORD_MAX_LENGTH, language) });
  const said = (message: string) => (language === 'en' ? message : (validationWords.translate(message, language) ?? message));

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
    if (!values.currentPassword) found.currentPassword = t('passwordEnterCurrent');
    const rawProblem = values.newPassword ? passwordProblem(values.newPassword) : t('passwordEnterNew');
    const problem = rawProblem && said(rawProblem);
    if (problem) found.newPassword = problem;
    else if (values.newPassword === values.currentPassword) found.newPassword = t('passwordSameAsCurrent');
    if (!found.newPassword && values.confirmPassword !== values.newPassword) found.confirmPassword = t('passwordMismatch');
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
      enqueueSnackbar(answer.message || t('passwordChanged'), { variant: 'success' });
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
        <DialogTitle id={titleId}>{t('changePassword')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText id={ruleId} variant="body2">
              {t('passwordIntro', { rule })}
            </DialogContentText>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <TextField {...fieldProps('currentPassword', t('passwordCurrent'), 'current-password')} autoFocus />
            <TextField {...fieldProps('newPassword', t('passwordNew'), 'new-password', rule)} />
            <TextField {...fieldProps('confirmPassword', t('passwordConfirm'), 'new-password')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isLoading}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('changePassword')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
