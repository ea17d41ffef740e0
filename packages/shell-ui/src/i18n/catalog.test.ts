import { loadTranslator } from '@propdesk/i18n';
import { catalogProblems } from '@propdesk/i18n/testing';
import { describe, expect, it } from 'vitest';
import { shellCatalog } from './catalog.js';

describe("the shell's words (issue 29)", () => {
  it('has every word in Arabic and English, with the same parameters', async () => {
    expect(await catalogProblems(shellCatalog)).toEqual([]);
  });

  it('counts unread notifications with Arabic plural forms', async () => {
    const t = await loadTranslator(shellCatalog, 'ar');
    expect(t('notificationsUnread', { count: 0 })).toBe('الإشعارات، لا جديد');
    expect(t('notificationsUnread', { count: 2 })).toBe('الإشعارات، إشعاران غير مقروءين');
    expect(t('notificationsUnread', { count: 3 })).toBe('الإشعارات، ٣ إشعارات غير مقروءة');
    expect(t('notificationsUnread', { count: 11 })).toBe('الإشعارات، ١١ إشعارًا غير مقروء');
    const en = await loadTranslator(shellCatalog, 'en');
    expect(en('notificationsUnread', { count: 0 })).toBe('Notifications, none unread');
    expect(en('notificationsUnread', { count: 3 })).toBe('Notifications, 3 unread');
  });
});
