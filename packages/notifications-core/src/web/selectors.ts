import { createSelector } from '@reduxjs/toolkit';
import type { Notification } from '../model/index.js';
import { BADGE_MAX, NOTIFICATION_VISIBLE_LIMIT } from './constants.js';
import type {
  ConnectionStatus,
  NotificationFilter,
  NotificationsRootState,
  NotificationsState,
} from './notificationsSlice.js';

export const selectNotificationsState = (state: NotificationsRootState): NotificationsState => state.notifications;
export const selectNotificationList = (state: NotificationsRootState): Notification[] => state.notifications.list;
export const selectUnreadCount = (state: NotificationsRootState): number => state.notifications.unreadCount;
export const selectConnectionStatus = (state: NotificationsRootState): ConnectionStatus =>
  state.notifications.connectionStatus;
export const selectNotificationsLoading = (state: NotificationsRootState): boolean => state.notifications.isLoading;
export const selectNotificationError = (state: NotificationsRootState): string | null => state.notifications.error;
export const selectNotificationFilter = (state: NotificationsRootState): NotificationFilter =>
  state.notifications.filter;
export const selectSoundSettings = (state: NotificationsRootState): NotificationsState['sound'] =>
  state.notifications.sound;
/** Mark all as read is offered only while the unread count is above 0. */
export const selectCanMarkAllAsRead = (state: NotificationsRootState): boolean => state.notifications.unreadCount > 0;

/** Search on the title (case-insensitive), unread only, then sort by date or title, asc or desc. */
export function filterNotifications(list: readonly Notification[], filter: NotificationFilter): Notification[] {
  const query = filter.searchQuery.trim().toLowerCase();
  const kept = list.filter(
    (notification) =>
      (!filter.showUnreadOnly || !notification.isRead) &&
      (query === '' || notification.title.toLowerCase().includes(query)),
  );
  const direction = filter.sortOrder === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const order =
      filter.sortBy === 'title'
        ? a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })
        : Date.parse(a.createdOn) - Date.parse(b.createdOn);
    return order * direction;
  });
}

export const selectFilteredNotifications = createSelector(
  [selectNotificationList, selectNotificationFilter],
  (list, filter) => filterNotifications(list, filter),
);

export type VisibleNotifications = {
  /** At most 50. */
  items: Notification[];
  /** How many match the filter. */
  total: number;
  /** More than 50 match: the UI shows 'Showing first 50 notifications'. */
  hasMore: boolean;
};

export const selectVisibleNotifications = createSelector(
  [selectFilteredNotifications],
  (filtered): VisibleNotifications => ({
    items: filtered.slice(0, NOTIFICATION_VISIBLE_LIMIT),
    total: filtered.length,
    hasMore: filtered.length > NOTIFICATION_VISIBLE_LIMIT,
  }),
);

/** The bell badge: the count, '99+' above 99, null (no badge) at 0. */
export function badgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > BADGE_MAX ? `${BADGE_MAX}+` : String(unreadCount);
}

export const selectBadgeText = (state: NotificationsRootState): string | null =>
  badgeText(state.notifications.unreadCount);

export type ConnectionStatusInfo = { status: ConnectionStatus; label: string; description: string };

const STATUS_INFO: Record<ConnectionStatus, ConnectionStatusInfo> = {
  connected: { status: 'connected', label: 'Connected', description: 'Real-time notifications active' },
  connecting: { status: 'connecting', label: 'Connecting...', description: 'Establishing connection' },
  disconnected: {
    status: 'disconnected',
    label: 'Disconnected',
    description: 'Real-time notifications unavailable',
  },
  polling: { status: 'polling', label: 'Polling', description: 'Checking for updates periodically' },
};

/** Label and description of a status (spec section 4); anything unknown reads as disconnected. */
export function connectionStatusInfo(status: unknown): ConnectionStatusInfo {
  return typeof status === 'string' && Object.hasOwn(STATUS_INFO, status)
    ? STATUS_INFO[status as ConnectionStatus]
    : STATUS_INFO.disconnected;
}

export const selectConnectionStatusInfo = (state: NotificationsRootState): ConnectionStatusInfo =>
  connectionStatusInfo(state.notifications.connectionStatus);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 'Nm ago' under 1 hour, 'Nh ago' under 24 hours, otherwise the local date (spec section 9). */
export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const then = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  const elapsed = Math.max(0, (typeof now === 'number' ? now : now.getTime()) - then);
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return new Date(then).toLocaleDateString();
}
