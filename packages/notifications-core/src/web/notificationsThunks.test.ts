// @vitest-environment jsdom
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSING_USER_ID_MESSAGE, NOTIFICATION_TOAST } from './constants.js';
import {
  chooseNotificationSound,
  deleteNotification,
  getActiveNotifications,
  initializeNotifications,
  markAllNotificationsAsRead,
  markNotificationAsRead,
  resetActiveNotifications,
  stopNotifications,
  watchNotificationSession,
} from './notificationsThunks.js';
import type { StartNotificationsOptions } from './notificationsThunks.js';
import { connectionStatusSet, loadingSet, notificationsSet, notificationsSlice } from './notificationsSlice.js';
import { SOUND_STORAGE_KEYS } from './sounds.js';
import { FAKE_TIMERS, serviceHarness, settle } from './test-utils/fakes.js';
import { makeNotification } from './test-utils/fixtures.js';
import { notificationServer } from './test-utils/server.js';
import { http, HttpResponse } from 'msw';

const { server, lists } = notificationServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  lists.user = [];
  lists.department = [];
});
afterEach(() => {
  resetActiveNotifications();
  server.resetHandlers();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type SessionState = { user: { userId: string } | null; privilegesStatus: string };
const sessionSlice = {
  reducerPath: 'session' as const,
  reducer: (state: SessionState = { user: null, privilegesStatus: 'idle' }, action: { type: string; payload?: unknown }) =>
    action.type === 'session/set' ? (action.payload as SessionState) : state,
};

function makeStore() {
  return configureStore({ reducer: combineSlices(notificationsSlice, sessionSlice) });
}

function options(items?: Record<string, string>) {
  const harness = serviceHarness(items);
  const toast = vi.fn();
  const start: StartNotificationsOptions = { ...harness.options, toast, soundPlayer: null };
  return { harness, toast, start };
}

describe('initializeNotifications', () => {
  it('loads the history into the store, connects, and adds real-time ones with a top-right 3000 ms toast', async () => {
    lists.user = [makeNotification('h1', 5)];
    const store = makeStore();
    const { harness, toast, start } = options();
    expect(store.dispatch(initializeNotifications(start))).toBe(true);
    expect(store.getState().notifications.isLoading).toBe(true);
    expect(store.getState().notifications.connectionStatus).toBe('connecting');
    await settle();
    expect(store.getState().notifications.isLoading).toBe(false);
    expect(store.getState().notifications.list.map((n) => n.id)).toEqual(['h1']);
    harness.streams.user()?.open();
    expect(store.getState().notifications.connectionStatus).toBe('connected');
    harness.streams.user()?.send(makeNotification('n1', 0, { title: 'Lead assigned' }));
    expect(store.getState().notifications.list.map((n) => n.id)).toEqual(['n1', 'h1']);
    expect(store.getState().notifications.unreadCount).toBe(2);
    expect(toast).toHaveBeenCalledWith('Lead assigned', NOTIFICATION_TOAST);
    expect(NOTIFICATION_TOAST).toEqual({ variant: 'info', anchorOrigin: { vertical: 'top', horizontal: 'right' }, autoHideDuration: 3000 });
  });

  it('runs only when not connected and not loading, and only once', () => {
    const store = makeStore();
    store.dispatch(connectionStatusSet('connected'));
    expect(store.dispatch(initializeNotifications(options().start))).toBe(false);
    store.dispatch(connectionStatusSet('disconnected'));
    store.dispatch(loadingSet(true));
    expect(store.dispatch(initializeNotifications(options().start))).toBe(false);
    expect(getActiveNotifications()).toBeNull();
    store.dispatch(loadingSet(false));
    expect(store.dispatch(initializeNotifications(options().start))).toBe(true);
    expect(store.dispatch(initializeNotifications(options().start))).toBe(false);
  });

  it('puts the missing-userId message in the store error and shows the service error toast', async () => {
    const store = makeStore();
    const { toast, start } = options({});
    store.dispatch(initializeNotifications(start));
    await settle();
    expect(store.getState().notifications.error).toBe(MISSING_USER_ID_MESSAGE);
    expect(store.getState().notifications.isLoading).toBe(false);
    expect(toast).toHaveBeenCalledWith('Notification service error', { variant: 'error' });
  });
});

describe('list thunks', () => {
  beforeEach(() => {
    server.use(
      http.post('*/api/notifications/:id/read', () => new HttpResponse(null, { status: 204 })),
      http.post('*/api/notifications/read-all', () => new HttpResponse(null, { status: 204 })),
    );
  });

  it('mark one and mark all as read update the store at once', async () => {
    const store = makeStore();
    store.dispatch(initializeNotifications(options().start));
    await settle();
    store.dispatch(notificationsSet([makeNotification('a'), makeNotification('b', 1)]));
    const one = store.dispatch(markNotificationAsRead('a'));
    expect(store.getState().notifications.unreadCount).toBe(1);
    await expect(one).resolves.toBe(true);
    const all = store.dispatch(markAllNotificationsAsRead());
    expect(store.getState().notifications.unreadCount).toBe(0);
    await expect(all).resolves.toBe(true);
  });

  it('delete removes it; a failure sets the spec error text and shows the toast', async () => {
    const store = makeStore();
    const { start, toast } = options();
    store.dispatch(initializeNotifications(start));
    await settle();
    store.dispatch(notificationsSet([makeNotification('a'), makeNotification('b', 1)]));
    server.use(http.delete('*/api/notifications/a', () => new HttpResponse(null, { status: 204 })));
    await expect(store.dispatch(deleteNotification('a'))).resolves.toBe(true);
    expect(store.getState().notifications.list.map((n) => n.id)).toEqual(['b']);
    server.use(http.delete('*/api/notifications/b', () => HttpResponse.text('down', { status: 503 })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(store.dispatch(deleteNotification('b'))).resolves.toBe(false);
    expect(store.getState().notifications.list.map((n) => n.id)).toEqual(['b']);
    expect(store.getState().notifications.error).toBe('Failed to delete notification. Please try again.');
    expect(toast).toHaveBeenCalledWith('Notification service error', { variant: 'error' });
  });

  it('delete works without a running service, and a 404 counts as deleted', async () => {
    const store = makeStore();
    store.dispatch(notificationsSet([makeNotification('a')]));
    server.use(http.delete('*/api/notifications/a', () => HttpResponse.text('not found', { status: 404 })));
    await expect(store.dispatch(deleteNotification('a'))).resolves.toBe(true);
    expect(store.getState().notifications.list).toEqual([]);
  });

  it('chooses the sound: stored and in the store', () => {
    const store = makeStore();
    store.dispatch(chooseNotificationSound('pop'));
    expect(localStorage.getItem(SOUND_STORAGE_KEYS.sound)).toBe('pop');
    expect(store.getState().notifications.sound.sound).toBe('pop');
  });
});

describe('stop and the session watcher', () => {
  it('stopNotifications destroys the service, clears the list and leaves no timers', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    lists.user = [makeNotification('h1')];
    const store = makeStore();
    const { harness, start } = options();
    store.dispatch(initializeNotifications(start));
    await settle();
    harness.streams.user()?.open();
    expect(vi.getTimerCount()).toBe(1); // the forced reconnect
    store.dispatch(stopNotifications());
    expect(vi.getTimerCount()).toBe(0);
    expect(harness.streams.open()).toHaveLength(0);
    expect(getActiveNotifications()).toBeNull();
    expect(store.getState().notifications.list).toEqual([]);
    expect(store.getState().notifications.connectionStatus).toBe('disconnected');
  });

  it('starts once the privileges are loaded for a signed-in user and stops on logout', async () => {
    const store = makeStore();
    const { harness, start } = options();
    const unsubscribe = watchNotificationSession(store, start);
    expect(getActiveNotifications()).toBeNull();
    store.dispatch({ type: 'session/set', payload: { user: { userId: 'u1' }, privilegesStatus: 'loading' } });
    expect(getActiveNotifications()).toBeNull();
    store.dispatch({ type: 'session/set', payload: { user: { userId: 'u1' }, privilegesStatus: 'loaded' } });
    expect(getActiveNotifications()).not.toBeNull();
    expect(harness.streams.streams).toHaveLength(2);
    await settle();
    store.dispatch({ type: 'session/set', payload: { user: null, privilegesStatus: 'idle' } });
    expect(getActiveNotifications()).toBeNull();
    expect(harness.streams.open()).toHaveLength(0);
    unsubscribe();
  });
});
