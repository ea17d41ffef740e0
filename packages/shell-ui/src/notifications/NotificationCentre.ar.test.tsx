import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@propdesk/i18n/react';
import { resetActiveNotifications } from '@propdesk/notifications-core/web';
import { shellCatalog } from '../i18n/catalog.js';
import { makeMany, renderBell } from './test-utils/harness.js';

afterEach(async () => {
  resetActiveNotifications();
  await setLanguage('en');
});

/** Latin words left in what a person reads (data such as notification titles aside, they are the test's). */
const latinWords = (text: string) => text.match(/[A-Za-z]{2,}/g) ?? [];

describe('the notification centre in Arabic (issue 29)', () => {
  it('says every word of its own in Arabic: heading, count, actions, filters, sound, times, item actions', async () => {
    await setLanguage('ar', [shellCatalog]);
    renderBell({ notifications: makeMany(2) });
    await userEvent.click(screen.getByRole('button', { name: /^الإشعارات/ }));
    const panel = await screen.findByRole('dialog', { name: 'الإشعارات' });
    expect(within(panel).getByTestId('notification-unread-count')).toHaveTextContent('2 غير مقروء');
    expect(within(panel).getByRole('button', { name: 'إغلاق الإشعارات' })).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'قائمة الإشعارات' })).toBeInTheDocument();
    expect(within(panel).getByRole('searchbox', { name: 'البحث في الإشعارات' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: /^تعليم «.+» كمقروء$/ })).toHaveLength(2);
    expect(within(panel).getAllByRole('button', { name: /^حذف «.+»$/ })).toHaveLength(2);
    // Everything but the notifications' own titles and bodies (the test's data).
    const own = panel.cloneNode(true) as HTMLElement;
    for (const item of own.querySelectorAll('[data-testid="notification-title"], [data-testid="notification-item"] p')) item.remove();
    expect(latinWords(own.textContent ?? '')).toEqual([]);
  });
});
