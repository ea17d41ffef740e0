import { UnauthorizedError, apiUrl, expireSession } from '@propdesk/api-client';
import { STORAGE_KEYS } from '@propdesk/auth-session/web';
import { notificationSchema } from '../model/index.js';
import type { Notification } from '../model/index.js';
import {
  DELETE_FAILED_MESSAGE,
  FORCED_RECONNECT_MS,
  MAX_POLLS,
  MAX_RECONNECT_ATTEMPTS,
  MISSING_USER_ID_MESSAGE,
  NOTIFICATION_PATHS,
  POLL_INTERVAL_MS,
  reconnectDelay,
} from './constants.js';
import { openEventStream } from '@propdesk/api-client';
import type { EventStreamFactory, EventStreamFailure, EventStreamHandle } from '@propdesk/api-client';
import { defaultRequest, fetchNotificationLists } from './history.js';
import type { RequestFn } from './history.js';
import { mergeNotifications } from './notificationList.js';
import type { ConnectionStatus } from './notificationsSlice.js';
import type { SseEvent } from '@propdesk/api-client';
import { browserDesktopNotifier, defaultStorage, globalTimers } from './browser.js';
import type { DesktopNotifier, Listenable, Timers, VisibilitySource } from './browser.js';

export type NotificationServiceEvents = {
  /** A notification not seen before, from a stream or a poll. */
  notification: Notification;
  /** The history: replaces the list and ends loading. */
  history: Notification[];
  status: ConnectionStatus;
  error: Error;
  /** Marked read locally (the server call follows). */
  read: string;
  readAll: undefined;
  deleted: string;
  /** A "record changed" event of the user stream (its data, as sent): the screens holding those records read them again. */
  changes: string;
  /** The user stream is open again after a break: changes made meanwhile were not heard. */
  resync: undefined;
};

export type NotificationServiceEvent = keyof NotificationServiceEvents;

export type NotificationServiceOptions = {
  /** Where userId and departmentId are read (default: localStorage). */
  storage?: Pick<Storage, 'getItem'> | null;
  /** The request helper for the lists, delete and read calls (default: api-client's `notificationRequest`). */
  request?: RequestFn;
  /** Opens an event stream (default: the fetch-based reader). */
  openStream?: EventStreamFactory;
  /** Builds a stream's URL from its path (default: api-client's apiUrl). */
  streamUrl?: (path: string) => string;
  /**
   * Called when a stream answers 401; true means the stream may be requested again. The default
   * asks for the user's list through the request helper, so api-client's single-flight
   * 401 → restore-session → retry (and, when that fails, its logout path) is shared with every
   * other call: two restores with the same rotating refresh token would revoke the session.
   */
  restoreSession?: () => Promise<boolean>;
  /**
   * Called when a stream still answers 401 after the session was restored (default: api-client's
   * expireSession). Not called when the restore itself failed: api-client has ended the session then.
   */
  onUnauthorized?: () => unknown;
  timers?: Timers;
  /** Visibility changes (default: document). */
  document?: VisibilitySource | null;
  /** Unload and user-gesture events (default: window). */
  window?: Listenable | null;
  /** Desktop notifications (default: the browser's Notification API, when present). */
  desktop?: DesktopNotifier | null;
  /** Plays the chosen sound (see createSoundPlayer). */
  sound?: { play: () => unknown } | null;
  /** Shows a toast for a new notification. */
  toast?: (notification: Notification) => void;
  /** Opens a notification's link when its desktop notification is clicked. */
  openLink?: (link: string) => void;
};

type StreamKind = 'user' | 'department';
type Mode = 'idle' | 'streaming' | 'waiting' | 'polling' | 'stopped';
type Listener<E extends NotificationServiceEvent> = (payload: NotificationServiceEvents[E]) => void;

const GESTURE_EVENTS = ['pointerdown', 'keydown'] as const;
const UNLOAD_EVENTS = ['pagehide', 'beforeunload'] as const;

/**
 * The live-notification client (spec sections 4, 7, 8 and 9): history, the user and department
 * streams with reconnect and backoff, polling as the fallback, a forced reconnect every 30 minutes,
 * visibility and unload handling, and the list calls. Framework-free: a store listens to its events.
 */
export class NotificationService {
  private readonly storage: Pick<Storage, 'getItem'> | null;
  private readonly request: RequestFn;
  private readonly openStream: EventStreamFactory;
  private readonly streamUrl: (path: string) => string;
  private readonly customRestore: (() => Promise<boolean>) | null;
  private readonly onUnauthorized: () => unknown;
  private readonly timers: Timers;
  private readonly visibility: VisibilitySource | null;
  private readonly win: Listenable | null;
  private readonly desktop: DesktopNotifier | null;
  private readonly sound: { play: () => unknown } | null;
  private readonly toast: ((notification: Notification) => void) | null;

