import { describe, expect, it } from 'vitest';
import { announcementRequestSchema, notificationListSchema, notificationSchema } from './index.js';

describe('notification schemas', () => {
  it('parses a notification as the server sends it, user- or department-targeted', () => {
    const base = { id: 'a', title: 'T', body: null, link: null, category: 'announcement', createdOn: '2026-01-02T03:04:05.000Z', isRead: false };
    expect(notificationSchema.parse({ ...base, userId: 'u', seq: 4 })).toMatchObject({ userId: 'u', seq: 4 });
    expect(notificationListSchema.parse([{ ...base, departmentId: 'd' }])).toHaveLength(1);
    expect(notificationSchema.safeParse({ ...base, createdOn: 'yesterday' }).success).toBe(false);
    expect(notificationSchema.safeParse({ ...base, isRead: 'no' }).success).toBe(false);
  });

  it('announcement: title 1..200, body ≤ 4000, a relative or https link, category defaults, exactly one target', () => {
    const target = { departmentId: 'd' };
    expect(announcementRequestSchema.parse({ title: ' Hi ', target })).toEqual({ title: 'Hi', category: 'announcement', target });
    expect(announcementRequestSchema.parse({ title: 'Hi', link: 'https://example.com/x', target: { userId: 'u' } }).link).toBe('https://example.com/x');
    expect(announcementRequestSchema.parse({ title: 'Hi', link: '/sales/leads', target }).link).toBe('/sales/leads');
    for (const bad of [
      { title: '', target },
      { title: 'x'.repeat(201), target },
      { title: 'ok', body: 'x'.repeat(4001), target },
      { title: 'ok', link: 'http://example.com', target },
      { title: 'ok', link: '//evil.example', target },
      { title: 'ok', link: 'javascript:alert(1)', target },
      { title: 'ok', target: { userId: 'u', departmentId: 'd' } },
      { title: 'ok', target: {} },
      { title: 'ok' },
    ]) {
      expect(announcementRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
