/** The numbers and texts of spec sections 4, 5, 8 and 9, in one place so tests can state them. */

/** Reconnect after a stream error: 1 s, doubling, capped at 30 s, at most 5 attempts. */
export const RECONNECT_INITIAL_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
/** Polling once the reconnect attempts are used up: every 30 s, 10 polls, then the streams again. */
export const POLL_INTERVAL_MS = 30_000;
export const MAX_POLLS = 10;
/** A forced reconnect every 30 minutes. */
export const FORCED_RECONNECT_MS = 1_800_000;

/** The store keeps at most 100; the list view shows at most 50. */
export const NOTIFICATION_LIST_CAP = 100;
export const NOTIFICATION_VISIBLE_LIMIT = 50;
export const SHOWING_FIRST_TEXT = `Showing first ${NOTIFICATION_VISIBLE_LIMIT} notifications`;
/** The bell badge shows 99+ above 99. */
export const BADGE_MAX = 99;
/** Search is applied after 300 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 300;

export const MISSING_USER_ID_MESSAGE = 'No user ID found in localStorage. User may not be logged in.';
export const DEFAULT_ERROR_MESSAGE = 'An error occurred with notifications';
export const SERVICE_ERROR_TOAST = 'Notification service error';
export const DELETE_FAILED_MESSAGE = 'Failed to delete notification. Please try again.';

/** Toast options for a notification, in notistack's shape: top-right, 3000 ms (spec section 9). */
export const NOTIFICATION_TOAST = {
  variant: 'info',
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 3000,
} as const;

/** Toast options for the 'Notification service error' toast. */
export const SERVICE_ERROR_TOAST_OPTIONS = { variant: 'error' } as const;

export const NOTIFICATION_PATHS = {
  userList: (userId: string) => `/api/notifications/user/${encodeURIComponent(userId)}`,
  departmentList: (departmentId: string) => `/api/notifications/department/${encodeURIComponent(departmentId)}`,
  userStream: (userId: string) => `/api/notifications/stream/${encodeURIComponent(userId)}`,
  departmentStream: (departmentId: string) =>
    `/api/notifications/stream/department/${encodeURIComponent(departmentId)}`,
  one: (id: string) => `/api/notifications/${encodeURIComponent(id)}`,
  read: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
  readAll: '/api/notifications/read-all',
} as const;

/** Reconnect delay before attempt `attempt` (1-based): 1000, 2000, 4000, 8000, 16000, … capped at 30000. */
export function reconnectDelay(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(RECONNECT_INITIAL_DELAY_MS * 2 ** exponent, RECONNECT_MAX_DELAY_MS);
}
