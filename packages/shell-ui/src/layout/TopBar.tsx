import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { displayName } from './displayName.js';
import { NotificationBell } from './NotificationBell.js';
import { UserMenu } from './UserMenu.js';
import { useShellSession } from './useShellSession.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

export type TopBarProps = {
  /** Shown on a phone: opens the navigation drawer. */
  onOpenNavigation?: () => void;
};

/** The top bar: the menu button on a phone, the notification bell and the signed-in user's name, which opens their menu. */
export function TopBar({ onOpenNavigation }: TopBarProps) {
  const t = useT(shellCatalog);
  const { username } = useShellSession();
  const name = displayName(username);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        {onOpenNavigation ? (
          <IconButton edge="start" aria-label={t('openNavigation')} onClick={onOpenNavigation}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <NotificationBell />
        {name ? <UserMenu name={name} /> : null}
      </Toolbar>
    </AppBar>
  );
}
