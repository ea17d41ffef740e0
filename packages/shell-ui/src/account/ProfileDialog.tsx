import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { accountCallError, useMyProfileQuery } from './accountApi.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

export type ProfileDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** The signed-in user's profile (issue 19): username, full name, email, department and roles, read from `GET /api/users/me`. */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const t = useT(shellCatalog);
  const { data, error, isFetching } = useMyProfileQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const rows: [string, string][] = data
    ? [
        [t('profileUsername'), data.username],
        [t('profileFullName'), data.fullName || '—'],
        [t('profileEmail'), data.email || '—'],
        [t('profileDepartment'), data.department?.name ?? '—'],
        [t('profileRoles'), data.roles.length > 0 ? data.roles.map((role) => role.name).join(t('listSeparator')) : '—'],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('profile')}</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{accountCallError(error).message}</Alert> : null}
        {!data && isFetching ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label={t('profileLoading')} />
          </Box>
        ) : null}
        {data ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1.25, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  <bdi>{value}</bdi>
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
