import { receiveEverythingChanged, receiveRecordChanges } from '@propdesk/api-client';
import type { Dispatch, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { NOTIFICATION_TOAST, SERVICE_ERROR_TOAST, SERVICE_ERROR_TOAST_OPTIONS } from './constants.js';
import { describeNotificationError } from './errors.js';
import { NotificationService } from './notificationService.js';
import type { NotificationServiceOptions } from './notificationService.js';
import {
  allNotificationsMarkedAsRead,
  connectionStatusSet,
  loadingSet,
  notificationErrorSet,
  notificationMarkedAsRead,
  notificationRemoved,
  notificationsAdded,
  notificationsReset,
  notificationsSet,
  soundSettingsChanged,
} from './notificationsSlice.js';
import type { NotificationsRootState } from './notificationsSlice.js';
import { createSoundPlayer } from './sounds.js';
import type { SoundName, SoundPlayer } from './sounds.js';

/** The options a toast takes, in notistack's shape. */
export type NotificationToastOptions = {
  variant?: 'default' | 'error' | 'success' | 'warning' | 'info';
  anchorOrigin?: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
  autoHideDuration?: number;
};

/** A toast function such as notistack's `enqueueSnackbar`. */
export type NotificationToastFn = (message: string, options: NotificationToastOptions) => unknown;

export type StartNotificationsOptions = Omit<NotificationServiceOptions, 'toast' | 'sound'> & {
  /** The app passes notistack's enqueueSnackbar: notification toasts top-right for 3000 ms. */
  toast?: NotificationToastFn;
  /** The sound player (default: a new Web Audio player). */
  soundPlayer?: SoundPlayer | null;
};

export type NotificationsHandle = {
  service: NotificationService;
  soundPlayer: SoundPlayer | null;
  /** Destroys the service, unsubscribes from it and disposes the sound player. */
  stop: () => void;
};

type NotificationsThunk<R> = ThunkAction<R, NotificationsRootState, unknown, UnknownAction>;

/** Forwards the service's events into the slice; returns the unsubscribe. */
export function connectServiceToStore(
  service: NotificationService,
  dispatch: Dispatch,
  toast?: NotificationToastFn,
): () => void {
  const subscriptions = [
    service.on('history', (list) => dispatch(notificationsSet(list))),
    service.on('notification', (notification) => dispatch(notificationsAdded(notification))),
    service.on('status', (status) => dispatch(connectionStatusSet(status))),
    service.on('read', (id) => dispatch(notificationMarkedAsRead(id))),
    service.on('readAll', () => dispatch(allNotificationsMarkedAsRead())),
    service.on('deleted', (id) => dispatch(notificationRemoved(id))),
    // Changes of records reach the data layer (api-client), which refreshes the queries holding them.
    service.on('changes', (data) => receiveRecordChanges(data, 'stream')),
    service.on('resync', () => receiveEverythingChanged()),
    service.on('error', (error) => {
      const info = describeNotificationError(error);
      dispatch(notificationErrorSet(info.message));
      if (info.showToast) toast?.(SERVICE_ERROR_TOAST, SERVICE_ERROR_TOAST_OPTIONS);
    }),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}

/**
 * Creates the service, wires it into the store and initialises it (loading until the history
 * arrives). Framework-free; most apps use the `initializeNotifications` thunk instead.
 */
export function startNotifications(store: { dispatch: Dispatch }, options: StartNotificationsOptions = {}): NotificationsHandle {
  const { toast, soundPlayer: givenPlayer, ...serviceOptions } = options;
  const soundPlayer = givenPlayer === undefined ? createSoundPlayer() : givenPlayer;
  const service = new NotificationService({
    ...serviceOptions,
    sound: soundPlayer,
    toast: toast ? (notification) => toast(notification.title, NOTIFICATION_TOAST) : undefined,
  });
  const disconnect = connectServiceToStore(service, store.dispatch, toast);
  store.dispatch(loadingSet(true));
  service.initialize().catch(() => {
    store.dispatch(loadingSet(false)); // the 'error' event has set the store's error already
  });
  return {
    service,
    soundPlayer,
    stop: () => {
      disconnect();
      service.destroy();
      soundPlayer?.dispose();
    },
  };
}

let active: NotificationsHandle | null = null;

/** The running notifications, if any (for the notification centre and tests). */
export function getActiveNotifications(): NotificationsHandle | null {
  return active;
}

/**
 * Starts the notifications once (dispatch it when the privileges are available on entering the
 * shell). Does nothing when the state is already connected or loading, or a service runs.
 * Resolves to whether it started.
 */
export const initializeNotifications =
  (options: StartNotificationsOptions = {}): NotificationsThunk<boolean> =>
  (dispatch, getState) => {
    const { connectionStatus, isLoading } = getState().notifications;
    if (active || connectionStatus === 'connected' || isLoading) return false;
    active = startNotifications({ dispatch }, options);
    return true;
  };

/** Stops the service and clears the list (logout). */
export const stopNotifications = (): NotificationsThunk<void> => (dispatch) => {
  active?.stop();
  active = null;
  dispatch(notificationsReset());
};

/** Marks one read: in the store at once, then on the server when the service runs. */
export const markNotificationAsRead =
  (id: string): NotificationsThunk<Promise<boolean>> =>
  async (dispatch) => {
    if (!active) {
      dispatch(notificationMarkedAsRead(id));
      return false;
    }
    return active.service.markAsRead(id);
  };

export const markAllNotificationsAsRead = (): NotificationsThunk<Promise<boolean>> => async (dispatch) => {
  if (!active) {
    dispatch(allNotificationsMarkedAsRead());
    return false;
  }
  return active.service.markAllAsRead();
};

/** Deletes one (a 404 counts as deleted); false and the store's error set on failure. */
export const deleteNotification =
  (id: string): NotificationsThunk<Promise<boolean>> =>
  async (dispatch) => {
    if (active) return active.service.deleteNotification(id);
    // No running service (e.g. before initialisation): a throwaway one that opens nothing.
    const service = new NotificationService({ document: null, window: null, desktop: null });
    const disconnect = connectServiceToStore(service, dispatch);
    try {
      return await service.deleteNotification(id);
    } finally {
      disconnect();
    }
  };

/** Chooses the sound: stored on the device and kept in the store. */
export const chooseNotificationSound =
  (sound: SoundName, player: SoundPlayer | null = active?.soundPlayer ?? null): NotificationsThunk<void> =>
  (dispatch) => {
    (player ?? createSoundPlayer({ interactionTarget: null, createAudioContext: () => null })).setSound(sound);
    dispatch(soundSettingsChanged({ sound }));
  };

export const setNotificationSoundEnabled =
  (enabled: boolean, player: SoundPlayer | null = active?.soundPlayer ?? null): NotificationsThunk<void> =>
  (dispatch) => {
    (player ?? createSoundPlayer({ interactionTarget: null, createAudioContext: () => null })).setEnabled(enabled);
    dispatch(soundSettingsChanged({ enabled }));
  };

/** A store shape with the session slice of @propdesk/auth-session. */
type SessionLike = { session?: { user: unknown; privilegesStatus: string } };

/**
 * Starts the notifications when the privileges are loaded for a signed-in user and stops them
 * when the user signs out. Call once with the app's store; returns the unsubscribe.
 */
export function watchNotificationSession(
  store: {
    getState: () => NotificationsRootState & SessionLike;
    dispatch: (action: NotificationsThunk<unknown>) => unknown;
    subscribe: (listener: () => void) => () => void;
  },
  options: StartNotificationsOptions = {},
): () => void {
  const check = () => {
    const session = store.getState().session;
    if (!session) return;
    if (session.user && session.privilegesStatus === 'loaded') {
      if (!active) store.dispatch(initializeNotifications(options));
    } else if (!session.user && active) {
      store.dispatch(stopNotifications());
    }
  };
  check();
  return store.subscribe(check);
}

/** Forgets the running service without touching a store (tests). */
export function resetActiveNotifications(): void {
  active?.stop();
  active = null;
}
