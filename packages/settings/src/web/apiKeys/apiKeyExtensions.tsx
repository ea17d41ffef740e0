import { useState } from 'react';
import { useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { fieldErrorMap, toApiError } from '@propdesk/api-client';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { requestErrorMessage, type ResourcePageProps } from '@propdesk/records/web';
import { dataText, useLanguage, useT } from '@propdesk/i18n/react';
import { RolesField } from '../users/RolesField.js';
import { settingsWebCatalog } from '../i18n/catalog.js';
import { useCreateApiKeyMutation, useRevokeApiKeyMutation, type CreatedApiKey } from './apiKeyApi.js';
type FieldErrors = Partial<Record<'name' | 'roles' | 'expiresAt', string>>;

const fieldErrors = (problem: unknown): FieldErrors => fieldErrorMap(toApiError(problem));

/** Name, roles, optional expiry; then the key, shown this once, to copy. */
function NewApiKeyDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  // A key made refreshes the keys' list (the endpoint's tags).
  const [createApiKey] = useCreateApiKeyMutation();
  const t = useT(settingsWebCatalog);
  const language = useLanguage();

  const create = async () => {
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      // The date picked is the last day the key works: it ends at that day's close, local time.
      const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
      const response = await createApiKey({ name: name.trim(), roles, expiresAt }).unwrap();
      setCreated(response.data);
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(requestErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (created) {
    return (
      <Dialog open onClose={() => undefined} fullWidth maxWidth="sm" aria-labelledby="api-key-made-title">
        <DialogTitle id="api-key-made-title">{dataText(language, (params) => t('keys.copyTitle', params), {}, { name: created.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Alert severity="warning">{t('keys.onlyTime')}</Alert>
            <TextField
              label={t('keys.apiKey')}
              value={created.key}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
              onFocus={(event) => event.target.select()}
            />
            {copied ? <Alert severity="success" role="status">{t('keys.copied')}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void copy()}>{t('keys.copy')}</Button>
          <Button variant="contained" onClick={onClose}>
            {t('keys.stored')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="api-key-new-title">
      <DialogTitle id="api-key-new-title">{t('keys.new')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('keys.newIntro')}</DialogContentText>
        <Stack spacing={2}>
          <TextField label={t('keys.name')} required size="small" value={name} error={Boolean(errors.name)} helperText={errors.name ?? t('keys.nameHelp')} onChange={(event) => setName(event.target.value)} />
          <RolesField value={roles} initialLabels={[]} error={errors.roles} onChange={setRoles} />
          <TextField
            label={t('keys.expires')}
            type="date"
            size="small"
            value={expires}
            error={Boolean(errors.expiresAt)}
            helperText={errors.expiresAt ?? t('keys.expiresHelp')}
            onChange={(event) => setExpires(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {problem && Object.keys(errors).length === 0 ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('keys.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void create()}>
          {t('keys.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Above the list: what keys are for, and the New API key button for those who may make one. */
function ApiKeysHeader() {
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const [open, setOpen] = useState(false);
  const t = useT(settingsWebCatalog);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('keys.intro')}
      </Typography>
      {checker.can('apiKey', 'create') ? (
        <Button variant="contained" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
          {t('keys.new')}
        </Button>
      ) : null}
      {open ? <NewApiKeyDialog onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

/** Under a key's view: revoke it (at once, everywhere), after a confirmation. */
function RevokePanel({ record }: { record: Record<string, unknown> }) {
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  // A key revoked refreshes the keys' list (the endpoint's tags).
  const [revokeApiKey] = useRevokeApiKeyMutation();
  const t = useT(settingsWebCatalog);
  const language = useLanguage();
  if (record.revokedAt) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2">{t('keys.wasRevoked')}</Typography>
      </Paper>
    );
  }
  if (!checker.can('apiKey', 'delete')) return null;
  const revoke = async () => {
    setBusy(true);
    try {
      const response = await revokeApiKey(String(record.id)).unwrap();
      enqueueSnackbar(response.message ?? t('keys.revokedNotice'), { variant: 'success' });
      setConfirming(false);
    } catch (error) {
      enqueueSnackbar(requestErrorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2">{t('keys.revokeNote')}</Typography>
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)} sx={{ flexShrink: 0 }}>
          {t('keys.revokeKey')}
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="api-key-revoke-title">
        <DialogTitle id="api-key-revoke-title">{dataText(language, (params) => t('keys.revokeTitle', params), {}, { name: String(record.name) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('keys.revokeBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('keys.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void revoke()}>
            {t('keys.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** Settings › Roles › API keys: the engine's list and view, with the create dialog (key shown once) and revoke. */
export const apiKeyScreen: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: <ApiKeysHeader />,
  renderExtra: (record) => <RevokePanel record={record} />,
};
