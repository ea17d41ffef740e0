import { englishWords } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import type { AnnouncementRequest, AnnouncementTargets } from '@propdesk/notifications-core/model';
import {
  ANNOUNCEMENT_TITLE_MAX,
  EMPTY_ANNOUNCEMENT,
  describeSendFailure,
  validateAnnouncement,
  type AnnouncementDraft,
  type AnnouncementErrors,
  type AnnouncementTargetKind,
} from './announcementForm.js';
import { AnnouncementRecipient, type TargetUser, type TargetsState } from './AnnouncementRecipient.js';

export { ANNOUNCEMENT_PATH } from './announcementApi.js';
export const ANNOUNCEMENT_SENT_TEXT = 'Announcement sent';

/** The shell's words found by their English (the announcement's messages are written in English). */
const announcementWords = englishWords([shellCatalog]);

export type AnnouncementDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The sender's own department (from the session): the default recipient. */
  myDepartmentId: string | null;
  /** Sends the request (`POST /api/notifications`: `useAnnouncementCalls().send`). */
  send: (request: AnnouncementRequest) => Promise<unknown>;
  /** Who can be chosen (`GET /api/notifications/targets`: `useAnnouncementCalls().loadTargets`). */
  loadTargets: () => Promise<AnnouncementTargets>;
};

/** The recipients, read each time the dialog opens. */
function useAnnouncementTargets(open: boolean, loadTargets: () => Promise<AnnouncementTargets>): TargetsState {
  const [targets, setTargets] = useState<TargetsState>({ status: 'loading' });
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setTargets({ status: 'loading' });
    loadTargets().then(
      (loaded) => {
        if (current) setTargets({ status: 'loaded', targets: loaded });
      },
      () => {
        if (current) setTargets({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [open, loadTargets]);
  return targets;
}

/**
 * The announcement form for users holding notification:create (the server checks again): a
 * title, a message, an optional link and a department or user from the server's list. If the list
 * cannot be loaded, an id can still be typed.
 */
export function AnnouncementDialog({ open, onClose, myDepartmentId, send, loadTargets }: AnnouncementDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const t = useT(shellCatalog);
  const language = useLanguage();
  // The schema's and the form's messages are English (shared with the server): said in the page's language.
  const said = (message: string | null | undefined) => (message && language !== 'en' ? (announcementWords.translate(message, language) ?? message) : (message ?? undefined));
  const [draft, setDraft] = useState<AnnouncementDraft>(() => ({ ...EMPTY_ANNOUNCEMENT, targetId: myDepartmentId ?? '' }));
  const [errors, setErrors] = useState<AnnouncementErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const targets = useAnnouncementTargets(open, loadTargets);

  const update = (changes: Partial<AnnouncementDraft>, clears: keyof AnnouncementErrors) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, [clears]: undefined }));
  };
  const handleText = (field: 'title' | 'body' | 'link' | 'targetId') => (event: ChangeEvent<HTMLInputElement>) =>
    update({ [field]: event.target.value }, field);
  const handleKind = (event: ChangeEvent<HTMLInputElement>) => {
    const targetKind: AnnouncementTargetKind = event.target.value === 'user' ? 'user' : 'department';
    update({ targetKind, targetId: targetKind === 'department' ? (myDepartmentId ?? '') : '' }, 'targetId');
  };
  const handleUser = (_event: unknown, user: TargetUser | null) => update({ targetId: user?.id ?? '' }, 'targetId');

  const handleClose = () => {
    if (sending) return;
    setErrors({});
    setFormError(null);
    onClose();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateAnnouncement(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSending(true);
    try {
      await send(result.request);
      enqueueSnackbar(t('announcementSent'), { variant: 'success' });
      setDraft((current) => ({ ...EMPTY_ANNOUNCEMENT, targetKind: current.targetKind, targetId: current.targetId }));
      setErrors({});
      onClose();
    } catch (error) {
      const failure = describeSendFailure(error);
      setErrors(failure.fieldErrors);
      setFormError(failure.message);
    } finally {
      setSending(false);
    }
  };

  const recipient = (
    <AnnouncementRecipient
      targets={targets}
      targetKind={draft.targetKind}
      targetId={draft.targetId}
      error={said(errors.targetId)}
      myDepartmentId={myDepartmentId}
      onTextChange={handleText('targetId')}
      onUserChange={handleUser}
    />
  );

  return (
    <Dialog open={open} onClose={handleClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <DialogTitle id={titleId} component="h2" sx={{ fontWeight: 700 }}>
          {t('notificationsSendAnnouncement')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{said(formError)}</Alert> : null}
            <TextField
              label={t('announcementTitle')}
              name="title"
              required
              value={draft.title}
              onChange={handleText('title')}
              error={Boolean(errors.title)}
              helperText={said(errors.title) ?? `${draft.title.length}/${ANNOUNCEMENT_TITLE_MAX}`}
              autoFocus
            />
            <TextField
              label={t('announcementMessage')}
              name="body"
              multiline
              minRows={3}
              value={draft.body}
              onChange={handleText('body')}
              error={Boolean(errors.body)}
              helperText={said(errors.body)}
            />
            <TextField
              label={t('announcementLink')}
              name="link"
              placeholder={t('announcementLinkExample')}
              value={draft.link}
              onChange={handleText('link')}
              error={Boolean(errors.link)}
              helperText={said(errors.link) ?? t('announcementLinkHelp')}
            />
            <TextField select label={t('announcementSendTo')} name="targetKind" value={draft.targetKind} onChange={handleKind}>
              <MenuItem value="department">{t('announcementToDepartment')}</MenuItem>
              <MenuItem value="user">{t('announcementToUser')}</MenuItem>
            </TextField>
            {recipient}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={handleClose} disabled={sending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : null}>
            {t('announcementSend')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
