import { useId, useMemo, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Check from '@mui/icons-material/Check';
import { ChangePasswordDialog } from '../account/ChangePasswordDialog.js';
import { ProfileDialog } from '../account/ProfileDialog.js';
import { reachableAreas } from './areas.js';
import { useShell } from './ShellContext.js';
import { sidebarModeFor } from './sidebarMode.js';
import { useShellSession } from './useShellSession.js';
import { LANGUAGES, type Language } from '@propdesk/i18n';
import { setLanguage, useLanguage, useT } from '@propdesk/i18n/react';
import { rememberLanguage } from '@propdesk/auth-session/web';
import { getActiveNotifications } from '@propdesk/notifications-core/web';
import { useSnackbar } from 'notistack';
import { useSetMyLanguageMutation } from '../account/accountApi.js';
import { MODE_KEYS, shellCatalog } from '../i18n/catalog.js';
import { MIRROR_IN_RTL, prepareDirection } from '../theme/PropdeskThemeProvider.js';

export type UserMenuProps = {
  /** The username as the top bar shows it (decision 16: capitalised words). */
  name: string;
};

type Open = 'profile' | 'password' | null;

/**
 * The menu on the user's name in the top bar (issue 19): their profile, change my password, the
 * areas they may work in (issue 25: Sales, Procurement, Settings, each opening its first page they may
 * see; the current one checked), and sign out (the session's logout, as the sidebar's Logout button).
 * An MUI Menu, so it opens from the keyboard and moves with the arrow keys.
 */
export function UserMenu({ name }: UserMenuProps) {
  const { session, composed } = useShell();
  const { can } = useShellSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const areas = useMemo(() => reachableAreas(composed, can), [composed, can]);
  const here = sidebarModeFor(pathname, composed.modePrefixes);
  // Offered when there is somewhere else to go.
  const switchable = areas.some((area) => area.mode !== here);
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Open>(null);
  const initials = name
    .split(' ')
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
  const open = Boolean(anchor);
  const choose = (next: Open) => () => {
    setAnchor(null);
    setDialog(next);
  };
  const goTo = (path: string) => () => {
    setAnchor(null);
    void navigate(path);
  };
  const t = useT(shellCatalog);
  const language = useLanguage();
  const [saveLanguage] = useSetMyLanguageMutation();
  const { enqueueSnackbar } = useSnackbar();
  // Issue 29: kept on the account (the next sign-in on any browser uses it), then shown at once.
  const chooseLanguage = (next: Language) => async () => {
    setAnchor(null);
    if (next === language) return;
    try {
      await saveLanguage({ language: next }).unwrap();
    } catch {
      enqueueSnackbar(t('languageSaveFailed'), { variant: 'error' });
      return;
    }
    rememberLanguage(next);
    await prepareDirection(next);
    await setLanguage(next);
    // The server writes notifications in the account's language: read them again in the new one.
    void getActiveNotifications()?.service.refresh();
  };
  const signOut = () => {
    setAnchor(null);
    session.logout();
  };
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        endIcon={<KeyboardArrowDown fontSize="small" />}
        sx={{ ml: 1, gap: 0.5, textTransform: 'none', minWidth: 0, px: 1, borderRadius: 2, '& .MuiButton-endIcon': { ml: 0 } }}
      >
        <Avatar aria-hidden="true" sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', mr: 0.5 }}>
          <bdi>{initials}</bdi>
        </Avatar>
        <Typography
          component="span"
          variant="body2"
          sx={{ fontWeight: 600, maxWidth: { xs: 120, sm: 240 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="topbar-username"
        >
          <bdi>{name}</bdi>
        </Typography>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: false }, paper: { sx: { minWidth: 200 } } }}
      >
        <MenuItem onClick={choose('profile')}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose('password')}>
          <ListItemIcon>
            <LockResetOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('changePassword')}</ListItemText>
        </MenuItem>
        {switchable ? <Divider /> : null}
        {switchable ? <ListSubheader sx={{ lineHeight: 2.5 }}>{t('goTo')}</ListSubheader> : null}
        {switchable
          ? areas.map((area) => (
              <MenuItem key={area.mode} data-area={area.mode} selected={area.mode === here} aria-current={area.mode === here ? 'page' : undefined} onClick={goTo(area.path)}>
                <ListItemIcon>{area.mode === here ? <Check fontSize="small" /> : null}</ListItemIcon>
                <ListItemText>{t(MODE_KEYS[area.mode])}</ListItemText>
              </MenuItem>
            ))
          : null}
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('language')}</ListSubheader>
        {LANGUAGES.map((option) => (
          <MenuItem key={option} lang={option} selected={option === language} aria-current={option === language ? 'true' : undefined} onClick={chooseLanguage(option)}>
            <ListItemIcon>{option === language ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{option === 'ar' ? t('languageArabic') : t('languageEnglish')}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" sx={MIRROR_IN_RTL} />
          </ListItemIcon>
          <ListItemText>{t('signOut')}</ListItemText>
        </MenuItem>
      </Menu>
      {dialog === 'profile' ? <ProfileDialog open onClose={() => setDialog(null)} /> : null}
      {dialog === 'password' ? <ChangePasswordDialog open onClose={() => setDialog(null)} /> : null}
    </>
  );
}
