import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useSnackbar } from 'notistack';
import { watchNotificationSession } from '@propdesk/notifications-core/web';
import { openNotificationLink } from './openNotificationLink.js';

export type NotificationSessionWatcherProps = {
  /** Navigates inside the app (the router's navigate): links of desktop notifications open here. */
  navigate: (path: string) => void;
};

type WatchedStore = Parameters<typeof watchNotificationSession>[0];

/**
 * Starts the live notifications when a signed-in user's privileges are loaded and stops them on
 * sign-out. Mount it once, inside the SnackbarProvider: notification toasts go through notistack
 * (top-right, 3000 ms: the options come with each toast from notifications-core).
 */
export function NotificationSessionWatcher({ navigate }: NotificationSessionWatcherProps) {
  const store = useStore() as unknown as WatchedStore;
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      watchNotificationSession(store, {
        toast: (message, options) => enqueueSnackbar(message, options),
        openLink: (link) => openNotificationLink(link, navigate),
      }),
    [store, enqueueSnackbar, navigate],
  );
  return null;
}
