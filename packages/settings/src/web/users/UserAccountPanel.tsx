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

  const handleReset = async () => {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Not a valid password');
      return;
    }
    try {
      await setUserPassword({ userId, password }).unwrap();
      enqueueSnackbar('Password set. Their open sessions have ended.', { variant: 'success' });
      setOpen(false);
      setPassword('');
    } catch (problem) {
      setError(apiErrorText(problem));
    }
  };

  const handleSignOut = async () => {
    try {
      await endUserSessions(userId).unwrap();
      enqueueSnackbar('Signed out everywhere.', { variant: 'success' });
    } catch (problem) {
      enqueueSnackbar(apiErrorText(problem), { variant: 'error' });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Account
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        {roleNames.length === 0 ? <Typography color="text.secondary">No roles: this user can sign in but sees nothing.</Typography> : null}
        {roleNames.map((name) => (
          <Chip key={name} label={name} />
        ))}
      </Stack>
      {canUpdate ? (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setOpen(true)}>
            Set a new password
          </Button>
          <Button variant="outlined" color="warning" onClick={() => void handleSignOut()}>
            Sign out everywhere
          </Button>
        </Stack>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="password-title">
        <DialogTitle id="password-title">Set a new password</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'At least 12 characters. The user is signed out everywhere.'}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void handleReset()}>
            Set password
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
