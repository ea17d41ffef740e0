import { notificationRequest } from '@propdesk/api-client';
import type { ServiceRequest } from '@propdesk/api-client';
import { notificationSchema } from '../model/index.js';
import type { Notification } from '../model/index.js';
import { NOTIFICATION_PATHS } from './constants.js';
import { mergeNotifications } from './notificationList.js';

/** The request helper the service uses (api-client's `notificationRequest` by default). */
export type RequestFn = ServiceRequest;

export const defaultRequest: RequestFn = notificationRequest;

/**
 * Validates a list answer item by item: one malformed notification is logged and left out
 * instead of hiding the whole list. A bare array is expected; an empty body reads as none.
 */
export function parseNotificationList(raw: unknown): Notification[] {
  const items: unknown = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data)
      ? (raw as { data: unknown[] }).data
      : null;
  if (!Array.isArray(items)) throw new Error('The notification list is not an array.');
  const list: Notification[] = [];
  for (const item of items) {
    const parsed = notificationSchema.safeParse(item);
    if (parsed.success) list.push(parsed.data);
    else console.warn('A notification in the list is invalid and was skipped.', parsed.error.issues);
  }
  return list;
}

/** The user's and (when there is one) the department's lists, merged, de-duplicated by id, newest first. */
export async function fetchNotificationLists(
  request: RequestFn,
  userId: string,
  departmentId: string | null,
): Promise<Notification[]> {
  const calls = [request(NOTIFICATION_PATHS.userList(userId), { method: 'GET' })];
  if (departmentId) calls.push(request(NOTIFICATION_PATHS.departmentList(departmentId), { method: 'GET' }));
  const answers = await Promise.all(calls);
  return mergeNotifications(...answers.map(parseNotificationList));
}
