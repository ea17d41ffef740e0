import { useId, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { readStoredUser } from '@propdesk/auth-session/web';
import { selectBadgeText, selectUnreadCount } from '@propdesk/notifications-core/web';
import { AnnouncementDialog } from '../notifications/AnnouncementDialog.js';
import { useAnnouncementCalls } from '../notifications/announcementApi.js';
import { NotificationCentre } from '../notifications/NotificationCentre.js';
import { openNotificationLink } from '../notifications/openNotificationLink.js';
import { useShellSession } from './useShellSession.js';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';

/** The accessible name of the bell: it says how many are unread. */
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications, none unread';
}

/**
 * The bell of the top bar with the unread badge (99+ above 99). It opens the notification centre:
 * a popover under the bell, a full-screen drawer on a phone. Users holding notification:create
 * also get the announcement form from there.
 */
export function NotificationBell() {
  const t = useT(shellCatalog);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const { can } = useShellSession();
  const badge = useSelector(selectBadgeText);
  const unreadCount = useSelector(selectUnreadCount);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [announcing, setAnnouncing] = useState(false);
  const announcementCalls = useAnnouncementCalls();
  const panelId = useId();
  const headingId = useId();
  const open = anchor !== null;

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleOpenLink = (link: string) => openNotificationLink(link, (path) => void navigate(path));
  const handleAnnounce = () => setAnnouncing(true);
  const handleAnnounceClose = () => setAnnouncing(false);
  const canAnnounce = can.can('notification', 'create');

  const centre = (
    <NotificationCentre
      headingId={headingId}
      onClose={handleClose}
      onOpenLink={handleOpenLink}
      onSendAnnouncement={canAnnounce ? handleAnnounce : undefined}
    />
  );
  const paperProps = { id: panelId, role: 'dialog', 'aria-labelledby': headingId, 'data-testid': 'notification-centre' };

  return (
    <>
      <IconButton
        aria-label={t('notificationsUnread', { count: unreadCount })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={handleOpen}
      >
        <Badge
          badgeContent={badge}
          invisible={badge === null}
          color="error"
          max={Number.MAX_SAFE_INTEGER}
          slotProps={{ badge: { 'data-testid': 'notification-badge' } as object }}
        >
          <NotificationsNoneOutlined />
        </Badge>
      </IconButton>
      {isPhone ? (
        <Drawer anchor="right" open={open} onClose={handleClose} slotProps={{ paper: { ...paperProps, sx: { width: '100%', height: '100%' } } }}>
          {centre}
        </Drawer>
      ) : (
        <Popover
          open={open}
          anchorEl={anchor}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            paper: {
              ...paperProps,
              sx: { width: 420, maxWidth: 'calc(100vw - 32px)', height: 'min(640px, calc(100vh - 96px))', mt: 1, display: 'flex', flexDirection: 'column' },
            },
          }}
        >
          {centre}
        </Popover>
      )}
      {canAnnounce ? (
        <AnnouncementDialog open={announcing} onClose={handleAnnounceClose} myDepartmentId={readStoredUser()?.departmentId ?? null} {...announcementCalls} />
      ) : null}
    </>
  );
}
