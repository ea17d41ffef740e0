import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { useRef } from 'react';
import { useSelector } from 'react-redux';
import { formatNumber } from '@propdesk/i18n';
import { useLanguage, useT } from '@propdesk/i18n/react';
import {
  NOTIFICATION_VISIBLE_LIMIT,
  deleteNotification,
  markAllNotificationsAsRead,
  markNotificationAsRead,
  selectCanMarkAllAsRead,
  selectNotificationFilter,
  selectNotificationList,
  selectNotificationsLoading,
  selectUnreadCount,
  selectVisibleNotifications,
} from '@propdesk/notifications-core/web';
import type { Notification } from '@propdesk/notifications-core/model';
import { ConnectionStatusIndicator } from './ConnectionStatusIndicator.js';
import { NotificationErrorBanner } from './NotificationErrorBanner.js';
import { NotificationFilters } from './NotificationFilters.js';
import { NotificationListItem } from './NotificationListItem.js';
import { NotificationSoundSettings } from './NotificationSoundSettings.js';
import { useNotificationsDispatch } from './useNotificationsDispatch.js';
import { useNow } from './useNow.js';
import { shellCatalog } from '../i18n/catalog.js';

export type NotificationCentreProps = {
  /** The id of the heading, so the surrounding dialog can be labelled by it. */
  headingId: string;
  /** Opens a notification's link (the router for paths inside the app). */
  onOpenLink: (link: string) => void;
  onClose: () => void;
  /** Shown only to users who may send announcements. */
  onSendAnnouncement?: () => void;
};

/** The notification centre's content: status, actions, filters, the list (≤ 50) and the sound. */
export function NotificationCentre({ headingId, onOpenLink, onClose, onSendAnnouncement }: NotificationCentreProps) {
  const dispatch = useNotificationsDispatch();
  const { items, hasMore } = useSelector(selectVisibleNotifications);
  const unreadCount = useSelector(selectUnreadCount);
  const canMarkAll = useSelector(selectCanMarkAllAsRead);
  const loading = useSelector(selectNotificationsLoading);
  const hasAny = useSelector(selectNotificationList).length > 0;
  const filter = useSelector(selectNotificationFilter);
  const now = useNow();
  const t = useT(shellCatalog);
  // English as it was; Arabic in Latin digits (decisions 211-212), as the rest of the product writes counts.
  const language = useLanguage();
  const count = (value: number) => (language === 'en' ? String(value) : formatNumber(value, language));

  const handleOpen = (notification: Notification) => {
    if (!notification.isRead) void dispatch(markNotificationAsRead(notification.id));
    if (notification.link) {
      onClose();
      onOpenLink(notification.link);
    }
  };
  const handleMarkAsRead = (id: string) => void dispatch(markNotificationAsRead(id));
  const handleDelete = (id: string) => void dispatch(deleteNotification(id));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const handleMarkAll = () => {
    // The button goes once nothing is unread: keep the focus in the dialog (on its heading, next to
    // "All caught up") rather than let it fall to the page, where Escape would no longer reach the dialog.
    headingRef.current?.focus();
    void dispatch(markAllNotificationsAsRead());
  };
  const filtered = filter.searchQuery.trim() !== '' || filter.showUnreadOnly;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography ref={headingRef} id={headingId} tabIndex={-1} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mr: 'auto', '&:focus': { outline: 'none' } }}>
            {t('notificationsHeading')}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="notification-unread-count">
            {unreadCount > 0 ? t('notificationsUnreadCount', { count: count(unreadCount) }) : t('notificationsAllCaughtUp')}
          </Typography>
          <IconButton size="small" aria-label={t('notificationsClose')} onClick={onClose} edge="end">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <ConnectionStatusIndicator />
        {canMarkAll || onSendAnnouncement ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 0.5 }}>
            {canMarkAll ? (
              <Button size="small" variant="outlined" startIcon={<DoneAll />} onClick={handleMarkAll}>
                {t('notificationsMarkAll')}
              </Button>
            ) : null}
            {onSendAnnouncement ? (
              <Button size="small" variant="text" startIcon={<CampaignOutlined />} onClick={onSendAnnouncement}>
                {t('notificationsSendAnnouncement')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Box>
      <NotificationErrorBanner />
      <NotificationFilters />
      <Divider />
      <Box sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }} data-testid="notification-list-region">
        {items.length > 0 ? (
          <List disablePadding aria-label={t('notificationsList')}>
            {items.map((notification) => (
              <NotificationListItem
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={handleOpen}
                onMarkAsRead={handleMarkAsRead}
                onDelete={handleDelete}
              />
            ))}
          </List>
        ) : loading && !hasAny ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 5 }}>
            <CircularProgress size={24} aria-label={t('notificationsLoading')} />
          </Box>
        ) : (
          <Box sx={{ textAlign: 'center', py: 5, px: 3, color: 'text.secondary' }} data-testid="notification-empty">
            <NotificationsOffOutlined sx={{ fontSize: 36, opacity: 0.5 }} />
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary', mt: 1 }}>
              {filtered ? t('notificationsNoMatch') : t('notificationsNoneYet')}
            </Typography>
            <Typography variant="caption">
              {filtered ? t('notificationsTryAnother') : t('notificationsWillAppear')}
            </Typography>
          </Box>
        )}
        {hasMore ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ textAlign: 'center', py: 1.25 }} data-testid="notification-showing-first">
            {t('notificationsShowingFirst', { count: count(NOTIFICATION_VISIBLE_LIMIT) })}
          </Typography>
        ) : null}
      </Box>
      <Divider />
      <NotificationSoundSettings />
    </Box>
  );
}
