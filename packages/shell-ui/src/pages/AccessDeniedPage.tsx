import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useNavigate } from 'react-router';

export const ACCESS_DENIED_TEXT =
  'You do not have permission to access this resource. Please contact your administrator if you believe this is an error.';

export type AccessDeniedPageProps = {
  /**
   * Offers signing out as well: a user whose privileges open no landing page would otherwise
   * go round Go Back → / → here with no way to switch account.
   */
  onSignOut?: () => void;
};

/** The public /not-authorized page (spec sections 2 and 8). */
export function AccessDeniedPage({ onSignOut }: AccessDeniedPageProps) {
  const navigate = useNavigate();
  const t = useT(shellCatalog);
  const title = t('accessDenied');
  useEffect(() => {
    document.title = `${title} · Propdesk`;
  }, [title]);
  const handleGoBack = () => {
    void navigate('/');
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, textAlign: 'center' }}>
        <Box
          aria-hidden="true"
          sx={{ mx: 'auto', mb: 2, width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'error.light', color: 'error.contrastText' }}
        >
          <LockOutlined />
        </Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('accessDeniedText')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={handleGoBack}>
            {t('accessDeniedGoBack')}
          </Button>
          {onSignOut ? (
            <Button variant="text" onClick={onSignOut}>
              {t('accessDeniedSignInAgain')}
            </Button>
          ) : null}
        </Box>
      </Paper>
    </Box>
  );
}
