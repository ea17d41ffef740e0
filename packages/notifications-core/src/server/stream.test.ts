import { describe, expect, it } from 'vitest';
import { formatMessage } from './stream.js';

describe('formatMessage', () => {
  const notification = {
    id: 'n1',
    title: 'Line one\nline two',
    body: null,
    link: null,
    category: 'announcement',
    createdOn: '2026-01-02T03:04:05.000Z',
    isRead: false,
    departmentId: 'd',
    seq: 42,
  };

  it('sends id = seq and one data line of JSON; the department stream names the event', () => {
    const user = formatMessage('user', notification);
    expect(user).toBe(`id: 42\ndata: ${JSON.stringify(notification)}\n\n`);
    expect(user.split('\n')).toHaveLength(4);
    expect(formatMessage('department', notification)).toBe(`id: 42\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
    expect(JSON.parse(user.split('\n')[1]!.slice('data: '.length))).toEqual(notification);
  });
});
