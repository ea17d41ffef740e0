import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseNotificationList } from './history.js';
import { mergeNotifications } from './notificationList.js';
import { makeNotification } from './test-utils/fixtures.js';

afterEach(() => vi.restoreAllMocks());

describe('parseNotificationList', () => {
  it('keeps valid notifications and logs and skips invalid ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const good = makeNotification('a');
    expect(parseNotificationList([good, { id: 1 }, { ...good, id: 'b', createdOn: 'yesterday' }])).toEqual([good]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reads an empty body as no notifications and refuses anything else', () => {
    expect(parseNotificationList({ status: 'OK', data: [], message: 'No data available' })).toEqual([]);
    expect(() => parseNotificationList('oops')).toThrow('The notification list is not an array.');
  });
});

describe('mergeNotifications', () => {
  it('keeps the first copy of each id and sorts newest first', () => {
    const merged = mergeNotifications(
      [makeNotification('a', 10), makeNotification('b', 5, { title: 'first copy' })],
      [makeNotification('b', 5, { title: 'second copy' }), makeNotification('c', 1)],
    );
    expect(merged.map((n) => [n.id, n.title])).toEqual([
      ['c', 'Notification c'],
      ['b', 'first copy'],
      ['a', 'Notification a'],
    ]);
  });
});
