import { useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DoneIcon from '@mui/icons-material/Done';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import { useRelativeTime } from './useRelativeTime.js';
import type { Notification } from '@propdesk/notifications-core/model';

export type NotificationListItemProps = {
  notification: Notification;
  /** The time relative times are measured from (ticks while the centre is open). */
  now: number;
  onOpen: (notification: Notification) => void;
  onMarkAsRead: (id: string) => void;
  onDelete: (id: string) => void;
};

/** Read by screen readers, not shown: the unread state and the link are otherwise only visual. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: '-1px',
  p: 0,
  border: 0,
} as const;

/** One notification: unread marker, title, body excerpt, relative time; read and delete actions. */
export function NotificationListItem({ notification, now, onOpen, onMarkAsRead, onDelete }: NotificationListItemProps) {
  const { id, title, body, link, createdOn, isRead } = notification;
  const handleOpen = () => onOpen(notification);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const handleMarkAsRead = () => {
    // Its button goes once the item is read: the focus moves to the next action in the row.
    deleteRef.current?.focus();
    onMarkAsRead(id);
  };
  const handleDelete = () => onDelete(id);
  const t = useT(shellCatalog);
  const relativeTime = useRelativeTime();
  return (
    <ListItem
      disablePadding
      divider
      data-testid="notification-item"
      data-read={isRead ? 'true' : 'false'}
      sx={{ alignItems: 'stretch', bgcolor: isRead ? undefined : 'rgba(29, 78, 137, 0.05)' }}
    >
      <ListItemButton
        onClick={handleOpen}
        sx={{ alignItems: 'flex-start', gap: 1.25, py: 1.25, pr: 1, minWidth: 0 }}
      >
        {isRead ? null : (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('notificationUnread')}
          </Box>
        )}
        <Box
          aria-hidden="true"
          data-testid="notification-unread-marker"
          sx={{
            mt: 0.75,
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: isRead ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            variant="body2"
            data-testid="notification-title"
            sx={{ fontWeight: isRead ? 500 : 700, overflowWrap: 'anywhere' }}
          >
            {title}
            {link ? <OpenInNew aria-hidden="true" sx={{ fontSize: 14, color: 'text.secondary', ml: 0.5, verticalAlign: '-2px' }} /> : null}
          </Typography>
          {link ? <Box component="span" sx={VISUALLY_HIDDEN}>{t('notificationOpensLink')}</Box> : null}
          {body ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
            >
              {body}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={createdOn} data-testid="notification-time">
            {relativeTime(createdOn, now)}
          </Typography>
        </Box>
      </ListItemButton>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.25, pt: 1, pr: 1, flexShrink: 0 }}>
        {isRead ? null : (
          <Tooltip title={t('notificationMarkAsRead')}>
            <IconButton size="small" aria-label={t('notificationMarkAsReadNamed', { title })} onClick={handleMarkAsRead}>
              <DoneIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('notificationDelete')}>
          <IconButton ref={deleteRef} size="small" aria-label={t('notificationDeleteNamed', { title })} onClick={handleDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