  private readonly listeners = new Map<NotificationServiceEvent, Set<Listener<NotificationServiceEvent>>>();
  private readonly seen = new Set<string>();
  private readonly streams: Partial<Record<StreamKind, EventStreamHandle>> = {};
  private readonly lastEventIds: Record<StreamKind, string> = { user: '', department: '' };
  private liveBeforeHistory: Notification[] | null = [];
  private userId = '';
  private departmentId: string | null = null;
  private status: ConnectionStatus = 'disconnected';
  private mode: Mode = 'idle';
  private generation = 0;
  private reconnectAttempts = 0;
  private pollCount = 0;
  private reconnectTimer: unknown = null;
  private pollTimer: unknown = null;
  private forcedTimer: unknown = null;
  private initializing: Promise<void> | null = null;
  private destroyed = false;
  private sessionEnded = false;
  private userStreamOpened = false;

  constructor(options: NotificationServiceOptions = {}) {
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.request = options.request ?? defaultRequest;
    this.openStream = options.openStream ?? openEventStream;
    this.streamUrl = options.streamUrl ?? apiUrl;
    this.customRestore = options.restoreSession ?? null;
    this.onUnauthorized = options.onUnauthorized ?? expireSession;
    this.timers = options.timers ?? globalTimers;
    this.visibility =
      options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document;
    this.win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window;
    this.desktop = options.desktop === undefined ? browserDesktopNotifier(options.openLink) : options.desktop;
    this.sound = options.sound ?? null;
    this.toast = options.toast ?? null;
  }

