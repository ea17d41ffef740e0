export {
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  MAX_RECONNECT_ATTEMPTS,
  POLL_INTERVAL_MS,
  MAX_POLLS,
  FORCED_RECONNECT_MS,
  NOTIFICATION_LIST_CAP,
  NOTIFICATION_VISIBLE_LIMIT,
  SHOWING_FIRST_TEXT,
  BADGE_MAX,
  SEARCH_DEBOUNCE_MS,
  MISSING_USER_ID_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  SERVICE_ERROR_TOAST,
  SERVICE_ERROR_TOAST_OPTIONS,
  DELETE_FAILED_MESSAGE,
  NOTIFICATION_TOAST,
  NOTIFICATION_PATHS,
  reconnectDelay,
} from './constants.js';
// The event-stream reader lives in api-client (every stream of the product uses it); kept here for the notification package's users.
export { createSseParser, openEventStream, STREAM_IDLE_TIMEOUT_MS } from '@propdesk/api-client';
export type { SseEvent, SseParser, SseParserHandlers } from '@propdesk/api-client';
export type {
  EventStreamFactory,
  EventStreamFailure,
  EventStreamHandle,
  EventStreamOptions,
  EventStreamState,
} from '@propdesk/api-client';
export { mergeNotifications, addNotifications, sortNewestFirst, countUnread } from './notificationList.js';
export { parseNotificationList, fetchNotificationLists } from './history.js';
export type { RequestFn } from './history.js';
export {
  notificationsSlice,
  DEFAULT_NOTIFICATION_FILTER,
  notificationsSet,
  notificationsAdded,
  notificationMarkedAsRead,
  allNotificationsMarkedAsRead,
  notificationRemoved,
  connectionStatusSet,
  loadingSet,
  notificationErrorSet,
  notificationErrorCleared,
  filterChanged,
  filterReset,
  soundSettingsChanged,
  notificationsReset,
} from './notificationsSlice.js';
export type {
  ConnectionStatus,
  NotificationFilter,
  NotificationSortBy,
  NotificationSortOrder,
  NotificationSoundSettings,
  NotificationsState,
  NotificationsRootState,
} from './notificationsSlice.js';
export {
  selectNotificationsState,
  selectNotificationList,
  selectUnreadCount,
  selectConnectionStatus,
  selectNotificationsLoading,
  selectNotificationError,
  selectNotificationFilter,
  selectSoundSettings,
  selectCanMarkAllAsRead,
  selectFilteredNotifications,
  selectVisibleNotifications,
  selectBadgeText,
  selectConnectionStatusInfo,
  filterNotifications,
  badgeText,
  connectionStatusInfo,
  formatRelativeTime,
} from './selectors.js';
export type { VisibleNotifications, ConnectionStatusInfo } from './selectors.js';
export { debounce } from './debounce.js';
export type { Debounced } from './debounce.js';
export { describeNotificationError } from './errors.js';
export type { NotificationErrorInfo } from './errors.js';
export {
  SOUND_NAMES,
  DEFAULT_SOUND,
  SOUND_STORAGE_KEYS,
  SOUND_TONES,
  readSoundSettings,
  createSoundPlayer,
} from './sounds.js';
export type { SoundName, SoundPlayer, SoundPlayerOptions, AudioContextLike } from './sounds.js';
export { NotificationService, createNotificationService } from './notificationService.js';
export type {
  NotificationServiceEvents,
  NotificationServiceEvent,
  NotificationServiceOptions,
} from './notificationService.js';
export { browserDesktopNotifier } from './browser.js';
export type { DesktopNotifier, Timers, VisibilitySource } from './browser.js';
export {
  connectServiceToStore,
  startNotifications,
  getActiveNotifications,
  initializeNotifications,
  stopNotifications,
  markNotificationAsRead,
  markAllNotificationsAsRead,
  deleteNotification,
  chooseNotificationSound,
  setNotificationSoundEnabled,
  watchNotificationSession,
  resetActiveNotifications,
} from './notificationsThunks.js';
export type {
  NotificationToastFn,
  NotificationToastOptions,
  StartNotificationsOptions,
  NotificationsHandle,
} from './notificationsThunks.js';
