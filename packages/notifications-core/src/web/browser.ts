/* Browser-facing defaults of the notification service; each one can be replaced in tests. */
import type { Notification } from '../model/index.js';

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

/** Looked up at call time, so fake timers installed later still apply. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export type DesktopNotifier = {
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  show: (notification: Notification) => void;
};

export type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
export type VisibilitySource = Listenable & { readonly visibilityState: DocumentVisibilityState };

export function defaultStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's Notification API as a DesktopNotifier, or null where there is none. */
export function browserDesktopNotifier(openLink?: (link: string) => void): DesktopNotifier | null {
  if (typeof window === 'undefined' || typeof window.Notification !== 'function') return null;
  const Api = window.Notification;
  return {
    permission: () => Api.permission,
    requestPermission: () => Api.requestPermission(),
    show: (notification) => {
      const shown = new Api(notification.title, { body: notification.body ?? undefined, tag: notification.id });
      shown.onclick = () => {
        window.focus();
        if (notification.link) openLink?.(notification.link);
        shown.close();
      };
    },
  };
}
