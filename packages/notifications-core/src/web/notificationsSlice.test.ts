import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_CAP } from './constants.js';
import {
  allNotificationsMarkedAsRead,
  connectionStatusSet,
  filterChanged,
  filterReset,
  loadingSet,
  notificationErrorCleared,
  notificationErrorSet,
  notificationMarkedAsRead,
  notificationRemoved,
  notificationsAdded,
  notificationsReset,
  notificationsSet,
  notificationsSlice,
} from './notificationsSlice.js';
import type { NotificationsState } from './notificationsSlice.js';
import { makeMany, makeNotification } from './test-utils/fixtures.js';

const reducer = notificationsSlice.reducer;
const initial = (): NotificationsState => reducer(undefined, { type: 'init' });
const ids = (state: NotificationsState) => state.list.map((n) => n.id);

describe('notificationsSlice', () => {
  it('is named notifications and starts empty, disconnected, with the default filter', () => {
    expect(notificationsSlice.name).toBe('notifications');
    const state = initial();
    expect(state).toMatchObject({
      list: [],
      unreadCount: 0,
      connectionStatus: 'disconnected',
      isLoading: false,
      error: null,
      filter: { searchQuery: '', showUnreadOnly: false, sortBy: 'date', sortOrder: 'desc' },
      sound: { sound: 'pleasant', enabled: true },
    });
  });

  it('set replaces everything, recomputes the unread count and ends loading', () => {
    let state = reducer(initial(), notificationsAdded([makeNotification('old')]));
    state = reducer(state, loadingSet(true));
    state = reducer(
      state,
      notificationsSet([makeNotification('a', 1), makeNotification('b', 2, { isRead: true }), makeNotification('c', 3)]),
    );
    expect(ids(state)).toEqual(['a', 'b', 'c']);
    expect(state.unreadCount).toBe(2);
    expect(state.isLoading).toBe(false);
  });

  it('set keeps the store cap of 100', () => {
    const state = reducer(initial(), notificationsSet(makeMany(120)));
    expect(state.list).toHaveLength(100);
    expect(ids(state)[99]).toBe('n99');
    expect(state.unreadCount).toBe(100);
  });

  it('add merges only ids not present, newest first', () => {
    let state = reducer(initial(), notificationsSet([makeNotification('a', 10), makeNotification('b', 30)]));
    state = reducer(
      state,
      notificationsAdded([makeNotification('a', 0, { title: 'changed' }), makeNotification('c', 20), makeNotification('d', 5)]),
    );
    expect(ids(state)).toEqual(['d', 'a', 'c', 'b']);
    expect(state.list.find((n) => n.id === 'a')?.title).toBe('Notification a');
    expect(state.unreadCount).toBe(4);
    state = reducer(state, notificationsAdded(makeNotification('e', 1)));
    expect(ids(state)[0]).toBe('e');
  });

  it('add caps the list at 100, dropping the oldest', () => {
    expect(NOTIFICATION_LIST_CAP).toBe(100);
    let state = reducer(initial(), notificationsSet(makeMany(100, 'old').map((n, i) => ({ ...n, createdOn: new Date(Date.UTC(2025, 0, 1) - i * 60_000).toISOString() }))));
    state = reducer(state, notificationsAdded(makeMany(5, 'new')));
    expect(state.list).toHaveLength(100);
    expect(ids(state).slice(0, 5)).toEqual(['new0', 'new1', 'new2', 'new3', 'new4']);
    expect(ids(state)).not.toContain('old95');
    expect(ids(state)).toContain('old94');
    expect(state.unreadCount).toBe(100);
  });

  it('mark one as read changes only that one and the count', () => {
    let state = reducer(initial(), notificationsSet([makeNotification('a'), makeNotification('b', 1)]));
    state = reducer(state, notificationMarkedAsRead('a'));
    expect(state.list.map((n) => n.isRead)).toEqual([true, false]);
    expect(state.unreadCount).toBe(1);
    state = reducer(state, notificationMarkedAsRead('missing'));
    expect(state.unreadCount).toBe(1);
  });

  it('mark all as read makes every one read and the count 0', () => {
    let state = reducer(initial(), notificationsSet(makeMany(3)));
    state = reducer(state, allNotificationsMarkedAsRead());
    expect(state.list.every((n) => n.isRead)).toBe(true);
    expect(state.unreadCount).toBe(0);
  });

  it('remove deletes one and recomputes the count', () => {
    let state = reducer(initial(), notificationsSet(makeMany(3)));
    state = reducer(state, notificationRemoved('n1'));
    expect(ids(state)).toEqual(['n0', 'n2']);
    expect(state.unreadCount).toBe(2);
  });

  it('sets the status, the error and the filter, and resets', () => {
    let state = reducer(initial(), connectionStatusSet('polling'));
    expect(state.connectionStatus).toBe('polling');
    state = reducer(state, notificationErrorSet('boom'));
    expect(state.error).toBe('boom');
    state = reducer(state, notificationErrorCleared());
    expect(state.error).toBeNull();
    state = reducer(state, filterChanged({ searchQuery: 'lead', sortBy: 'title' }));
    expect(state.filter).toEqual({ searchQuery: 'lead', showUnreadOnly: false, sortBy: 'title', sortOrder: 'desc' });
    state = reducer(state, filterReset());
    expect(state.filter.searchQuery).toBe('');
    state = reducer(reducer(state, notificationsSet(makeMany(2))), notificationsReset());
    expect(state.list).toEqual([]);
    expect(state.connectionStatus).toBe('disconnected');
  });
});
