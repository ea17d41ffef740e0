import type { Notification } from '../model/index.js';
import { NOTIFICATION_LIST_CAP } from './constants.js';

const time = (notification: Notification) => Date.parse(notification.createdOn);

/** Newest first; equal times keep their order. */
export function sortNewestFirst(list: readonly Notification[]): Notification[] {
  return [...list].sort((a, b) => time(b) - time(a));
}

/** Merges lists, keeping the first copy of each id, newest first (spec section 7). */
export function mergeNotifications(...lists: readonly (readonly Notification[])[]): Notification[] {
  const seen = new Set<string>();
  const merged: Notification[] = [];
  for (const list of lists) {
    for (const notification of list) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      merged.push(notification);
    }
  }
  return sortNewestFirst(merged);
}

/** Adds the ones whose id is not present, newest first, capped at 100 (spec section 4). */
export function addNotifications(list: readonly Notification[], incoming: readonly Notification[]): Notification[] {
  return mergeNotifications(list, incoming).slice(0, NOTIFICATION_LIST_CAP);
}

export function countUnread(list: readonly Notification[]): number {
  return list.reduce((count, notification) => count + (notification.isRead ? 0 : 1), 0);
}
