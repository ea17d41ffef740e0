import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { displayName } from './displayName.js';
import { NotificationBell } from './NotificationBell.js';
import { useShellSession } from './useShellSession.js';

export type TopBarProps = {
  /** Shown on a phone: opens the navigation drawer. */
  onOpenNavigation?: () => void;
};

/** The top bar: the menu button on a phone, the signed-in user's name and the notification bell. */
export function TopBar({ onOpenNavigation }: TopBarProps) {
  const { username } = useShellSession();
  const name = displayName(username);
  const initials = name
    .split(' ')
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        {onOpenNavigation ? (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNavigation}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <NotificationBell />
        {name ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1 }}>
            <Avatar aria-hidden="true" sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>
              {initials}
            </Avatar>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="topbar-username">
              {name}
            </Typography>
          </Box>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
