import type { Notification } from '../../model/index.js';

/** A notification created `minutesAgo` before 2026-01-01T12:00:00Z. */
export function makeNotification(id: string, minutesAgo = 0, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Notification ${id}`,
    body: null,
    link: null,
    category: 'general',
    createdOn: new Date(Date.UTC(2026, 0, 1, 12, 0, 0) - minutesAgo * 60_000).toISOString(),
    isRead: false,
    ...overrides,
  };
}

export function makeMany(count: number, prefix = 'n'): Notification[] {
  return Array.from({ length: count }, (_, index) => makeNotification(`${prefix}${index}`, index));
}
