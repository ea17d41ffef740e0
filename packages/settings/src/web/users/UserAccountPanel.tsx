import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { apiErrorText } from '@propdesk/api-client';
import { useChecker } from '@propdesk/auth-session/web';
import { passwordSchema } from '../../model/people.js';
import { useEndUserSessionsMutation, useSetUserPasswordMutation } from './userAccountApi.js';
import { useUserWords } from './userWords.js';

export type UserAccountPanelProps = { userId: string; roleNames: readonly string[] };

/** A user's roles and account actions: set a new password, sign them out everywhere. */
export function UserAccountPanel({ userId, roleNames }: UserAccountPanelProps) {
  const checker = useChecker();
  const [setUserPassword] = useSetUserPasswordMutation();
  const [endUserSessions] = useEndUserSessionsMutation();
  const canUpdate = checker.can('user', 'update');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const { t, least } = useUserWords();

  const handleReset = async () => {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('users.notValidPassword'));
      return;
    }
    try {
      await setUserPassword({ userId, password }).unwrap();
      enqueueSnackbar(t('users.passwordSet'), { variant: 'success' });
      setOpen(false);
      setPassword('');
    } catch (problem) {
      setError(apiErrorText(problem));
    }
  };

  const handleSignOut = async () => {
    try {
      await endUserSessions(userId).unwrap();
      enqueueSnackbar(t('users.signedOut'), { variant: 'success' });
    } catch (problem) {
      enqueueSnackbar(apiErrorText(problem), { variant: 'error' });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('users.account')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        {roleNames.length === 0 ? <Typography color="text.secondary">{t('users.noRoles')}</Typography> : null}
        {roleNames.map((name) => (
          // A role's name is data, as the administrator typed it.
          <Chip key={name} label={<bdi>{name}</bdi>} />
        ))}
      </Stack>
      {canUpdate ? (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {t('users.setNewPassword')}
          </Button>
          <Button variant="outlined" color="warning" onClick={() => void handleSignOut()}>
            {t('users.signOutEverywhere')}
          </Button>
        </Stack>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="password-title">
        <DialogTitle id="password-title">{t('users.setNewPassword')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label={t('users.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? t('users.newPasswordHelp', { n: least })}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('users.cancel')}</Button>
          <Button variant="contained" onClick={() => void handleReset()}>
            {t('users.setPassword')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
