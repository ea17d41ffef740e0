import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useT } from '@propdesk/i18n/react';
import { LoginField } from './LoginField.js';
import { authCatalog, signInErrorKey } from './i18n/catalog.js';
import type { LoginRequest } from '../model/index.js';

export type LoginScreenProps = {
  /** True while a sign-in is under way: spinner on the button, fields and button disabled. */
  submitting: boolean;
  /** The message of the last failed sign-in, shown above the fields. */
  error: string | null;
  /** Signs in with what was typed; the caller shows the outcome through `submitting` and `error`. */
  onSubmit: (credentials: LoginRequest) => void | Promise<void>;
  productName?: string;
};

/**
 * The /login screen: a centred sign-in card (spec sections 2, 4 and 5). It holds no session
 * logic and needs neither a store nor a router, so the sign-in entry of the app can show it
 * without loading them; `LoginPage` binds it to the store and the router.
 */
export { authCatalog } from './i18n/catalog.js';

export function LoginScreen({ submitting, error, onSubmit, productName = 'Propdesk' }: LoginScreenProps) {
  const [showPassword, setShowPassword] = useState(false);
  const t = useT(authCatalog);
  useEffect(() => {
    document.title = t('pageTitle', { product: productName });
  }, [productName, t]);
  const errorKey = error ? signInErrorKey(error) : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    await onSubmit({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
  };

  const handleTogglePassword = () => setShowPassword((shown) => !shown);

  return (
    <Box
      component="main"
      sx={{
        boxSizing: 'border-box',
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'grey.100',
        backgroundImage: 'radial-gradient(circle at 15% 10%, rgba(25, 118, 210, 0.10), transparent 45%)',
      }}
    >
      <Card
        variant="outlined"
        sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 }, borderRadius: 3, boxShadow: '0 8px 24px rgba(15, 23, 42, 0.08)' }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3, textAlign: 'center' }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <ApartmentRoundedIcon />
          </Box>
          <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 2, lineHeight: 1.5 }}>
            {productName}
          </Typography>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('welcome', { product: productName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
        </Stack>

        <Box component="form" onSubmit={handleSubmit}>
          <Stack spacing={2.5}>
            {error && (
              <Alert severity="error" role="alert">
                {errorKey ? t(errorKey) : error}
              </Alert>
            )}
            <LoginField
              id="login-username"
              name="username"
              label={t('username')}
              autoComplete="username"
              autoFocus
              disabled={submitting}
            />
            <LoginField
              id="login-password"
              name="password"
              label={t('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              disabled={submitting}
              endAdornment={
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                    aria-pressed={showPassword}
                    onClick={handleTogglePassword}
                    edge="end"
                    disabled={submitting}
                  >
                    {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              }
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label={t('signingIn')} /> : undefined}
              sx={{ py: 1.25, textTransform: 'none', fontWeight: 600 }}
            >
              {t('signIn')}
            </Button>
          </Stack>
        </Box>
      </Card>
    </Box>
  );
}
