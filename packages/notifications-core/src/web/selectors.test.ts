import { describe, expect, it } from 'vitest';
import { BADGE_MAX, NOTIFICATION_VISIBLE_LIMIT, SHOWING_FIRST_TEXT } from './constants.js';
import { filterChanged, notificationsSet, notificationsSlice } from './notificationsSlice.js';
import type { NotificationFilter, NotificationsRootState } from './notificationsSlice.js';
import {
  badgeText,
  connectionStatusInfo,
  filterNotifications,
  formatRelativeTime,
  selectBadgeText,
  selectCanMarkAllAsRead,
  selectConnectionStatusInfo,
  selectVisibleNotifications,
} from './selectors.js';
import { makeMany, makeNotification } from './test-utils/fixtures.js';

const DEFAULT: NotificationFilter = { searchQuery: '', showUnreadOnly: false, sortBy: 'date', sortOrder: 'desc' };
const root = (...actions: Parameters<typeof notificationsSlice.reducer>[1][]): NotificationsRootState => ({
  notifications: actions.reduce(notificationsSlice.reducer, notificationsSlice.reducer(undefined, { type: 'init' })),
});

const list = [
  makeNotification('1', 30, { title: 'Lead assigned' }),
  makeNotification('2', 10, { title: 'Cheque bounced', isRead: true }),
  makeNotification('3', 20, { title: 'New LEAD from web' }),
  makeNotification('4', 40, { title: 'approval needed' }),
];
const ids = (items: { id: string }[]) => items.map((n) => n.id);

describe('filterNotifications', () => {
  it('sorts by date, newest first by default, or oldest first', () => {
    expect(ids(filterNotifications(list, DEFAULT))).toEqual(['2', '3', '1', '4']);
    expect(ids(filterNotifications(list, { ...DEFAULT, sortOrder: 'asc' }))).toEqual(['4', '1', '3', '2']);
  });

  it('sorts by title ascending or descending, ignoring case', () => {
    expect(ids(filterNotifications(list, { ...DEFAULT, sortBy: 'title', sortOrder: 'asc' }))).toEqual(['4', '2', '1', '3']);
    expect(ids(filterNotifications(list, { ...DEFAULT, sortBy: 'title', sortOrder: 'desc' }))).toEqual(['3', '1', '2', '4']);
  });

  it('searches the title case-insensitively', () => {
    expect(ids(filterNotifications(list, { ...DEFAULT, searchQuery: 'lead' }))).toEqual(['3', '1']);
    expect(ids(filterNotifications(list, { ...DEFAULT, searchQuery: '  CHEQUE ' }))).toEqual(['2']);
  });

  it('shows unread only when asked, combined with search', () => {
    expect(ids(filterNotifications(list, { ...DEFAULT, showUnreadOnly: true }))).toEqual(['3', '1', '4']);
    expect(ids(filterNotifications(list, { ...DEFAULT, showUnreadOnly: true, searchQuery: 'cheque' }))).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    filterNotifications(list, { ...DEFAULT, sortBy: 'title' });
    expect(list).toEqual(copy);
  });
});

describe('selectVisibleNotifications', () => {
  it('shows at most 50 and says more exist (Showing first 50 notifications)', () => {
    expect(NOTIFICATION_VISIBLE_LIMIT).toBe(50);
    expect(SHOWING_FIRST_TEXT).toBe('Showing first 50 notifications');
    const visible = selectVisibleNotifications(root(notificationsSet(makeMany(51))));
    expect(visible.items).toHaveLength(50);
    expect(visible.total).toBe(51);
    expect(visible.hasMore).toBe(true);
    const exact = selectVisibleNotifications(root(notificationsSet(makeMany(50))));
    expect(exact.items).toHaveLength(50);
    expect(exact.hasMore).toBe(false);
  });

  it('applies the filter from the state', () => {
    const visible = selectVisibleNotifications(root(notificationsSet(list), filterChanged({ searchQuery: 'lead' })));
    expect(ids(visible.items)).toEqual(['3', '1']);
  });
});

describe('badge', () => {
  it('shows the count, 99+ above 99 and nothing at 0', () => {
    expect(BADGE_MAX).toBe(99);
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(120)).toBe('99+');
    expect(selectBadgeText(root(notificationsSet(makeMany(120))))).toBe('99+');
  });

  it('offers mark all as read only while unread > 0', () => {
    expect(selectCanMarkAllAsRead(root())).toBe(false);
    expect(selectCanMarkAllAsRead(root(notificationsSet(makeMany(1))))).toBe(true);
  });
});

describe('connection status info', () => {
  it('gives the spec labels and descriptions', () => {
    expect(connectionStatusInfo('connected')).toEqual({ status: 'connected', label: 'Connected', description: 'Real-time notifications active' });
    expect(connectionStatusInfo('connecting')).toEqual({ status: 'connecting', label: 'Connecting...', description: 'Establishing connection' });
    expect(connectionStatusInfo('disconnected')).toEqual({ status: 'disconnected', label: 'Disconnected', description: 'Real-time notifications unavailable' });
    expect(connectionStatusInfo('polling')).toEqual({ status: 'polling', label: 'Polling', description: 'Checking for updates periodically' });
  });

  it('treats an unknown status as disconnected', () => {
    expect(connectionStatusInfo('weird').label).toBe('Disconnected');
    expect(connectionStatusInfo(undefined).label).toBe('Disconnected');
    expect(connectionStatusInfo('toString').label).toBe('Disconnected');
    expect(selectConnectionStatusInfo(root()).label).toBe('Disconnected');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('says Nm ago under 1 hour', () => {
    expect(formatRelativeTime(new Date('2026-01-01T12:00:00Z'), now)).toBe('0m ago');
    expect(formatRelativeTime('2026-01-01T11:55:00Z', now)).toBe('5m ago');
    expect(formatRelativeTime('2026-01-01T11:00:01Z', now)).toBe('59m ago');
  });

  it('says Nh ago from 1 hour to under 24 hours', () => {
    expect(formatRelativeTime('2026-01-01T11:00:00Z', now)).toBe('1h ago');
    expect(formatRelativeTime('2025-12-31T12:00:01Z', now)).toBe('23h ago');
  });

  it('shows the local date from 24 hours on', () => {
    const date = new Date('2025-12-31T12:00:00Z');
    expect(formatRelativeTime(date, now)).toBe(date.toLocaleDateString());
  });
});