  /** Subscribes to an event; returns the unsubscribe. */
  on<E extends NotificationServiceEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<NotificationServiceEvent>);
    return () => this.off(event, listener);
  }

  off<E extends NotificationServiceEvent>(event: E, listener: Listener<E>): void {
    this.listeners.get(event)?.delete(listener as Listener<NotificationServiceEvent>);
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  /**
   * Reads userId (required) and departmentId from storage, opens the streams and loads the
   * history. Rejects with the spec's message when there is no userId. Runs once.
   */
  initialize(): Promise<void> {
    this.initializing ??= this.start();
    return this.initializing;
  }

  private async start(): Promise<void> {
    if (this.destroyed) throw new Error('The notification service was destroyed.');
    const userId = this.storage?.getItem(STORAGE_KEYS.userId)?.trim();
    if (!userId) {
      const error = new Error(MISSING_USER_ID_MESSAGE);
      this.emit('error', error);
      throw error;
    }
    this.userId = userId;
    this.departmentId = this.storage?.getItem(STORAGE_KEYS.departmentId)?.trim() || null;
    this.addDomListeners();
    this.openStreams();
    this.forcedTimer = this.timers.setInterval(() => this.reconnectNow(), FORCED_RECONNECT_MS);
    await this.loadHistory();
  }

  /**
   * Reads the lists again and reopens the streams from where they were. The server writes each
   * notification in the reader's language (issue 29): after a change of language the bell shows
   * them in the new one at once, the live ones too.
   */
  async refresh(): Promise<void> {
    if (this.destroyed || !this.userId || this.mode === 'idle' || this.mode === 'stopped') return;
    this.reconnectNow();
    await this.loadHistory();
  }

  private async loadHistory(): Promise<void> {
    let history: Notification[];
    try {
      history = await fetchNotificationLists(this.request, this.userId, this.departmentId);
    } catch (error) {
      console.warn('Could not load the notification history; showing none.', error);
      history = [];
    }
    if (this.destroyed) return;
    const merged = mergeNotifications(this.liveBeforeHistory ?? [], history);
    this.liveBeforeHistory = null;
    for (const notification of merged) this.seen.add(notification.id);
    this.emit('history', merged);
  }

  /** Marks one read: at once locally (the 'read' event), then persisted on the server. */
  async markAsRead(id: string): Promise<boolean> {
    this.emit('read', id);
    try {
      await this.request(NOTIFICATION_PATHS.read(id), { method: 'POST' });
      return true;
    } catch (error) {
      console.error(`Could not save notification ${id} as read.`, error);
      return false;
    }
  }

  /** Marks all read: at once locally (the 'readAll' event), then persisted on the server. */
  async markAllAsRead(): Promise<boolean> {
    this.emit('readAll', undefined);
    try {
      await this.request(NOTIFICATION_PATHS.readAll, { method: 'POST' });
      return true;
    } catch (error) {
      console.error('Could not save all notifications as read.', error);
      return false;
    }
  }

  /** Deletes one; a 404 counts as already deleted. Other failures: logged, an error event, false. */
  async deleteNotification(id: string): Promise<boolean> {
    try {
      await this.request(NOTIFICATION_PATHS.one(id), { method: 'DELETE' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!message.includes('404')) {
        console.error(`Could not delete notification ${id}.`, error);
        this.emit('error', new Error(DELETE_FAILED_MESSAGE));
        return false;
      }
    }
    this.emit('deleted', id);
    return true;
  }

  /** Closes the streams, stops every timer and listener. The service cannot be started again. */
  destroy(): void {
    if (this.destroyed) return;
    this.closeStreams();
    this.clearReconnectAndPolling();
    if (this.forcedTimer !== null) this.timers.clearInterval(this.forcedTimer);
    this.forcedTimer = null;
    this.removeDomListeners();
    this.mode = 'stopped';
    this.setStatus('disconnected');
    this.destroyed = true;
    this.listeners.clear();
  }

  // --- streams -------------------------------------------------------------------------------

  private openStreams(): void {
    this.closeStreams();
    this.clearReconnectAndPolling();
    const generation = this.generation;
    this.mode = 'streaming';
    this.setStatus('connecting');
    this.openOne('user', NOTIFICATION_PATHS.userStream(this.userId), generation);
    if (this.departmentId) {
      this.openOne('department', NOTIFICATION_PATHS.departmentStream(this.departmentId), generation);
    }
  }

  private openOne(kind: StreamKind, path: string, generation: number): void {
    const lastEventId = this.lastEventIds[kind];
    const url = this.streamUrl(path) + (lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '');
    this.streams[kind] = this.openStream({
      url,
      restoreSession: this.restoreForStream,
      onOpen: () => {
        if (generation !== this.generation || kind !== 'user') return;
        this.reconnectAttempts = 0;
        this.setStatus('connected');
        if (this.userStreamOpened) this.emit('resync', undefined);
        this.userStreamOpened = true;
      },
      onEvent: (event) => {
        if (generation === this.generation) this.handleEvent(kind, event);
      },
      onPosition: (lastEventId) => {
        if (generation === this.generation && lastEventId) this.lastEventIds[kind] = lastEventId;
      },
      onFailure: (failure) => {
        if (generation === this.generation) this.handleFailure(failure);
      },
    });
  }

  private closeStreams(): void {
    this.generation += 1; // late callbacks of the old streams are ignored
    for (const kind of ['user', 'department'] as const) {
      this.streams[kind]?.close();
      delete this.streams[kind];
    }
  }

  private handleEvent(kind: StreamKind, event: SseEvent): void {
    if (event.lastEventId) this.lastEventIds[kind] = event.lastEventId;
    if (event.event === 'change') {
      if (kind === 'user') this.emit('changes', event.data);
      return;
    }
    if (event.event !== 'message' && event.event !== 'notification') return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch (error) {
      console.error('A notification message could not be parsed and was skipped.', error, event.data);
      return;
    }
    const parsed = notificationSchema.safeParse(json);
    if (!parsed.success) {
      console.error('A notification message is invalid and was skipped.', parsed.error.issues);
      return;
    }
    this.receive(parsed.data);
  }

  private readonly restoreForStream = async (): Promise<boolean> => {
    if (this.customRestore) return this.customRestore();
    try {
      await this.request(NOTIFICATION_PATHS.userList(this.userId), { method: 'GET' });
      return true;
    } catch (error) {
      if (error instanceof UnauthorizedError || (error as { name?: unknown } | null)?.name === 'UnauthorizedError') {
        this.sessionEnded = true; // api-client could not restore it and has logged the user out
        return false;
      }
      return true; // not an auth problem: ask for the stream again and let its answer decide
    }
  };

  private handleFailure(failure: EventStreamFailure): void {
    this.closeStreams();
    if (failure.kind === 'unauthorized') {
      this.stop();
      if (this.sessionEnded) return;
      try {
        void Promise.resolve(this.onUnauthorized()).catch(() => undefined);
      } catch (error) {
        console.error('Ending the session after a stream 401 failed.', error);
      }
      return;
    }
    if (failure.kind === 'http' && failure.status === 423) {
      this.stop();
      this.emit('error', new Error('Forbidden - Access denied'));
      return;
    }
    console.warn('A notification stream failed.', failure);
    this.scheduleReconnect();
  }

  private stop(): void {
    this.clearReconnectAndPolling();
    this.mode = 'stopped';
    this.setStatus('disconnected');
  }

  /** Up to 5 attempts, 1 s doubling to a 30 s cap; then polling. */
  private scheduleReconnect(): void {
    if (this.reconnectAttempts >= MAX_RECONNECT_ATTEMPTS) {
      this.startPolling();
      return;
    }
    this.reconnectAttempts += 1;
    this.mode = 'waiting';
    this.setStatus('disconnected');
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.openStreams();
    }, reconnectDelay(this.reconnectAttempts));
  }

  /** Back to the streams at once with fresh counters (forced reconnect, tab visible, polls done). */
  private reconnectNow(): void {
    if (this.destroyed || this.mode === 'stopped') return;
    this.reconnectAttempts = 0;
    this.pollCount = 0;
    this.openStreams();
  }

  // --- polling -------------------------------------------------------------------------------

  private startPolling(): void {
    this.clearReconnectAndPolling();
    this.mode = 'polling';
    this.pollCount = 0;
    this.setStatus('polling');
    this.pollTimer = this.timers.setInterval(() => this.poll(), POLL_INTERVAL_MS);
  }

  private poll(): void {
    this.pollCount += 1;
    void fetchNotificationLists(this.request, this.userId, this.departmentId).then(
      (list) => {
        if (this.destroyed) return;
        for (const notification of [...list].reverse()) this.receive(notification);
      },
      (error: unknown) => console.warn('Polling for notifications failed.', error),
    );
    if (this.pollCount >= MAX_POLLS) this.reconnectNow();
  }

  private clearReconnectAndPolling(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    if (this.pollTimer !== null) this.timers.clearInterval(this.pollTimer);
    this.reconnectTimer = null;
    this.pollTimer = null;
  }

  // --- new notifications -----------------------------------------------------------------

  private receive(notification: Notification): void {
    if (this.destroyed || this.seen.has(notification.id)) return;
    this.seen.add(notification.id);
    this.liveBeforeHistory?.push(notification);
    this.emit('notification', notification);
    if (notification.isRead) return;
    this.safely('toast', () => this.toast?.(notification));
    this.safely('sound', () => this.sound?.play());
    this.safely('desktop notification', () => {
      if (this.desktop?.permission() === 'granted') this.desktop.show(notification);
    });
  }

  private safely(what: string, action: () => unknown): void {
    try {
      action();
    } catch (error) {
      console.warn(`The notification ${what} failed.`, error);
    }
  }

  // --- page events ----------------------------------------------------------------------------

  private readonly handleVisibility = () => {
    if (this.visibility?.visibilityState !== 'visible') return;
    const user = this.streams.user;
    if (!user || user.state === 'closed') this.reconnectNow();
  };

  private readonly handleUnload = () => {
    this.closeStreams();
    this.clearReconnectAndPolling();
    this.mode = 'idle';
    this.setStatus('disconnected');
  };

  private readonly handleGesture = () => {
    for (const type of GESTURE_EVENTS) this.win?.removeEventListener(type, this.handleGesture);
    const desktop = this.desktop;
    if (desktop?.permission() !== 'default') return;
    desktop.requestPermission().catch((error: unknown) => {
      console.warn('Asking for desktop notification permission failed.', error);
    });
  };

  private addDomListeners(): void {
    this.visibility?.addEventListener('visibilitychange', this.handleVisibility);
    for (const type of UNLOAD_EVENTS) this.win?.addEventListener(type, this.handleUnload);
    for (const type of GESTURE_EVENTS) this.win?.addEventListener(type, this.handleGesture);
  }

  private removeDomListeners(): void {
    this.visibility?.removeEventListener('visibilitychange', this.handleVisibility);
    for (const type of UNLOAD_EVENTS) this.win?.removeEventListener(type, this.handleUnload);
    for (const type of GESTURE_EVENTS) this.win?.removeEventListener(type, this.handleGesture);
  }

  // --- events ---------------------------------------------------------------------------------

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emit('status', status);
  }

  private emit<E extends NotificationServiceEvent>(event: E, payload: NotificationServiceEvents[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`A notification '${event}' listener failed.`, error);
      }
    }
  }
}

/** Creates a service (the factory form of `new NotificationService(options)`). */
export function createNotificationService(options: NotificationServiceOptions = {}): NotificationService {
  return new NotificationService(options);
}
