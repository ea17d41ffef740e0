import { DEFAULT_ERROR_MESSAGE } from './constants.js';

export type NotificationErrorInfo = {
  /** What the error banner shows. */
  message: string;
  /** Whether the 'Notification service error' toast shows too. */
  showToast: boolean;
};

const AUTH_TOKEN_MESSAGES = [/no auth(?:entication)? token (?:was )?found/i, /token is invalid/i, /invalid token/i];

/**
 * Spec section 8: the banner shows the message, or 'An error occurred with notifications' when
 * there is none; the toast shows unless the message says no auth token was found or the token is invalid.
 */
export function describeNotificationError(error: unknown): NotificationErrorInfo {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw.trim() === '' ? DEFAULT_ERROR_MESSAGE : raw;
  return { message, showToast: !AUTH_TOKEN_MESSAGES.some((pattern) => pattern.test(raw)) };
}
